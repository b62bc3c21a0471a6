// The sidebar shows each menu entry's own icon: seeded names at once, any other antd name once the icon set loads.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MenuIcon } from '../../src/menu/menu-icon';

describe('menu icons', () => {
  it('shows a seeded icon by its name', () => {
    render(<MenuIcon name="PaperClipOutlined" />);
    expect(screen.getByRole('img', { name: 'paper-clip' })).toBeTruthy();
  });

  it('loads an icon the seed does not use', async () => {
    render(<MenuIcon name="RocketOutlined" />);
    expect(await screen.findByRole('img', { name: 'rocket' })).toBeTruthy();
  });

  it('falls back to the app icon for an unknown name', () => {
    render(<MenuIcon name="NoSuchOutlined" />);
    expect(screen.getByRole('img', { name: 'appstore' })).toBeTruthy();
  });
});
