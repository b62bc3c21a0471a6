// The code each address of the signed-in console needs, from the finished bundle, for the early script to ask for at
// once (src/ahead/load-ahead.ts): the layout (and what it statically imports), the texts loaded beside it, the
// definition screens' machinery, and per address the page file with what it extends and the blocks its definition
// draws first, or the custom view registered for it. A file the entry already brings (index.html links it) is left
// out. Which lazily loaded part a definition draws first is said here, beside the runtime's own `lazy` imports of it
// (runtime/page/DefinitionPage.tsx, runtime/crud/CrudPage.tsx, runtime/blocks/): a block added there belongs here too.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Rollup } from 'vite';
import { MENU_TREE, type MenuSeed } from '../facts/menu-tree';
import { fileOf, resolveExtendsFrom } from '../runtime/page/extends';
import { baselinePageIds } from '../server/system/studio/baseline.js';
import type { CodeTable } from '../src/ahead/code-table';
import type { Language } from '../src/i18n/index';
import { ICON_SET_NAMES } from '../src/menu/icon-set-names';

const root = join(import.meta.dirname, '..');
/** The console's languages (src/i18n/index.ts), each with its own texts. */
const LANGUAGES: Language[] = ['zh', 'zh-Hant', 'en'];

/** The console's lazily loaded parts every signed-in address draws first. */
const CONSOLE = ['src/layout/MainLayout.tsx', 'src/menu/icon-sets/areas.ts'];
const DEFINITION = 'runtime/page/DefinitionPage.tsx';
/** A custom view's address and its lazily loaded screen (src/views/index.ts registers them). */
const VIEWS: Record<string, string> = { '/system/studio': 'src/views/studio/StudioView.tsx' };
/** What a block of a definition loads when drawn (runtime/page/DefinitionPage.tsx). */
const BLOCKS: Record<string, string[]> = {
  stats: ['runtime/blocks/stats/StatsBlock.tsx'],
  view: ['runtime/blocks/view/ViewBlock.tsx'],
  tabs: ['runtime/blocks/tabs/TabsBlock.tsx'],
  chart: ['runtime/blocks/chart/ChartBlock.tsx', 'runtime/blocks/chart/echarts.ts'],
};

interface Block {
  type?: string;
  kind?: string;
  leftTree?: unknown;
  tabs?: Array<{ blocks?: Block[] }>;
}

/** The source files a definition's first drawing loads lazily: its blocks' parts, the first tab's blocks included. */
function blockParts(blocks: Block[] | undefined): string[] {
  return (blocks ?? []).flatMap((block) => [
    ...(BLOCKS[block.type ?? ''] ?? []),
    ...(block.type === 'chart' && block.kind === 'map' ? ['runtime/blocks/chart/china.ts'] : []),
    ...(block.type === 'list' && block.leftTree ? ['runtime/crud/LeftTree.tsx'] : []),
    ...(block.type === 'tabs' ? blockParts(block.tabs?.[0]?.blocks) : []),
  ]);
}

/** The page files `pageId` reads (its own and those it extends) and the parts its blocks load, or none if unreadable. */
function definitionParts(pageId: string): string[] {
  const read: string[] = [];
  const readPage = (id: string): unknown => {
    read.push(fileOf(id));
    return JSON.parse(readFileSync(join(root, fileOf(id)), 'utf8'));
  };
  try {
    const page = resolveExtendsFrom(readPage(pageId), fileOf(pageId), readPage) as { blocks?: Block[] };
    return [...read, ...blockParts(page.blocks)];
  } catch {
    // A file being written is the console's to report when its screen opens.
    return [fileOf(pageId)];
  }
}

/**
 * The icon sets the sidebar draws at an address of the seeded menu: the entries of every group open on the way to it
 * (the areas' own icons come with the console), each icon from the set src/menu/menu-icon.tsx asks for. Without
 * them the sidebar's icons would be asked for only once the menu had answered: a wave of their own.
 */
function sidebarIconSets(path: string, menus: MenuSeed[] = MENU_TREE): string[] {
  const open = (list: MenuSeed[]): MenuSeed[][] | undefined => {
    for (const menu of list) {
      if (menu.path === path) return [];
      const below = open(menu.children ?? []);
      if (below) return [menu.children ?? [], ...below];
    }
    return undefined;
  };
  const chosen: string[] = [];
  for (const entry of (open(menus) ?? []).flat()) {
    const holding = Object.entries(ICON_SET_NAMES).filter(([, names]) => names.includes(entry.source));
    if (holding.length && !holding.some(([name]) => chosen.includes(name))) chosen.push(holding[0][0]);
  }
  return chosen.map((name) => `src/menu/icon-sets/${name}.ts`);
}

export function codeTable(bundle: Rollup.OutputBundle): CodeTable {
  const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const holding = new Map<string, Rollup.OutputChunk>();
  for (const chunk of chunks)
    for (const id of chunk.moduleIds) holding.set(relative(root, id.split('?')[0]).replace(/\\/g, '/'), chunk);

  /** A chunk's file with everything it imports statically, and their style sheets. */
  const closure = (chunk: Rollup.OutputChunk, into: Set<string>): Set<string> => {
    if (into.has(chunk.fileName)) return into;
    into.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) closure(imported, into);
    }
    return into;
  };
  const entry = closure(chunks.find((chunk) => chunk.isEntry) as Rollup.OutputChunk, new Set());
  const files: string[] = [];
  const indexes = (sources: string[]): number[] => {
    const wanted = new Set<string>();
    for (const source of sources) {
      const chunk = holding.get(source);
      if (chunk) closure(chunk, wanted);
    }
    return [...wanted]
      .filter((file) => !entry.has(file))
      .map((file) => {
        // Every chunk and style sheet is written under assets/: the table names them without it.
        const name = file.replace(/^assets\//, '');
        const at = files.indexOf(name);
        return at >= 0 ? at : files.push(name) - 1;
      });
  };

  // The list of the locale files past the sign-in page's comes with them (runtime/i18n/locale-files.ts).
  const texts = (language: string): string[] => [
    'runtime/i18n/locale-table.ts',
    ...[...new Set(['zh', language])].flatMap((each) =>
      ['runtime', 'views', 'menu', ...(each === 'zh' ? [] : ['shell'])].map((ns) => `locales/${each}/${ns}.json`),
    ),
  ];
  const table: CodeTable = {
    files,
    console: indexes(CONSOLE),
    texts: Object.fromEntries(
      LANGUAGES.map((language) => [
        language,
        indexes([
          ...texts(language),
          ...(language === 'en' ? ['src/menu/menu-names-en.ts'] : ['node_modules/dayjs/locale/zh-cn.js']),
        ]),
      ]),
    ),
    definition: indexes([DEFINITION]),
    screens: {},
  };
  for (const pageId of baselinePageIds())
    table.screens[`/${pageId}`] = {
      definition: true,
      files: indexes([...definitionParts(pageId), ...sidebarIconSets(`/${pageId}`)]),
    };
  // A custom view's layout asks for the definition screens' code as well (MainLayout's prepareDefinitionPage).
  for (const [path, view] of Object.entries(VIEWS))
    table.screens[path] = { definition: true, files: indexes([view, ...sidebarIconSets(path)]) };
  return table;
}
