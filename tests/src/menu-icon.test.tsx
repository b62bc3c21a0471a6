// The sidebar shows each menu entry's own icon: a seeded name once its own small chunk loads, any other antd name once
// the icon set loads; a BladeX class list (`el-icon-setting SettingOutlined`) shows its antd icon.
import { cleanup, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { antdIconName, MenuIcon } from '../../src/menu/menu-icon';

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
