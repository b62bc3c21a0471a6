// A tour of every screen a page definition draws, as admin, in Chinese and then in English: each is
// photographed (tests/e2e/screenshots/tour/), no enumerated column shows a bare code for the seeded data, and the
// English screens carry no Chinese outside the data (table rows, the department tree, the signed-in person's name).
// On the way every screen, the sign-in page and the home screen pass the accessibility audit (axe-core: no critical or
// serious violation), in the default theme in Chinese and in the dark theme in English. The whole page (header, side
// menu, document rules) is audited on the home screen; on the other screens, what the screen draws.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './a11y/axe';
import { newPage, type OpenConsole, openConsole, root, screenshot } from './harness';

interface Column {
  field: string;
  label: { zh: string; en: string };
  list?: boolean;
  format?: string | { name: string };
}

const pagesDir = join(root, 'pages');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith('.json') ? [join(dir, entry.name)] : [],
  );
// Screens with a list; the dashboard, which has none, has its own browser test. Shared fragments are no screens, nor
// is a process's form (a list with a form and no api, pages/flow/forms/); a page that extends another is checked on
// the columns it writes itself.
const SCREENS = files(pagesDir).flatMap((file) => {
  if (relative(pagesDir, file).startsWith('_shared')) return [];
  const definition = JSON.parse(readFileSync(file, 'utf8')) as {
    extends?: string;
    blocks?: Array<{ type?: string; extends?: string; api?: unknown; columns?: Column[] }>;
  };
  const blocks = definition.blocks ?? [];
  const listed =
    definition.extends !== undefined || blocks.some((block) => (block.type === 'list' && block.api) || block.extends);
  if (!listed) return [];
  const enumerated = blocks
    .flatMap((block) => block.columns ?? [])
    .filter(
      (column) =>
        column.list !== false && typeof column.format === 'object' && ['dict', 'enum'].includes(column.format.name),
    );
  return [{ path: `/${relative(pagesDir, file).replace(/\.json$/, '')}`, enumerated }];
});

/** What a screen draws inside the shell. */
const SCREEN = '.console-content';

/** Where data shows: its text is whatever was stored, in whichever language. */
const DATA_AREAS = ['.ant-table-tbody', '.ant-tree', '.user-menu', '.ant-select-selection-item'];

let opened: OpenConsole;
let page: Page;

beforeAll(async () => {
  opened = await openConsole();
  ({ page } = opened);
});

afterAll(() => opened?.close());

async function open(path: string) {
  await page.goto(path);
  await page.locator('.console-content .ant-table-tbody').first().waitFor();
  await page.waitForLoadState('networkidle');
}

/** Cells of the named columns that hold a bare number instead of its label. */
function bareCodes(labels: string[]): Promise<string[]> {
  return page.evaluate((labels) => {
    const table = document.querySelector('.console-content .ant-table');
    if (!table) return ['no table'];
    const heads = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
    return labels.flatMap((label) => {
      const index = heads.indexOf(label);
      if (index < 0) return [`no column ${label}`];
      return [...table.querySelectorAll('tbody tr.ant-table-row')]
        .map((row) => row.children[index]?.textContent?.trim() ?? '')
        .filter((text) => /^-?\d+$/.test(text))
        .map((text) => `${label}: ${text}`);
    });
  }, labels);
}

/** Chinese text on screen outside the data areas. */
function chineseOutsideData(): Promise<string[]> {
  return page.evaluate((dataAreas) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !/[\u4e00-\u9fff]/.test(node.textContent ?? '')) continue;
      if (dataAreas.some((area) => parent.closest(area))) continue;
      if (parent.closest('[aria-hidden="true"], .ant-tooltip, .ant-message') || !parent.checkVisibility()) continue;
      found.push(`${node.textContent?.trim()} <${parent.className}>`);
    }
    return found;
  }, DATA_AREAS);
}

const shotName = (lang: string, path: string) => `tour/${lang}${path.replaceAll('/', '-')}`;

describe('sign-in', () => {
  it('passes the audit in both languages', async () => {
    const { context, page: signInPage } = await newPage(opened.browser, opened.server);
    try {
      await signInPage.goto('/login');
      await signInPage.getByPlaceholder('请输入账号').waitFor();
      expect(await seriousViolations(signInPage, 'zh /login')).toEqual([]);
      await signInPage.getByRole('button', { name: 'English' }).click();
      await signInPage.getByPlaceholder('Account').waitFor();
      expect(await seriousViolations(signInPage, 'en /login')).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

async function openHome() {
  await page.goto('/wel/index');
  await page.locator('.console-content .ant-statistic').first().waitFor();
  await page.waitForLoadState('networkidle');
}

describe('every screen in Chinese', () => {
  it('/wel/index passes the audit', async () => {
    await openHome();
    expect(await seriousViolations(page, 'zh /wel/index')).toEqual([]);
  });

  for (const { path, enumerated } of SCREENS) {
    it(`${path} shows labels, not codes`, async () => {
      await open(path);
      // Dictionaries load after the rows: poll until their labels have replaced the codes.
      await expect.poll(() => bareCodes(enumerated.map((column) => column.label.zh))).toEqual([]);
      expect(await seriousViolations(page, `zh ${path}`, SCREEN)).toEqual([]);
      await screenshot(page, shotName('zh', path));
    });
  }
});

describe('every screen in English', () => {
  it('switches to English', async () => {
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.locator('.console-sider .ant-menu-submenu-title', { hasText: 'System' }).waitFor();
  });

  it('switches to the dark theme, whose home screen passes the audit', async () => {
    await page.getByRole('button', { name: 'Choose a theme' }).click();
    const dark = page.locator('.ant-modal').getByRole('button', { name: 'Dark', exact: true });
    // The dialog zooms in; on a busy machine a click during the zoom can land beside the button, so it is pressed
    // until the theme has changed (choosing it twice is choosing it once).
    await expect
      .poll(async () => {
        await dark.click();
        return page.evaluate(() => document.body.className);
      })
      .toBe('theme-dark');
    await page.keyboard.press('Escape');
    await openHome();
    expect(await page.evaluate(() => document.body.className)).toBe('theme-dark');
    expect(await seriousViolations(page, 'en dark /wel/index')).toEqual([]);
  });

  for (const { path, enumerated } of SCREENS) {
    it(`${path} is in English outside its data`, async () => {
      await open(path);
      await expect.poll(() => bareCodes(enumerated.map((column) => column.label.en))).toEqual([]);
      expect(await chineseOutsideData()).toEqual([]);
      expect(await seriousViolations(page, `en dark ${path}`, SCREEN)).toEqual([]);
      await screenshot(page, shotName('en', path));
    });
  }
});
