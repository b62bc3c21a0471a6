// Menu search as a top autocomplete and as a dialog; choosing an entry opens it and clears the box (spec §2).
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from '@ride-console/runtime/shell';
import { AutoComplete, Button, Tooltip } from 'antd';
import { lazy, Suspense, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { type MenuEntry, pathWithQuery } from '../menu/menu-entry';
import { searchMenu } from '../menu/menu-search';
import { useMenu } from '../menu/menu-store';
import { useMenuTitle } from '../menu/menu-title';

// The dialog (antd's Modal and the result list) loads when it first opens, not with every screen.
const MenuSearchModal = lazy(() => import('./MenuSearchModal'));

let dialogOpen = false;
const listeners = new Set<() => void>();
function setDialogOpen(open: boolean): void {
  dialogOpen = open;
  for (const listener of listeners) listener();
}
/** The tag bar's search action opens the same dialog. */
export const openMenuSearch = () => setDialogOpen(true);
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function useOpenEntry(): (entry: MenuEntry) => void {
  const navigate = useNavigate();
  return (entry) => {
    if (entry.newWindow) window.open(entry.path, '_blank', 'noopener');
    else navigate(pathWithQuery(entry));
  };
}

export function MenuSearchBox() {
  const { t } = useTranslation('shell');
  const { entries } = useMenu();
  const title = useMenuTitle();
  const openEntry = useOpenEntry();
  const [text, setText] = useState('');
  const matches = searchMenu(entries, text, title);
  return (
    <AutoComplete
      className="top-search"
      value={text}
      onChange={setText}
      options={matches.map((entry) => ({ value: entry.id, label: title(entry) }))}
      onSelect={(id: string) => {
        const entry = matches.find((item) => item.id === id);
        setText('');
        if (entry) openEntry(entry);
      }}
      placeholder={t('search.placeholder')}
      aria-label={t('search.placeholder')}
      allowClear
      style={{ width: 200 }}
    />
  );
}

export function MenuSearchDialog() {
  const { t } = useTranslation('shell');
  const open = useSyncExternalStore(subscribe, () => dialogOpen);
  const openEntry = useOpenEntry();
  // Once opened, the dialog stays drawn, so it closes with antd's animation.
  const opened = useRef(false);
  opened.current ||= open;
  return (
    <>
      <Tooltip title={t('search.title')}>
        <Button type="text" icon={<SearchOutlined />} aria-label={t('search.title')} onClick={openMenuSearch} />
      </Tooltip>
      {opened.current ? (
        <Suspense fallback={null}>
          <MenuSearchModal open={open} onClose={() => setDialogOpen(false)} onOpen={openEntry} />
        </Suspense>
      ) : null}
    </>
  );
}
