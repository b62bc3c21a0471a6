// The sidebar shows each menu entry's own icon: seeded names at once, any other antd name once the icon set loads;
// a BladeX class list (`el-icon-setting SettingOutlined`) shows its antd icon.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { antdIconName, MenuIcon } from '../../src/menu/menu-icon';

describe('menu icons', () => {
  it('shows a seeded icon by its name', () => {
    render(<MenuIcon name="PaperClipOutlined" />);
    expect(screen.getByRole('img', { name: 'paper-clip' })).toBeTruthy();
  });

  it('loads an icon the seed does not use', async () => {
    render(<MenuIcon name="RocketOutlined" />);
    expect(await screen.findByRole('img', { name: 'rocket' })).toBeTruthy();
  });

  it('draws the antd name of a class list, or the antd icon of a known element-ui class', () => {
    render(<MenuIcon name="el-icon-setting SettingOutlined" />);
    expect(screen.getByRole('img', { name: 'setting' })).toBeTruthy();
    expect(antdIconName('el-icon-user')).toBe('UserOutlined');
    expect(antdIconName('iconfont iconicon_boss')).toBeUndefined();
  });

  it('falls back to the app icon for an unknown name', () => {
    render(<MenuIcon name="NoSuchOutlined" />);
    expect(screen.getByRole('img', { name: 'appstore' })).toBeTruthy();
  });
});
