// The areas' walls (server/README.md, "Areas"): each area imports only the areas below it, the console and the
// runtime never import the server, the money folders import in one direction (each only the layers below it), the
// console reaches the runtime only through its package's exports, and the runtime's shell part imports nothing of the
// screens (runtime/README.md, "Entries"). Every way of importing counts: static, import() of a string or a template,
// require, and a require made with createRequire.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { crossings, importsOf, readImports, runtimePackage } from './imports.js';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const imports = readImports(root);

describe('the areas of the code', () => {
  it('are kept: no import crosses a wall and the money folders import in one direction', () => {
    expect(imports.length).toBeGreaterThan(1000);
    expect(crossings(imports)).toEqual([]);
  });

  it('name a planted import of a domain module by the engine, with the area it may use', () => {
    const planted = { from: 'server/platform/engine/define.ts', to: 'server/system/permissions/grants.js' };
    expect(crossings([planted])).toEqual([
      'server/platform/engine/define.ts imports server/system/permissions/grants.js: platform may import platform, runtime, facts, not system',
    ]);
  });

  it('name a planted circle between money folders, a money folder importing one above it, and a console import of the server', () => {
    const planted = [
      { from: 'server/money/wallets/ledger.ts', to: 'server/money/reports/day-figures.js' },
      { from: 'server/money/reports/day-figures.ts', to: 'server/money/wallets/ledger.js' },
      { from: 'src/menu/menu-names-en.ts', to: 'server/seed/menu-tree' },
    ];
    const found = crossings(planted);
    expect(found).toContain(
      'money folders reports, wallets import each other in a circle: reports → wallets, wallets → reports',
    );
    expect(found).toContain(
      "server/money/wallets/ledger.ts imports server/money/reports/day-figures.js: money's wallets may import approvals, payments, events, not reports",
    );
    expect(found).toContain(
      'src/menu/menu-names-en.ts imports server/seed/menu-tree: console may import console, runtime, facts, locales, not seed',
    );
  });

  it("let the console import the runtime by its package's exports, and name each way of reaching past them", () => {
    const file = 'src/views/studio/Planted.tsx';
    const planted = [
      "import { checkPage } from '@ride-console/runtime/studio';",
      "import { CrudPage } from '../../../runtime/crud/CrudPage';",
      "export { registry } from '@ride-console/runtime/registry';",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the planted source's own template literal
      'const Block = lazy(() => import(`../../../runtime/blocks/${kind}/Block`));',
      'const page = await import(pageModule);',
      "const require = createRequire(import.meta.url);\nconst names = require('../../../runtime/registry-names');",
      "const schema = createRequire(import.meta.url)('../../../runtime/schema/page.schema.json');",
      'const limits = require(`../../../runtime/schema/limits`);',
    ].join('\n');
    const found = crossings(importsOf(file, planted));
    const exportsList =
      '@ride-console/runtime, @ride-console/runtime/shell, @ride-console/runtime/widgets, @ride-console/runtime/studio';
    const past = (to: string) =>
      `${file} imports ${to}: the console imports the runtime only through its exports (${exportsList})`;
    expect(found).toEqual([
      past('runtime/crud/CrudPage'),
      `${file} imports @ride-console/runtime/registry: not an export of the runtime (${exportsList})`,
      past('runtime/blocks'),
      `${file} imports a path computed at run time (import(…)): the console writes its imports out`,
      past('runtime/registry-names'),
      past('runtime/schema/page.schema.json'),
      past('runtime/schema/limits'),
    ]);
    // The exports themselves are the files runtime/package.json names.
    expect(runtimePackage.entries['@ride-console/runtime/studio']).toBe('runtime/studio.ts');
  });

  it("name a planted import of the screens by the runtime's shell part, and let the server keep its node-side imports", () => {
    const found = crossings([
      ...importsOf('runtime/i18n/texts.ts', "import { registry } from '../registry';"),
      ...importsOf('runtime/http/client.ts', "const { DefinitionScreen } = await import('../page/DefinitionPage');"),
      ...importsOf(
        'server/system/studio/checks.ts',
        "import { checkPage } from '../../../runtime/schema/check-page.js';",
      ),
    ]);
    expect(found).toEqual([
      "runtime/i18n/texts.ts imports runtime/registry: the runtime's shell part imports only runtime/shell, runtime/client, runtime/http/, runtime/i18n/texts, runtime/i18n/locale-files, runtime/i18n/locale-table, runtime/i18n/runtime-texts, runtime/page/chunk-load, runtime/page/ready-lazy",
      "runtime/http/client.ts imports runtime/page/DefinitionPage: the runtime's shell part imports only runtime/shell, runtime/client, runtime/http/, runtime/i18n/texts, runtime/i18n/locale-files, runtime/i18n/locale-table, runtime/i18n/runtime-texts, runtime/page/chunk-load, runtime/page/ready-lazy",
    ]);
  });

  it('read the imports of every kind from the real files: the package names, import(), require and createRequire', () => {
    const kinds = (test: (to: string, specifier?: string) => boolean) =>
      imports.filter(({ to, specifier }) => test(to, specifier)).length;
    expect(kinds((_, specifier) => specifier?.startsWith('@ride-console/runtime') === true)).toBeGreaterThan(50);
    // server/seed/regions.ts reads its divisions with a require made by createRequire, by a template literal.
    expect(imports).toContainEqual({ from: 'server/seed/regions.ts', to: 'server/seed/china-regions' });
  });
});
