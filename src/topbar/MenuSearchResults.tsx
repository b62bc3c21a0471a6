// The menu search dialog's results: the matching entries, or a hint while nothing is typed.

import { useTranslation } from '@ride-console/runtime/shell';
import { List } from 'antd';
import type { MenuEntry } from '../menu/menu-entry';
import { useMenuTitle } from '../menu/menu-title';

export default function MenuSearchResults(props: {
  matches: MenuEntry[];
  searched: boolean;
  onOpen: (entry: MenuEntry) => void;
}) {
  const { t } = useTranslation('shell');
  const title = useMenuTitle();
  return (
    <List
      className="menu-search-results"
      dataSource={props.matches}
      locale={{ emptyText: props.searched ? t('search.none') : t('search.hint') }}
      renderItem={(entry) => (
        <List.Item className="menu-search-item" onClick={() => props.onOpen(entry)}>
          {title(entry)}
        </List.Item>
      )}
    />
  );
}
