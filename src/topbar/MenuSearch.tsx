// Menu search as a top autocomplete and as a dialog; choosing an entry opens it and clears the box (spec §2).
import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Input, Modal, Tooltip } from 'antd';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '../../runtime/i18n/texts';
import { type MenuEntry, pathWithQuery } from '../menu/menu-entry';
import { searchMenu } from '../menu/menu-search';
import { useMenu } from '../menu/menu-store';
import { useMenuTitle } from '../menu/menu-title';

// The dialog's result list loads when the dialog first opens, not with every screen.
const MenuSearchResults = lazy(() => import('./MenuSearchResults'));

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
  const { entries } = useMenu();
  const title = useMenuTitle();
  const openEntry = useOpenEntry();
  const [text, setText] = useState('');
  const matches = searchMenu(entries, text, title);
  const close = () => {
    setText('');
    setDialogOpen(false);
  };
  return (
    <>
      <Tooltip title={t('search.title')}>
        <Button type="text" icon={<SearchOutlined />} aria-label={t('search.title')} onClick={openMenuSearch} />
      </Tooltip>
      <Modal open={open} onCancel={close} footer={null} title={t('search.title')} destroyOnHidden>
        <Input
          autoFocus
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
          placeholder={t('search.placeholder')}
          prefix={<SearchOutlined />}
        />
        <Suspense fallback={null}>
          <MenuSearchResults
            matches={matches}
            searched={text !== ''}
            onOpen={(entry) => {
              close();
              openEntry(entry);
            }}
          />
        </Suspense>
      </Modal>
    </>
  );
}
