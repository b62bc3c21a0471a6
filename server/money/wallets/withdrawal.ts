// Withdrawals: a request freezes the amount out of personAmount (platform bonus is never withdrawn); staff reject it
// (the amount goes back) or approve it (a transfer bill the customer confirms, or a legacy batch, pays it out; a
// refused, failed or unconfirmed payout gives it back). Every move
// of money is a guarded wallet update and its ledger row in one transaction (docs/orders-and-money.md).
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../platform/context.js';
import { nextId } from '../../platform/db/ids.js';
import type { Database } from '../../platform/db/schema.js';
import { now, parseDateTime } from '../../platform/db/time.js';
import { badRequest, notFound } from '../../platform/http/envelope.js';
import { leaveToRecovery } from '../payments/outside-call.js';
import { askPayout, missingName, type Payout, type PayoutApi, payoutApiOf, sendPayout } from '../payments/payouts.js';
import { PaymentError } from '../payments/provider.js';
import { append } from './ledger.js';

export const WITHDRAWAL_PENDING = 0;
export const WITHDRAWAL_PAID = 1;
export const WITHDRAWAL_REJECTED = 2;
export const WITHDRAWAL_FAILED = 3;
export const WITHDRAWAL_PAYING = 4;

/** Moves a wallet's own money by delta; a move that would take it below zero changes nothing and answers false. */
async function movePerson(trx: Transaction<Database>, walletId: number, delta: number): Promise<boolean> {
  const moved = await trx
    .updateTable('biz_wallet')
    .set((eb) => ({
      personAmount: eb('personAmount', '+', delta),
      amount: eb('amount', '+', delta),
      updateTime: now(),
    }))
    .where('id', '=', walletId)
    .where('personAmount', '>=', -delta)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** A customer's request: the amount leaves personAmount at once, so it can be neither spent nor asked for twice. */
export async function requestWithdrawal(ctx: AppContext, customerId: number, amount: number): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    const wallet = await trx
      .selectFrom('biz_wallet')
      .select('id')
      .where('customerId', '=', customerId)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (!wallet) throw notFound('钱包不存在');
    if (!(await movePerson(trx, wallet.id, -amount))) throw badRequest('可提现余额不足');
    const id = nextId();
    await trx
      .insertInto('biz_withdrawal')
      .values({ id, customerId, walletId: wallet.id, amount, outBatchNo: `W${id}`, createTime: now() })
      .execute();
    await append(trx, { account: wallet.id, kind: 'withdraw_freeze', bizNo: `W${id}`, personDelta: -amount });
    return id;
  });
}

/** What a withdrawal's payout records: the API, the provider's number, the bill's state and its package. */
interface PayoutFields {
  payoutApi?: PayoutApi;
  batchId?: string;
  transferBillNo?: string;
  billState?: string | null;
  packageInfo?: string | null;
}

/**
 * Ends a withdrawal that was `from` in state `to` and, when it did not pay, gives its amount back. The conditional
 * update claims it, so of two staff acting at once, or a notification and the recovery worker, only one moves money.
 */
