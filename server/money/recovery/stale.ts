// Money in a non-final state for longer than RECONCILE_STALE_MINUTES, for reconcile to list: a refund 处理中, an
// order 待结算 or 退款中, a withdrawal 打款中, a transfer 转账中, a split PROCESSING — so a deposit never returned is
// seen even when every balance agrees with the ledger. Each shows how often the recovery worker asked and why the
// last attempt failed.
import type { AppContext } from '../../platform/context.js';
import { formatDateTime, parseDateTime } from '../../platform/db/time.js';
import { ORDER_AWAITING_SETTLEMENT, ORDER_REFUNDING } from '../orders/status.js';
import { CONFIRM_WINDOW_MS } from '../payments/payouts.js';
import { TRANSFER_PROCESSING } from '../wallets/transfer.js';
import { WITHDRAWAL_PAYING } from '../wallets/withdrawal.js';
import type { RecoveryKind } from './attempts.js';
import { waitingTransfers, waitingWithdrawals } from './payouts.js';

export interface StaleRecord {
  /** `refund`, `order`, `withdrawal`, `transfer` or `split`. */
  kind: string;
  /** The business number the provider knows it by. */
  no: string;
  state: string;
  /** Since when it has waited. */
  since: string;
  /** The recovery worker's attempts so far, and why the last one did not end it. */
  attempts: number;
  lastError: string;
}

/** Listed per kind at most. */
const SHOWN = 1000;

export async function staleMoney(ctx: AppContext, at = new Date()): Promise<StaleRecord[]> {
  const before = formatDateTime(new Date(at.getTime() - ctx.config.payments.staleMinutes * 60_000));
  const { db } = ctx;
  const found: Array<Omit<StaleRecord, 'attempts' | 'lastError'> & { claim: RecoveryKind }> = [];
  const refunds = await db
    .selectFrom('biz_refund')
    .select(['outRefundNo', 'createTime'])
    .where('status', '=', 0)
    .where('createTime', '<=', before)
    .orderBy('createTime')
    .limit(SHOWN)
    .execute();
  for (const r of refunds) {
    found.push({ kind: 'refund', no: r.outRefundNo, state: '0', since: String(r.createTime), claim: 'refund' });
  }
  const orders = await db
    .selectFrom('biz_order')
    .select(['outTradeNo', 'state', 'updateTime', 'payMode'])
    .where('state', 'in', [ORDER_AWAITING_SETTLEMENT, ORDER_REFUNDING])
    .where('isDeleted', '=', 0)
    .where('updateTime', '<=', before)
    .orderBy('updateTime')
    .limit(SHOWN)
    .execute();
  for (const o of orders) {
    const no = o.outTradeNo;
    found.push({ kind: 'order', no, state: String(o.state), since: String(o.updateTime), claim: 'score' });
  }
  // The same waiting records the worker takes up, only older; a payout the customer may still confirm is not late.
  const confirming = (billState: string | null, since: string) =>
    billState === 'WAIT_USER_CONFIRM' && at.getTime() - parseDateTime(since).getTime() < CONFIRM_WINDOW_MS;
  const withdrawals = await waitingWithdrawals(ctx, before, SHOWN);
  for (const w of withdrawals) {
    if (confirming(w.billState, String(w.auditTime))) continue;
    const no = w.outBatchNo;
    found.push({
      kind: 'withdrawal',
      no,
      state: String(WITHDRAWAL_PAYING),
      since: String(w.auditTime),
      claim: 'withdrawal',
    });
  }
  const transfers = await waitingTransfers(ctx, before, SHOWN);
  for (const t of transfers) {
    if (confirming(t.billState, String(t.createTime))) continue;
    const no = t.outBatchNo;
    found.push({
      kind: 'transfer',
      no,
      state: String(TRANSFER_PROCESSING),
      since: String(t.createTime),
      claim: 'transfer',
    });
  }
  const splits = await db
    .selectFrom('biz_split_record')
    .select(['outOrderNo', (eb) => eb.fn.min<string>('createTime').as('since')])
    .where('state', '=', 'PROCESSING')
    .where('isDeleted', '=', 0)
    .where('createTime', '<=', before)
    .groupBy('outOrderNo')
    .orderBy('outOrderNo')
    .limit(SHOWN)
    .execute();
  for (const s of splits) {
    found.push({ kind: 'split', no: s.outOrderNo, state: 'PROCESSING', since: String(s.since), claim: 'split' });
  }
  if (found.length === 0) return [];
  const claims = await db
    .selectFrom('biz_recovery')
    .select(['kind', 'outNo', 'attempts', 'lastError'])
    .where(
      'outNo',
      'in',
      found.map((record) => record.no),
    )
    .execute();
  const claimOf = new Map(claims.map((c) => [`${c.kind}:${c.outNo}`, c]));
  return found.map(({ claim, ...record }) => {
    const held = claimOf.get(`${claim}:${record.no}`);
    return { ...record, attempts: Number(held?.attempts ?? 0), lastError: held?.lastError ?? '' };
  });
}
