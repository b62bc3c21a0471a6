// wallet/reconcile (button wallet_reconcile): recomputes balances from the append-only ledger and reports every
// difference; it corrects nothing, so finance staff see what went wrong before anyone changes a cent.
// - a wallet's amount, personAmount and platAmount against the sums of its entries;
// - a finished order's merchant entries against what the business holds of it (paid less refunded); the first
//   1000 differing orders are listed;
// - a transfer's merchant entries against what it paid out (its amount, or nothing once it failed);
// - an order's split entries against its shares (their sum, or nothing once the provider closed the split);
// and it lists money waiting on the payment provider for too long (server/money/recovery/stale.ts), and sums up the
// comparison with WeChat Pay's own bills (server/money/bills/): days reconciled, differences still open.
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.js';
import { type AnswerDoc, component, integer, listOf, shape, text } from '../../platform/docs/record.js';
import { ok } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { type BillSummary, billSummary } from '../bills/summary.js';
import { MERCHANT } from '../wallets/ledger.js';
import { TRANSFER_FAILED } from '../wallets/transfer.js';
import { type StaleRecord, staleMoney } from './stale.js';

export interface Difference {
  /** `wallet`, `order`, `transfer` or `split`. */
  kind: string;
  id: string;
  field: string;
  stored: number;
  ledger: number;
}

export async function reconcile(
  ctx: AppContext,
): Promise<{ wallets: number; orders: number; differences: Difference[]; stale: StaleRecord[]; bills: BillSummary }> {
  const sums = ctx.db
    .selectFrom('biz_ledger')
    .select([
      'account',
      (eb) => eb.fn.sum<number>('personDelta').as('person'),
      (eb) => eb.fn.sum<number>('platDelta').as('plat'),
    ])
    .where('account', '<>', MERCHANT)
    .groupBy('account')
    .as('sums');
  const wallets = await ctx.db
    .selectFrom('biz_wallet')
    .leftJoin(sums, 'sums.account', 'biz_wallet.id')
    .select(['biz_wallet.id', 'amount', 'personAmount', 'platAmount', 'sums.person', 'sums.plat'])
    .where('biz_wallet.isDeleted', '=', 0)
    .execute();
  const differences: Difference[] = [];
  for (const wallet of wallets) {
    const person = Number(wallet.person ?? 0);
    const plat = Number(wallet.plat ?? 0);
    const checks: Array<[string, number, number]> = [
      ['personAmount', Number(wallet.personAmount), person],
      ['platAmount', Number(wallet.platAmount), plat],
      ['amount', Number(wallet.amount), person + plat],
    ];
    for (const [field, stored, ledger] of checks) {
      if (stored !== ledger) differences.push({ kind: 'wallet', id: String(wallet.id), field, stored, ledger });
    }
  }

  const kept = ctx.db
    .selectFrom('biz_ledger')
    .select(['orderId', (eb) => eb.fn.sum<number>('personDelta').as('kept')])
    .where('account', '=', MERCHANT)
    .groupBy('orderId')
    .as('kept');
  // Compared in the database: a million orders are not read to find the few that differ.
  const held = sql<number>`biz_order.total_amount - biz_order.refunded_amount`;
  const finished = ctx.db
    .selectFrom('biz_order')
    .leftJoin(kept, 'kept.orderId', 'biz_order.id')
    .where('biz_order.isDeleted', '=', 0)
    .where('biz_order.endTime', 'is not', null);
  const counted = await finished.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const differing = await finished
    .select(['biz_order.id', held.as('held'), 'kept.kept'])
    .where(sql<boolean>`${held} <> coalesce(kept.kept, 0)`)
    .orderBy('biz_order.id')
    .limit(1000)
    .execute();
  for (const order of differing) {
    differences.push({
      kind: 'order',
      id: String(order.id),
      field: 'held',
      stored: Number(order.held),
      ledger: Number(order.kept ?? 0),
    });
  }
  differences.push(...(await transferDifferences(ctx)), ...(await splitDifferences(ctx)));
  const stale = await staleMoney(ctx);
  const bills = await billSummary(ctx);
  return { wallets: wallets.length, orders: Number(counted.count), differences, stale, bills };
}

