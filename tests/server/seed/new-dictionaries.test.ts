// A database seeded by an earlier version gets the dictionaries added since on its next start, and keeps what its
// administrators did to the ones it has.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDatabase } from '../../../server/seed/index.js';
import { call, signIn, startTestServer, type TestServer } from '../harness.js';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await signIn(server);
});
afterAll(() => server.close());

const labels = async (code: string) => {
  const res = await call(server, 'GET', `/api/blade-system/dict/dictionary?code=${code}`, { token });
  return (res.json().data as { dictValue: string }[]).map((item) => item.dictValue);
};

it('adds on start a dictionary the database never had, once, and leaves edited and deleted ones alone', async () => {
  const { db } = server.ctx;
  // As an earlier version left it: no withdrawal states yet.
  await db.deleteFrom('blade_dict').where('code', '=', 'withdrawal_state').execute();
  expect(await labels('withdrawal_state')).toEqual([]);
  // An administrator renamed a shift and deleted the coupon kinds.
  await db
    .updateTable('blade_dict')
    .set({ dictValue: '早班 (7:00)' })
    .where('code', '=', 'shift')
    .where('dictKey', '=', '1')
    .execute();
  await db.updateTable('blade_dict').set({ isDeleted: 1 }).where('code', '=', 'coupon_kind').execute();

  await Promise.all([seedDatabase(server.ctx), seedDatabase(server.ctx)]);

  expect(await labels('withdrawal_state')).toEqual(['待审核', '打款中', '已打款', '已驳回', '打款失败']);
  const roots = await db
    .selectFrom('blade_dict')
    .select('id')
    .where('code', '=', 'withdrawal_state')
    .where('parentId', '=', 0)
    .execute();
  expect(roots).toHaveLength(1);
  expect((await labels('shift'))[0]).toBe('早班 (7:00)');
  expect(await labels('coupon_kind')).toEqual([]);
});
