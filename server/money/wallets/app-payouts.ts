// The customer app's side of a payout by transfer bill (docs/orders-and-money.md, Withdrawals): the customer's own
// withdrawals and transfers that wait for the confirmation of receipt, each with what the mini-program hands to
// wx.requestMerchantTransfer (mchId, appId, package). WeChat Pay pays once the customer confirms; a customer's token
// sees only that customer's payouts.
import { type AnswerDoc, component, integer, listOf, shape, text } from '../../platform/docs/record.js';
import { ok } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { TRANSFER_PROCESSING } from './transfer.js';
import { WITHDRAWAL_PAYING } from './withdrawal.js';

const WAITING = 'WAIT_USER_CONFIRM';

/** Each payout waiting for the customer, with what wx.requestMerchantTransfer takes. */
const WAITING_ANSWER: AnswerDoc = {
  components: {
    PayoutToConfirm: shape({
      kind: { enum: ['withdrawal', 'transfer'] },
      id: text(),
      outBillNo: text(),
      amount: integer('分 (cents)'),
      createTime: text('yyyy-MM-dd HH:mm:ss'),
      mchId: text(),
      appId: text(),
      package: text('package_info of the transfer bill'),
    }),
  },
  data: listOf(component('PayoutToConfirm')),
};

export const customerPayoutRoutes: RoutePlugin = async (app) => {
  app.get(
    '/blade-system/pay/payouts/confirm',
    {
      config: { access: 'customer', answer: WAITING_ANSWER },
      schema: { tags: ['客户端支付'], summary: '待确认收款的提现和转账 (wx.requestMerchantTransfer 参数, 仅本人)' },
    },
    async (request) => {
      const customerId = Number(request.user?.customerId);
      const { provider, wechat } = app.ctx.config.payments;
      // The sandbox's bills are confirmed by the sandbox itself; its parameters only show the shape.
      const merchant =
        provider === 'wechat' ? { mchId: wechat.mchId, appId: wechat.appId } : { mchId: 'sandbox', appId: 'sandbox' };
      const withdrawals = await app.ctx.db
        .selectFrom('biz_withdrawal')
        .select(['id', 'outBatchNo', 'amount', 'packageInfo', 'createTime'])
        .where('customerId', '=', customerId)
        .where('state', '=', WITHDRAWAL_PAYING)
        .where('billState', '=', WAITING)
        .where('isDeleted', '=', 0)
        .execute();
      const transfers = await app.ctx.db
        .selectFrom('biz_transfer')
        .select(['id', 'outBatchNo', 'amount', 'packageInfo', 'createTime'])
        .where('customerId', '=', customerId)
        .where('state', '=', TRANSFER_PROCESSING)
        .where('billState', '=', WAITING)
        .where('isDeleted', '=', 0)
        .execute();
      const waiting = [
        ...withdrawals.map((row) => ({ kind: 'withdrawal', ...row })),
        ...transfers.map((row) => ({ kind: 'transfer', ...row })),
      ];
      return ok(
        waiting
          .filter((row) => row.packageInfo)
          .map((row) => ({
            kind: row.kind,
            id: String(row.id),
            outBillNo: row.outBatchNo,
            amount: Number(row.amount),
            createTime: row.createTime,
            ...merchant,
            package: row.packageInfo,
          })),
      );
    },
  );
};
