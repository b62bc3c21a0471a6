// The menu tree with one submenu open at a time (spec §2); open-type 2 entries open a new window.
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { type MenuEntry, pathWithQuery } from '../menu/menu-entry';
import { MenuIcon } from '../menu/menu-icon';
import { useMenu } from '../menu/menu-store';
import { useMenuTitle } from '../menu/menu-title';
import { useThemeChoice } from '../theme/theme-store';
import { lookOf } from '../theme/themes';

type Item = Required<MenuProps>['items'][number];

/** A top-level page shown as one item although it carries a generated index child. */
const singlePage = (entry: MenuEntry): MenuEntry | undefined =>
  entry.children.length === 1 && entry.children[0].path === `${entry.path.replace(/\/$/, '')}/index`
    ? entry.children[0]
    : undefined;

function findTrail(entries: MenuEntry[], key: string, trail: string[] = []): string[] | undefined {
  for (const entry of entries) {
    if (entry.id === key) return [...trail, entry.id];
    const found = findTrail(entry.children, key, [...trail, entry.id]);
    if (found) return found;
  }
  return undefined;
}

function findByPath(entries: MenuEntry[], pathname: string, search: string): MenuEntry | undefined {
  for (const entry of entries) {
    if (!entry.children.length && entry.path === pathname) {
      if (!entry.iframe || new URLSearchParams(search).get('src') === entry.query.src) return entry;
    }
    const found = findByPath(entry.children, pathname, search);
    if (found) return found;
  }
  return undefined;
}

/** A label too long for one line of the sidebar wraps (layout.css); hovering shows it whole in the collapsed menu. */
const whole = (label: string) => (
  <span className="console-menu-label" title={label}>
    {label}
  </span>
);

export function Sidebar({ collapsed, onNavigate }: { collapsed: boolean; onNavigate: () => void }) {
  const { side: entries } = useMenu();
  const title = useMenuTitle();
  const navigate = useNavigate();
  const location = useLocation();
  const { name } = useThemeChoice();
  const current = findByPath(entries, location.pathname, location.search);
  const [openKeys, setOpenKeys] = useState<string[]>([]);

  useEffect(() => {
    if (current) setOpenKeys(findTrail(entries, current.id)?.slice(0, -1) ?? []);
  }, [current, entries]);

  const { items, byId } = useMemo(() => {
    const byId = new Map<string, MenuEntry>();
    const toItem = (entry: MenuEntry): Item => {
      const page = singlePage(entry);
      const icon = <MenuIcon name={entry.icon} />;
      if (page || entry.children.length === 0) {
        byId.set((page ?? entry).id, page ?? entry);
        return { key: (page ?? entry).id, icon, label: whole(title(entry)) };
      }
      return {
        key: entry.id,
        icon,
        label: whole(title(entry)),
        children: entry.children.map(toItem),
      };
    };
    return { items: entries.map(toItem), byId };
  }, [entries, title]);

  const onOpenChange = (keys: string[]) => {
    const opened = keys.find((key) => !openKeys.includes(key));
    setOpenKeys(opened ? (findTrail(entries, opened) ?? [opened]) : keys);
  };

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const entry = byId.get(key);
    if (!entry) return;
    if (entry.newWindow) window.open(entry.path, '_blank', 'noopener');
    else navigate(pathWithQuery(entry));
    onNavigate();
  };

  return (
    <Menu
      mode="inline"
      theme={lookOf(name).menu}
      items={items}
      selectedKeys={current ? [current.id] : []}
      openKeys={collapsed ? undefined : openKeys}
      onOpenChange={onOpenChange}
      onClick={onClick}
      inlineCollapsed={collapsed}
    />
  );
}
