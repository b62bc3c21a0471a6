// A menu entry whose screen the console lacks shows the not-built page naming its path (every seeded menu has a
// screen today, so the shell's browser test has no such entry to open).
import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { NotBuilt } from '../../src/errors/NotBuilt';
import { setUpI18n } from '../../src/i18n';

it('says the screen is not built yet, naming the menu path', () => {
  setUpI18n();
  render(<NotBuilt path="/work/later" />);
  expect(screen.getByText('该页面尚未上线')).toBeTruthy();
  expect(screen.getByText('菜单 /work/later 的页面还没有开发完成,请先使用其他菜单。')).toBeTruthy();
});
