// Sharing a finished rental's fee: the setters of the order's site (or, if the site has none, of its company) name
// the receivers and their shares; one provider profit-sharing order sends them all, its number being `S` + the
// order's outTradeNo, so the same order is never shared twice. The shares leave the merchant account in the ledger
// when asked and come back if the provider closes the order (docs/orders-and-money.md).
import type { AppContext } from '../../platform/context.js';
import { nextId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import { badRequest, notFound } from '../../platform/http/envelope.js';
import { paymentProviderOf } from '../payments/index.js';
import { PaymentError, type SharingOrder } from '../payments/provider.js';
import { append, MERCHANT } from '../wallets/ledger.js';

const RATIO_BASE = 10000;
export const RECEIVER_TYPES = { 1: 'MERCHANT_ID', 2: 'PERSONAL_OPENID' } as const;

export const sharingNo = (outTradeNo: string): string => `S${outTradeNo}`;

interface Share {
  receiverId: number;
  receiverName: string;
  receiverType: number;
  account: string;
  ratio: number;
  amount: number;
}

/** Each receiver's share of the fee, whole cents rounded down; a share under a cent is left out. */
async function sharesOf(ctx: AppContext, siteId: number, fee: number): Promise<Share[]> {
  const site = await ctx.db.selectFrom('biz_site').select('companyId').where('id', '=', siteId).executeTakeFirst();
  const setters = (column: 'siteId' | 'companyId', id: number) =>
    ctx.db
      .selectFrom('biz_setter')
      .innerJoin('biz_receiver', 'biz_receiver.id', 'biz_setter.receiverId')
      .select([
        'biz_setter.receiverId',
        'biz_setter.ratio',
        'biz_receiver.receiverName',
        'biz_receiver.receiverType',
        'biz_receiver.account',
      ])
      .where(`biz_setter.${column}`, '=', id)
      .where('biz_setter.isDeleted', '=', 0)
      .where('biz_receiver.isDeleted', '=', 0)
      .orderBy('biz_setter.id')
      .execute();
  let rows = await setters('siteId', siteId);
  if (rows.length === 0 && site) rows = await setters('companyId', Number(site.companyId));
  return rows
    .map((row) => ({
      receiverId: Number(row.receiverId),
      receiverName: row.receiverName,
      receiverType: Number(row.receiverType),
      account: row.account,
      ratio: Number(row.ratio),
      amount: Math.floor((fee * Number(row.ratio)) / RATIO_BASE),
    }))
    .filter((share) => share.amount > 0);
}

/**
 * Shares a finished order's fee by its setters, once, and answers the provider's refusal (its records are then
 * closed). Nothing to share (no fee, no setters, shares under a cent) writes nothing; an order already shared is
 * refused.
 */
export async function shareOrder(ctx: AppContext, orderId: number): Promise<string | null> {
  const order = await ctx.db
    .selectFrom('biz_order')
    .select(['id', 'outTradeNo', 'transactionId', 'siteId', 'actAmount', 'endTime'])
    .where('id', '=', orderId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!order) throw notFound('订单不存在');
  if (!order.endTime || !order.transactionId) throw badRequest('订单未结束, 不能分账');
  const outOrderNo = sharingNo(order.outTradeNo);
  const shared = await ctx.db
    .selectFrom('biz_split_record')
    .select('id')
    .where('outOrderNo', '=', outOrderNo)
    .executeTakeFirst();
  if (shared) throw badRequest('该订单已分账');
  const shares = await sharesOf(ctx, Number(order.siteId), Number(order.actAmount ?? 0));
  if (shares.length === 0) return null;
  const total = shares.reduce((sum, share) => sum + share.amount, 0);
  const transactionId = order.transactionId;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('biz_split_record')
        .values(
          shares.map((share) => ({
            id: nextId(),
            outOrderNo,
            orderId,
            outTradeNo: order.outTradeNo,
            transactionId,
            receiverId: share.receiverId,
            receiverName: share.receiverName,
            account: share.account,
            amount: share.amount,
            ratio: share.ratio,
            createTime: now(),
          })),
        )
        .execute();
      await append(trx, { account: MERCHANT, kind: 'split', bizNo: outOrderNo, personDelta: -total });
    });
  } catch (error) {
    // The same order shared twice at once: the unique (outOrderNo, receiver) lets one in.
    if (
      await ctx.db.selectFrom('biz_split_record').select('id').where('outOrderNo', '=', outOrderNo).executeTakeFirst()
    )
      throw badRequest('该订单已分账');
    throw error;
  }
  try {
    const answer = await paymentProviderOf(ctx).share({
      transactionId,
      outOrderNo,
      unfreezeUnsplit: true,
      receivers: shares.map((share) => ({
        type: RECEIVER_TYPES[share.receiverType as 1 | 2] ?? 'MERCHANT_ID',
        account: share.account,
        amount: share.amount,
        description: '租赁分账',
      })),
    });
    await ctx.db
      .updateTable('biz_split_record')
      .set({ sharingId: answer.orderId, updateTime: now() })
      .where('outOrderNo', '=', outOrderNo)
      .execute();
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    await settleShare(ctx, { outOrderNo, orderId: '', transactionId, state: 'CLOSED', amount: total });
    return error.message;
  }
  return null;
}

/**
 * A profit-sharing order's final result: its records finish or close; a closed one gives the shares back to the
 * merchant account. Once: a result for records no longer processing changes nothing.
 */
export async function settleShare(ctx: AppContext, result: SharingOrder): Promise<void> {
  if (result.state === 'PROCESSING') return;
  await ctx.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('biz_split_record')
      .set({ state: result.state, finishTime: result.state === 'FINISHED' ? now() : null, updateTime: now() })
      .where('outOrderNo', '=', result.outOrderNo)
      .where('state', '=', 'PROCESSING')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0 || result.state !== 'CLOSED') return;
    const sum = await trx
      .selectFrom('biz_split_record')
      .select((eb) => eb.fn.sum<number>('amount').as('total'))
      .where('outOrderNo', '=', result.outOrderNo)
      .executeTakeFirstOrThrow();
    await append(trx, {
      account: MERCHANT,
      kind: 'split_back',
      bizNo: result.outOrderNo,
      personDelta: Number(sum.total),
    });
  });
}
