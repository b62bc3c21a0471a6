// Recharges: the customer pays through the provider; the payment's success notification credits the amount to
// personAmount and the bonus of the recharge activity running then to platAmount, once: the recharge row is claimed
// by a conditional update and the ledger rows are unique by the recharge number (docs/orders-and-money.md).
import type { Transaction } from 'kysely';
import type { AppContext } from '../../platform/context.js';
import { nextId } from '../../platform/db/ids.js';
import type { Database } from '../../platform/db/schema.js';
import { now } from '../../platform/db/time.js';
import { notFound } from '../../platform/http/envelope.js';
import { paymentProviderOf } from '../payments/index.js';
import type { Transaction as Payment } from '../payments/provider.js';
import { append } from './ledger.js';

export const RECHARGE_UNPAID = 0;
export const RECHARGE_CREDITED = 1;
export const RECHARGE_CLOSED = 2;
/** Paid another amount than asked: nothing credited, kept for staff (docs/orders-and-money.md). */
export const RECHARGE_MISMATCH = 3;

/** Dictionary `activity_kind` 1 充值赠送 and `publish_state` 1 已发布 (server/rental/business/activity.ts). */
const RECHARGE_BONUS = 1;
const PUBLISHED = 1;

/** The customer's wallet, opened on the first recharge. */
async function walletOf(ctx: AppContext, customerId: number): Promise<number> {
  await ctx.db
    .insertInto('biz_wallet')
    .values({ id: nextId(), customerId, createTime: now() })
    .onConflict((oc) => oc.column('customerId').doNothing())
    .execute();
  const wallet = await ctx.db
    .selectFrom('biz_wallet')
    .select('id')
    .where('customerId', '=', customerId)
    .executeTakeFirstOrThrow();
  return wallet.id;
}

/** A recharge asked by the customer app: written unpaid, then a prepay for the sheet the customer pays with. */
export async function startRecharge(ctx: AppContext, customerId: number, amount: number) {
  const customer = await ctx.db
    .selectFrom('biz_customer')
    .select('openId')
    .where('id', '=', customerId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!customer) throw notFound('客户不存在');
  const walletId = await walletOf(ctx, customerId);
  const id = nextId();
  const rechargeNo = `C${id}`;
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('biz_recharge')
      .values({ id, rechargeNo, customerId, walletId, amount, createTime: now() })
      .execute();
    await trx
      .insertInto('biz_payment')
      .values({
        id: nextId(),
        outTradeNo: rechargeNo,
        purpose: 'recharge',
        refId: id,
        customerId,
        amount,
        tradeState: 'NOTPAY',
        createTime: now(),
      })
      .execute();
  });
  const { prepayId } = await paymentProviderOf(ctx).prepay({
    outTradeNo: rechargeNo,
    total: amount,
    description: '钱包充值',
    payerOpenId: customer.openId,
  });
  await ctx.db.updateTable('biz_payment').set({ prepayId }).where('outTradeNo', '=', rechargeNo).execute();
  return { id, rechargeNo, prepayId };
}

/** The bonus of the published recharge activity running at `at` whose threshold the amount reaches (the highest). */
async function bonusOf(trx: Transaction<Database>, amount: number, at: string) {
  return trx
    .selectFrom('biz_activity')
    .select(['id', 'bonusAmount'])
    .where('activityKind', '=', RECHARGE_BONUS)
    .where('publishState', '=', PUBLISHED)
    .where('isDeleted', '=', 0)
    .where('startTime', '<=', at)
    .where('endTime', '>=', at)
    .where('rechargeAmount', '<=', amount)
    .orderBy('rechargeAmount', 'desc')
    .orderBy('bonusAmount', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A payment's final result for a recharge: credited once on success, closed otherwise. Other payments are not ours. */
export async function applyRechargePayment(ctx: AppContext, payment: Payment): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const at = now();
    const recharge = await trx
      .selectFrom('biz_recharge')
      .selectAll()
      .where('rechargeNo', '=', payment.outTradeNo)
      .executeTakeFirst();
    if (!recharge || recharge.state !== RECHARGE_UNPAID) return;
    const succeeded = payment.tradeState === 'SUCCESS';
    const paid = succeeded && payment.total === Number(recharge.amount);
    const activity = paid ? await bonusOf(trx, Number(recharge.amount), at) : undefined;
    const bonus = Number(activity?.bonusAmount ?? 0);
    const claimed = await trx
      .updateTable('biz_recharge')
      .set({
        state: paid ? RECHARGE_CREDITED : succeeded ? RECHARGE_MISMATCH : RECHARGE_CLOSED,
        transactionId: payment.transactionId,
        bonusAmount: bonus,
        activityId: activity?.id ?? null,
        successTime: paid ? at : null,
        updateTime: at,
      })
      .where('id', '=', recharge.id)
      .where('state', '=', RECHARGE_UNPAID)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return;
    await trx
      .updateTable('biz_payment')
      .set({ tradeState: payment.tradeState, transactionId: payment.transactionId, successTime: succeeded ? at : null })
      .where('outTradeNo', '=', recharge.rechargeNo)
      .execute();
    if (!paid) return;
    const amount = Number(recharge.amount);
    await trx
      .updateTable('biz_wallet')
      .set((eb) => ({
        personAmount: eb('personAmount', '+', amount),
        platAmount: eb('platAmount', '+', bonus),
        amount: eb('amount', '+', amount + bonus),
        updateTime: at,
      }))
      .where('id', '=', recharge.walletId)
      .execute();
    const bizNo = recharge.rechargeNo;
    await append(trx, { account: recharge.walletId, kind: 'recharge', bizNo, personDelta: amount });
    if (bonus > 0)
      await append(trx, { account: recharge.walletId, kind: 'bonus', bizNo, personDelta: 0, platDelta: bonus });
  });
}
