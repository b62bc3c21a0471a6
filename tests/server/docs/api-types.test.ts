// The console's wire types (runtime/http/openapi.d.ts) are what openapi-typescript makes of the server's document
// today: a route whose answer or input changed without `npm run api:types` fails here. The check runs in its own
// node process: inside the test runner, transforming the TypeScript compiler openapi-typescript loads takes half a
// minute, alone it takes two seconds.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { staleLine, typesFile } from '../../../scripts/api-types.js';

const root = join(import.meta.dirname, '..', '..', '..');

it('are generated from the server as it is now', () => {
  expect(readFileSync(typesFile, 'utf8')).toContain('"/api/blade-auth/oauth/token"');
  const check = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/api-types.ts', '--check'], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(check.stdout.trim() || 'up to date').toBe('up to date');
  expect(check.status).toBe(0);
}, 120000);

it('names the first line that differs', () => {
  expect(staleLine('a\nb\nc', 'a\nb\nc')).toBeUndefined();
  expect(staleLine('a\nb\nc', 'a\nx\nc')).toMatch(/^line 2 of .*openapi\.d\.ts differs: run npm run api:types$/);
});