async function settle(
  trx: Transaction<Database>,
  id: number,
  from: number,
  change: { state: number; reason?: string; auditUser?: number | null } & PayoutFields,
): Promise<boolean> {
  const claimed = await trx
    .updateTable('biz_withdrawal')
    .set({ ...change, auditTime: now(), updateTime: now() })
    .where('id', '=', id)
    .where('state', '=', from)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return false;
  if (change.state === WITHDRAWAL_REJECTED || change.state === WITHDRAWAL_FAILED) {
    const row = await trx
      .selectFrom('biz_withdrawal')
      .select(['walletId', 'amount', 'outBatchNo'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await movePerson(trx, row.walletId, Number(row.amount));
    await append(trx, {
      account: row.walletId,
      kind: 'withdraw_release',
      bizNo: row.outBatchNo,
      personDelta: Number(row.amount),
    });
  }
  return true;
}

export async function rejectWithdrawal(ctx: AppContext, request: FastifyRequest, id: number, reason: string) {
  const auditUser = request.user?.userId ?? null;
  const claimed = await ctx.db
    .transaction()
    .execute((trx) => settle(trx, id, WITHDRAWAL_PENDING, { state: WITHDRAWAL_REJECTED, reason, auditUser }));
  if (!claimed) throw badRequest('该提现已处理');
}

/**
 * Approval claims the withdrawal (待审核 → 打款中) with the transfer API it goes out by, then asks for the payout by
 * the withdrawal's own number, which the provider answers once; its answer ends the withdrawal paid, or failed with
 * the amount given back, or leaves it 打款中 until the customer confirms the transfer bill. Answers the provider's
 * refusal, if any. The console knows no customer's real name: a withdrawal WeChat Pay would want one for is refused.
 */
export async function approveWithdrawal(ctx: AppContext, request: FastifyRequest, id: number): Promise<string | null> {
  const auditUser = request.user?.userId ?? null;
  const payoutApi = payoutApiOf(ctx);
  const pending = await ctx.db
    .selectFrom('biz_withdrawal')
    .select(['amount', 'state'])
    .where('id', '=', id)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (pending && Number(pending.state) === WITHDRAWAL_PENDING) {
    if (missingName(payoutApi, Number(pending.amount))) {
      throw badRequest('单笔提现达到 2000 元, 微信支付要求收款人实名, 请驳回后请客户分笔提现');
    }
  }
  const claimed = await ctx.db
    .transaction()
    .execute((trx) => settle(trx, id, WITHDRAWAL_PENDING, { state: WITHDRAWAL_PAYING, auditUser, payoutApi }));
  if (!claimed) throw badRequest('该提现已处理');
  return leaveToRecovery(request.log, 'withdrawal payout', () => payOutWithdrawal(ctx, id, auditUser), null);
}

/**
 * Pays a withdrawal 打款中 out by its own number (so asking again, as the recovery worker does for one whose answer
 * was lost or that waits for the customer, pays once) and applies the answer. Answers the refusal, if any.
 */
export async function payOutWithdrawal(ctx: AppContext, id: number, auditUser?: number | null, recovering = false) {
  const row = await ctx.db
    .selectFrom('biz_withdrawal')
    .innerJoin('biz_customer', 'biz_customer.id', 'biz_withdrawal.customerId')
    .select([
      'biz_withdrawal.amount',
      'biz_withdrawal.outBatchNo',
      'biz_withdrawal.payoutApi',
      'biz_withdrawal.auditTime',
      'biz_customer.openId',
    ])
    .where('biz_withdrawal.id', '=', id)
    .executeTakeFirstOrThrow();
  // Withdrawals approved before transfer bills went out as batches.
  const api = (row.payoutApi ?? 'batches') as PayoutApi;
  const ask = { outNo: row.outBatchNo, amount: Number(row.amount), remark: '余额提现', openId: row.openId };
  let payout: Payout;
  try {
    payout = recovering
      ? await askPayout(ctx, api, ask, parseDateTime(String(row.auditTime)))
      : await sendPayout(ctx, api, ask);
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    await ctx.db
      .transaction()
      .execute((trx) => settle(trx, id, WITHDRAWAL_PAYING, { state: WITHDRAWAL_FAILED, reason: error.message }));
    return error.message;
  }
  await applyWithdrawalPayout(ctx, id, api, payout, auditUser);
  return payout.outcome === 'failed' ? payout.reason : null;
}

/** Applies a payout's answer to a withdrawal still 打款中: paid, failed with the amount given back, or still waiting. */
export async function applyWithdrawalPayout(
  ctx: AppContext,
  id: number,
  api: PayoutApi,
  payout: Payout,
  auditUser?: number | null,
): Promise<void> {
  const fields: PayoutFields =
    api === 'batches'
      ? { batchId: payout.providerNo }
      : { transferBillNo: payout.providerNo, billState: payout.billState, packageInfo: payout.packageInfo || null };
  if (payout.outcome === 'waiting') {
    await ctx.db
      .updateTable('biz_withdrawal')
      .set({ ...fields, updateTime: now() })
      .where('id', '=', id)
      .where('state', '=', WITHDRAWAL_PAYING)
      .execute();
    return;
  }
  const state = payout.outcome === 'paid' ? WITHDRAWAL_PAID : WITHDRAWAL_FAILED;
  await ctx.db.transaction().execute((trx) =>
    settle(trx, id, WITHDRAWAL_PAYING, {
      state,
      ...fields,
      ...(auditUser === undefined ? {} : { auditUser }),
      ...(state === WITHDRAWAL_FAILED ? { reason: payout.reason } : {}),
    }),
  );
}
