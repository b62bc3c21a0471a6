// The "menuIcon" formatter: a menu's icon as the sidebar draws it, beside the stored class list (menu list, top menus).

import type { Formatter } from '@ride-console/runtime';
import { Space } from 'antd';
import { MenuIcon } from '../../menu/menu-icon';

export const menuIconFormat: Formatter = {
  Cell: ({ value }) => {
    const source = typeof value === 'string' ? value : '';
    // Buttons have no icon: an empty cell, not the fallback icon.
    if (!source) return null;
    return (
      <Space size={6}>
        <MenuIcon name={source} style={{ fontSize: 16 }} />
        <span>{source}</span>
      </Space>
    );
  },
};
