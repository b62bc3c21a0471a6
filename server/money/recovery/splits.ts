// Split orders left PROCESSING: one the provider never accepted is sent again by the same outOrderNo, with the
// shares its records hold (not the setters of today); one it accepted is asked about and settled.
import type { AppContext } from '../../platform/context.js';
import { now } from '../../platform/db/time.js';
import { paymentProviderOf } from '../payments/index.js';
import { PaymentError } from '../payments/provider.js';
import { unknownToProvider } from '../payments/unknown.js';
import { RECEIVER_TYPES, settleShare } from '../splits/share.js';

export const waitingSplits = (ctx: AppContext, before: string, limit: number) =>
  ctx.db
    .selectFrom('biz_split_record')
    .select('outOrderNo')
    .distinct()
    .where('state', '=', 'PROCESSING')
    .where('isDeleted', '=', 0)
    .where('createTime', '<=', before)
    .orderBy('outOrderNo')
    .limit(limit)
    .execute();

export async function recoverSplit(ctx: AppContext, split: { outOrderNo: string }): Promise<boolean> {
  const provider = paymentProviderOf(ctx);
  const { outOrderNo } = split;
  let answer = await provider.queryShare(outOrderNo).catch(unknownToProvider);
  if (!answer) {
    const records = await ctx.db
      .selectFrom('biz_split_record')
      .innerJoin('biz_receiver', 'biz_receiver.id', 'biz_split_record.receiverId')
      .select(['biz_split_record.transactionId', 'biz_split_record.account', 'biz_split_record.amount'])
      .select('biz_receiver.receiverType')
      .where('biz_split_record.outOrderNo', '=', outOrderNo)
      .orderBy('biz_split_record.id')
      .execute();
    const transactionId = records[0]?.transactionId ?? '';
    const total = records.reduce((sum, record) => sum + Number(record.amount), 0);
    try {
      answer = await provider.share({
        transactionId,
        outOrderNo,
        unfreezeUnsplit: true,
        receivers: records.map((record) => ({
          type: RECEIVER_TYPES[Number(record.receiverType) as 1 | 2] ?? 'MERCHANT_ID',
          account: record.account ?? '',
          amount: Number(record.amount),
          description: '租赁分账',
        })),
      });
    } catch (error) {
      if (!(error instanceof PaymentError)) throw error;
      await settleShare(ctx, { outOrderNo, orderId: '', transactionId, state: 'CLOSED', amount: total });
      return true;
    }
    await ctx.db
      .updateTable('biz_split_record')
      .set({ sharingId: answer.orderId, updateTime: now() })
      .where('outOrderNo', '=', outOrderNo)
      .execute();
  }
  if (answer.state === 'PROCESSING') return false;
  await settleShare(ctx, answer);
  return true;
}
