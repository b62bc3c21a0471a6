// The areas' walls (server/README.md, "Areas"): each area imports only the areas below it, the console and the
// runtime never import the server, and the money folders import in one direction (each only the layers below it).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { crossings, readImports } from './imports.js';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const imports = readImports(root);

/** Crossings met when the areas were drawn, each to be mended; the list only shrinks. */
const STILL_CROSSING = [
  'server/platform/engine/define.ts imports server/system/auth/buttons.js',
  'server/platform/engine/define.ts imports server/system/permissions/grants.js',
  'server/platform/engine/scope.ts imports server/system/permissions/data-scope.js',
  'server/platform/http/errors.ts imports server/system/logs/error-log.js',
  'server/platform/http/made-text.ts imports server/system/logs/api-titles-en.js',
  'server/platform/http/messages-en.ts imports server/seed/dictionary-files.js',
  'server/platform/http/messages-en.ts imports server/system/sms/refusals.js',
  'server/rental/locks/unlock.ts imports server/money/orders/app-routes.js',
  'server/rental/locks/unlock.ts imports server/money/orders/status.js',
  'server/system/auth/grants.ts imports server/rental/customers/app-login.js',
  'server/system/depts/picker.ts imports server/rental/business/company.js',
  'server/system/flow/assignment.ts imports server/seed/organisation.js',
  'server/system/flow/assignment.ts imports server/seed/site-manager.js',
  'server/system/flow/company.ts imports server/seed/organisation.js',
  'server/system/flow/engine.ts imports server/seed/organisation.js',
  'server/system/flow/lists.ts imports server/seed/organisation.js',
  'server/system/logs/api-titles-en.ts imports server/seed/menu-tree.js',
  'server/system/menus/grant-routes.ts imports server/rental/business/app-menu-grants.js',
  'server/system/roles/grant.ts imports server/rental/business/app-menu-grants.js',
  'server/system/studio/resource-draft.ts imports server/seed/dictionary-files.js',
  'server/system/studio/resource-draft.ts imports server/seed/system-dictionaries.js',
  'src/menu/menu-names-en.ts imports server/seed/menu-tree',
  'runtime/schema/compiled.ts imports scripts/definition-validator',
];

describe('the areas of the code', () => {
  it('are kept: no import crosses a wall and the money folders import in one direction', () => {
    expect(imports.length).toBeGreaterThan(1000);
    expect(crossings(imports).filter((line) => !STILL_CROSSING.some((known) => line.startsWith(`${known}`)))).toEqual(
      [],
    );
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
      'src/menu/menu-names-en.ts imports server/seed/menu-tree: console may import console, runtime, facts, not seed',
    );
  });
});
