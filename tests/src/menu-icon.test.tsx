// The sidebar shows each menu entry's own icon: a seeded name once its group's set loads, any other antd name once
// the icon set loads; a BladeX class list (`el-icon-setting SettingOutlined`) shows its antd icon.
import { cleanup, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MENU_TREE, type MenuSeed } from '../../facts/menu-tree';
import { antdIconName, ICON_SETS, MenuIcon } from '../../src/menu/menu-icon';

describe('menu icons', () => {
  it('shows a seeded icon by its name, at once once it has loaded', async () => {
    render(<MenuIcon name="PaperClipOutlined" />);
    expect(await screen.findByRole('img', { name: 'paper-clip' })).toBeTruthy();
    cleanup();
    render(<MenuIcon name="PaperClipOutlined" />);
    expect(screen.getByRole('img', { name: 'paper-clip' })).toBeTruthy();
  });

  it('loads an icon the seed does not use', async () => {
    render(<MenuIcon name="RocketOutlined" />);
    expect(await screen.findByRole('img', { name: 'rocket' })).toBeTruthy();
  });

  it('draws the antd name of a class list, or the antd icon of a known element-ui class', async () => {
    render(<MenuIcon name="el-icon-setting SettingOutlined" />);
    expect(await screen.findByRole('img', { name: 'setting' })).toBeTruthy();
    expect(antdIconName('el-icon-user')).toBe('UserOutlined');
    expect(antdIconName('iconfont iconicon_boss')).toBeUndefined();
  });

  it('falls back to the app icon for an unknown name, and for none', async () => {
    render(<MenuIcon name="NoSuchOutlined" />);
    expect(await screen.findByRole('img', { name: 'appstore' })).toBeTruthy();
    cleanup();
    render(<MenuIcon name="iconfont iconicon_boss" />);
    expect(screen.getByRole('img', { name: 'appstore' })).toBeTruthy();
  });
});

describe('menu icon sets', () => {
  it('holds every icon the seeded menus use, each in the set that names it', async () => {
    const named = new Set(Object.values(ICON_SETS).flatMap((set) => set.names));
    const used = (menus: MenuSeed[]): string[] =>
      menus.flatMap((menu) => [antdIconName(menu.source) ?? '', ...used(menu.children ?? [])]);
    expect([...new Set(used(MENU_TREE))].filter((name) => !named.has(name))).toEqual([]);
    for (const set of Object.values(ICON_SETS)) expect(Object.keys(await set.load()).sort()).toEqual(set.names);
  });

  it("keeps a group's icons in one set, so opening a group loads one chunk", () => {
    const groups = (menus: MenuSeed[]): MenuSeed[][] =>
      menus.flatMap((menu) => (menu.children?.length ? [menu.children, ...groups(menu.children)] : []));
    const scattered = [MENU_TREE, ...groups(MENU_TREE)]
      // The areas' icons are drawn on every screen, so a group may use them beside its own set.
      .map((entries) =>
        entries
          .map((entry) => antdIconName(entry.source) ?? '')
          .filter((name) => !ICON_SETS.areas.names.includes(name)),
      )
      .filter((names) => !Object.values(ICON_SETS).some((set) => names.every((name) => set.names.includes(name))));
    expect(scattered).toEqual([]);
  });
});
