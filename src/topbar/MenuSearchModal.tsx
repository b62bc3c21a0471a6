// The menu search dialog's body: a search box and the matching entries. It loads when the dialog first opens.
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from '@ride-console/runtime/shell';
import { Input, Modal } from 'antd';
import { useState } from 'react';
import type { MenuEntry } from '../menu/menu-entry';
import { searchMenu } from '../menu/menu-search';
import { useMenu } from '../menu/menu-store';
import { useMenuTitle } from '../menu/menu-title';
import MenuSearchResults from './MenuSearchResults';

export default function MenuSearchModal(props: {
  open: boolean;
  onClose: () => void;
  onOpen: (entry: MenuEntry) => void;
}) {
  const { t } = useTranslation('shell');
  const { entries } = useMenu();
  const title = useMenuTitle();
  const [text, setText] = useState('');
  const matches = searchMenu(entries, text, title);
  const close = () => {
    setText('');
    props.onClose();
  };
  return (
    <Modal open={props.open} onCancel={close} footer={null} title={t('search.title')} destroyOnHidden>
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
      <MenuSearchResults
        matches={matches}
        searched={text !== ''}
        onOpen={(entry) => {
          close();
          props.onOpen(entry);
        }}
      />
    </Modal>
  );
}
