// Migration 0029_r on a database from before: an abnormal refund it kept as paid out goes back to its order with the
// merchant ledger's refund_back, waits to be resolved, shows on the order, is found by phone, and the daily figures
// are emptied for the next start to rebuild them by the new rule (then they agree with the rows).
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rebuildFigures } from '../../../server/money/reports/figures-rebuild.js';
import { down, up } from '../../../server/platform/db/migrations/0029_r_failed_refunds.js';
import { type Api, openApi } from '../engine/api.js';
import { checkMoneyInvariants } from '../money/checks.js';

let api: Api;
beforeAll(async () => {
  api = await openApi();
});
afterAll(async () => api?.close());

it('gives a kept abnormal refund back to its order and leaves it to resolve', async () => {
  const db = api.server.ctx.db as unknown as Kysely<unknown>;
  await down(db);
  await sql`insert into biz_order (id, out_trade_no, transaction_id, customer_id, nickname, phone_number, equ_id,
      key_pair, site_id, site_name, dept_id, dept_name, type_id, pay_mode, first_minutes, unit_minutes, amount,
      total_amount, refunded_amount,
      act_amount, start_time, end_time, state, create_time)
    values (8801, 'P-OLD-8801', '4200008801', 1, '王女士', '13700008801', 1, 'TC-8801', 1, '站点', 1, '总部', 1, 1, 60, 30,
      9900, 9900, 7900, 2000, '2026-03-01 09:00:00', '2026-03-01 11:00:00', 7, '2026-03-01 09:00:00')`.execute(db);
  await sql`insert into biz_refund (id, order_id, out_trade_no, transaction_id, out_refund_no, amount, status, source,
      create_time)
    values (8811, 8801, 'P-OLD-8801', '4200008801', 'FP-OLD-8801', 7900, 3, 2, '2026-03-01 11:00:00')`.execute(db);
  await sql`insert into biz_ledger (id, account, kind, biz_no, person_delta, plat_delta, order_id, create_time)
    values (8821, 0, 'order_fee', 'P-OLD-8801', 2000, 0, 8801, '2026-03-01 11:00:00')`.execute(db);
  // The figures as the old rule kept them, the abnormal refund counted.
  await sql`insert into biz_day_figure (day, dept_id, site_id, equ_id, orders) values ('2026-03-01', 1, 1, 1, 1)`.execute(
    db,
  );
  await up(db);

  const order = await api.server.ctx.db
    .selectFrom('biz_order')
    .select(['refundedAmount', 'refundState'])
    .where('id', '=', 8801)
    .executeTakeFirstOrThrow();
  expect(order).toMatchObject({ refundedAmount: 0, refundState: 3 });
  const refund = await api.server.ctx.db
    .selectFrom('biz_refund')
    .select(['resolution', 'phoneNumber'])
    .where('id', '=', 8811)
    .executeTakeFirstOrThrow();
  expect(refund).toEqual({ resolution: 0, phoneNumber: '13700008801' });
  const back = await api.server.ctx.db
    .selectFrom('biz_ledger')
    .select('personDelta')
    .where('kind', '=', 'refund_back')
    .where('bizNo', '=', 'FP-OLD-8801')
    .executeTakeFirstOrThrow();
  expect(Number(back.personDelta)).toBe(7900);
  expect(await api.server.ctx.db.selectFrom('biz_day_figure').select('day').execute()).toEqual([]);
  await rebuildFigures(api.server.ctx.db);
  await checkMoneyInvariants(api.server.ctx);
});
