// Migration 0030_s on a database seeded before: the `flow` dictionary gains 付款审批 (key 2), so the workflow lists
// name a payout approval's process type; run twice, it adds it once.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { down, up } from '../../../server/platform/db/migrations/0030_s_payout_flow_category.js';
import { type Api, openApi } from '../engine/api.js';

let api: Api;
beforeAll(async () => {
  api = await openApi();
});
afterAll(async () => api?.close());

const items = () =>
  api.server.ctx.db
    .selectFrom('blade_dict')
    .select(['dictKey', 'dictValue', 'dictValueEn', 'remark'])
    .where('code', '=', 'flow')
    .where('parentId', '!=', 0)
    .orderBy('sort')
    .execute();

it('adds the payout approval process type to the flow dictionary of an older database, once', async () => {
  const db = api.server.ctx.db as unknown as Kysely<unknown>;
  await down(db);
  // The premise: the older database knows only leaves.
  expect((await items()).map((item) => item.dictKey)).toEqual(['1']);
  await up(db);
  await up(db);
  expect(await items()).toEqual([
    { dictKey: '1', dictValue: '请假流程', dictValueEn: 'Leave', remark: 'leave' },
    { dictKey: '2', dictValue: '付款审批', dictValueEn: 'Payout approval', remark: 'payout_approval' },
  ]);
});
