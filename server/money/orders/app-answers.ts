// What the customer app's payment calls answer, for the OpenAPI document: the order or recharge they start, and what
// the mini-program opens to pay (wx.requestPayment) or to confirm a pay-score order.
import { type AnswerDoc, component, integer, shape, text } from '../../platform/docs/record.js';
import { PAY_MODE_DEPOSIT, PAY_MODE_SCORE, PAY_MODE_WALLET } from './order.js';

const cents = (description: string) => integer(`${description}, 分 (cents)`);

/** wx.requestPayment's parameters (payments/provider.ts PayParams). */
const PAY_PARAMS = {
  appId: text(),
  timeStamp: text('seconds since 1970'),
  nonceStr: text(),
  package: text('prepay_id=…'),
  signType: { const: 'RSA' },
  paySign: text('empty in the sandbox'),
};

/** A rental's order, by how it is paid. */
const rental = (payMode: number, amount: string) => ({
  orderId: text(),
  outTradeNo: text(),
  amount: cents(amount),
  payMode: { const: payMode },
});

/** pay/launch: a rental awaiting its deposit, a rental started on the wallet, or a recharge awaiting payment. */
export const LAUNCHED_ANSWER: AnswerDoc = {
  name: 'PaymentLaunched',
  components: {
    RentalOnDeposit: shape({ ...rental(PAY_MODE_DEPOSIT, 'the deposit'), ...PAY_PARAMS }),
    RentalOnWallet: shape(rental(PAY_MODE_WALLET, 'the deposit frozen in the wallet')),
    RechargeLaunched: shape({ rechargeId: text(), rechargeNo: text(), amount: cents('the recharge'), ...PAY_PARAMS }),
  },
  data: {
    anyOf: [component('RentalOnDeposit'), component('RentalOnWallet'), component('RechargeLaunched')],
  },
};

/** pay/payscore: the rental awaiting the customer's confirmation of the pay-score service order. */
export const PAY_SCORE_ANSWER: AnswerDoc = {
  name: 'RentalOnPayScore',
  data: shape({
    ...rental(PAY_MODE_SCORE, 'the risk amount the service order authorises'),
    package: text("the service order's confirmation package"),
  }),
};

/** pay/refund: the refund as stored once sent (orders/settle.ts RefundAnswer). */
export const REFUND_ANSWER: AnswerDoc = {
  name: 'CustomerRefund',
  data: shape({
    refundId: text("the provider's refund number, empty before it took the refund"),
    outRefundNo: text(),
    amount: cents('the refund'),
    status: integer('biz_refund.status: 0 处理中, 1 已完成, 2 退款关闭, 3 退款异常'),
  }),
};
