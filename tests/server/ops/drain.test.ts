// The graceful stop in one process: from the first moment not ready, still serving through the grace period, and
// once closed the work it held is handed back at once instead of when its lease runs out.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../../server/platform/db/index.js';
import { drain } from '../../../server/platform/ops/drain.js';
import { claimWork, instanceOf } from '../../../server/platform/work/claims.js';
import { call, signIn, startTestServer, type TestServer } from '../harness.js';

let server: TestServer;
let other: ReturnType<typeof openDatabase>;
let closed = false;

beforeAll(async () => {
  server = await startTestServer();
  // Another instance's view of the same database.
  other = openDatabase(server.databaseUrl);
});
afterAll(async () => {
  if (!closed) await server?.close();
  await other?.close();
});

it('turns unready at once, serves through the grace period, then hands back its work and closes', async () => {
  const token = await signIn(server);
  const piece = { kind: 'ops-drain-test', key: 'piece-1' };
  expect(await claimWork(server.ctx, piece, 600)).toBe(true);
  const held = () => other.db.selectFrom('blade_work_claim').select('holder').where('kind', '=', piece.kind).execute();
  expect(await held()).toEqual([{ holder: instanceOf(server.ctx) }]);

  const stopped = drain(server, 1000);
  const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
  expect(ready.statusCode).toBe(503);
  expect(ready.body).toBe('not ready: draining');
  // A request arriving during the grace period is answered as any other.
  const during = await call(server, 'GET', '/api/blade-system/param/list', { token });
  expect(during.statusCode).toBe(200);
  await stopped;
  closed = true;

  // Handed back: another instance may take the piece now, not in ten minutes.
  expect(await held()).toEqual([]);
  await expect(server.app.inject({ method: 'GET', url: '/healthz' })).rejects.toThrow();
});
