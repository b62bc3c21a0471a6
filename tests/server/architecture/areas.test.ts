// The areas' walls (server/README.md, "Areas"): each area imports only the areas below it, the console and the
// runtime never import the server, and the money folders import in one direction (each only the layers below it).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { crossings, readImports } from './imports.js';

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
});
