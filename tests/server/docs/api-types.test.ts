// The console's wire types (runtime/http/openapi.d.ts) are what openapi-typescript makes of the server's document
// today: a route whose answer or input changed without `npm run api:types` fails here.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { apiTypes, serverDocument, typesFile } from '../../../scripts/api-types.js';

it('are generated from the server as it is now', async () => {
  const written = readFileSync(typesFile, 'utf8');
  expect(written).toContain('"/api/blade-auth/oauth/token"');
  const fresh = await apiTypes(await serverDocument());
  // Compared whole, but said as the first line that differs, so the failure is readable.
  const line = fresh.split('\n').findIndex((text, index) => text !== written.split('\n')[index]);
  expect(line === -1 ? 'up to date' : `line ${line + 1} differs: run npm run api:types`).toBe('up to date');
  expect(written).toBe(fresh);
}, 120000);