/** Transfers whose merchant entries do not sum to what left the account: −amount, or 0 for a failed one. */
async function transferDifferences(ctx: AppContext): Promise<Difference[]> {
  const moved = ctx.db
    .selectFrom('biz_ledger')
    .select(['bizNo', (eb) => eb.fn.sum<number>('personDelta').as('moved')])
    .where('account', '=', MERCHANT)
    .where('kind', 'in', ['transfer', 'transfer_back'])
    .groupBy('bizNo')
    .as('moved');
  const paidOut = sql<number>`case when biz_transfer.state = ${TRANSFER_FAILED} then 0 else -biz_transfer.amount end`;
  const differing = await ctx.db
    .selectFrom('biz_transfer')
    .leftJoin(moved, 'moved.bizNo', 'biz_transfer.outBatchNo')
    .select(['biz_transfer.id', paidOut.as('paidOut'), 'moved.moved'])
    .where('biz_transfer.isDeleted', '=', 0)
    .where(sql<boolean>`${paidOut} <> coalesce(moved.moved, 0)`)
    .orderBy('biz_transfer.id')
    .limit(1000)
    .execute();
  return differing.map((transfer) => ({
    kind: 'transfer',
    id: String(transfer.id),
    field: 'amount',
    stored: Number(transfer.paidOut),
    ledger: Number(transfer.moved ?? 0),
  }));
}
/** Split orders whose merchant entries do not sum to their shares: −their sum, or 0 once closed. */
async function splitDifferences(ctx: AppContext): Promise<Difference[]> {
  const moved = ctx.db
    .selectFrom('biz_ledger')
    .select(['bizNo', (eb) => eb.fn.sum<number>('personDelta').as('moved')])
    .where('account', '=', MERCHANT)
    .where('kind', 'in', ['split', 'split_back'])
    .groupBy('bizNo')
    .as('moved');
  const shared = ctx.db
    .selectFrom('biz_split_record')
    .select([
      'outOrderNo',
      (eb) => eb.fn.sum<number>(sql`case when state = 'CLOSED' then 0 else -amount end`).as('shared'),
    ])
    .where('isDeleted', '=', 0)
    .groupBy('outOrderNo')
    .as('shared');
  const differing = await ctx.db
    .selectFrom(shared)
    .leftJoin(moved, 'moved.bizNo', 'shared.outOrderNo')
    .select(['shared.outOrderNo', 'shared.shared', 'moved.moved'])
    .where(sql<boolean>`shared.shared <> coalesce(moved.moved, 0)`)
    .orderBy('shared.outOrderNo')
    .limit(1000)
    .execute();
  return differing.map((split) => ({
    kind: 'split',
    id: split.outOrderNo,
    field: 'amount',
    stored: Number(split.shared),
    ledger: Number(split.moved ?? 0),
  }));
}

/** What the 对账 button says when it is done: where the comparison with WeChat Pay's own bills stands. */
function reconciledMessage(bills: BillSummary): string {
  if (bills.daysReconciled === 0 && bills.failedDays.length === 0) return MSG_NO_BILL_YET;
  return `对账完成; 微信支付账单已核对 ${bills.daysReconciled} 天 (最近 ${bills.lastDay || '-'}), 未处理差异 ${bills.differencesOpen} 条, 未能核对 ${bills.failedDays.length} 天, 详见 对账差异`;
}

const MSG_NO_BILL_YET = '对账完成; 微信支付账单尚未核对 (每天 10 点后核对前一天的账单)';

const cents = integer('分 (cents)');

/** The report as reconcile() makes it: what was compared, each difference, the money waiting too long, the bills. */
const RECONCILED_ANSWER: AnswerDoc = {
  name: 'Reconciled',
  components: {
    LedgerDifference: shape({
      kind: { enum: ['wallet', 'order', 'transfer', 'split'] },
      id: text('the wallet, order or transfer id, or the split order number'),
      field: text(),
      stored: cents,
      ledger: cents,
    }),
    StaleMoney: shape({
      kind: { enum: ['refund', 'order', 'withdrawal', 'transfer', 'split'] },
      no: text('the business number the provider knows it by'),
      state: text(),
      since: text('yyyy-MM-dd HH:mm:ss'),
      attempts: integer(),
      lastError: text(),
    }),
  },
  data: shape({
    wallets: integer('wallets compared'),
    orders: integer('finished orders compared'),
    differences: listOf(component('LedgerDifference')),
    stale: listOf(component('StaleMoney')),
    bills: shape({
      daysReconciled: integer(),
      lastDay: text('yyyy-MM-dd, empty before the first'),
      differencesOpen: integer(),
      failedDays: listOf(shape({ day: text(), reason: text() })),
    }),
  }),
};

export const reconcileRoutes: RoutePlugin = async (app) => {
  app.get(
    '/blade-system/wallet/reconcile',
    {
      config: { access: { menu: 'wallet' }, button: 'wallet_reconcile', answer: RECONCILED_ANSWER },
      schema: { tags: ['钱包'], summary: '按流水重算余额并报告差异' },
    },
    async () => {
      const result = await reconcile(app.ctx);
      return { ...ok(result), msg: reconciledMessage(result.bills) };
    },
  );
};
