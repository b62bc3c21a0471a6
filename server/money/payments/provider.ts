// The payment provider as the server sees it, shaped like WeChat Pay v3 (JSAPI payments, refunds, notifications) so
// a client of the real service drops in beside the sandbox. Amounts are integer cents, as v3 carries them.
import type { BillKind } from './bill-file.js';

/** v3 trade_state of a payment. */
export type TradeState = 'NOTPAY' | 'SUCCESS' | 'CLOSED';
/** v3 status of a refund. */
export type RefundState = 'PROCESSING' | 'SUCCESS' | 'CLOSED' | 'ABNORMAL';

export interface PrepayRequest {
  outTradeNo: string;
  /** Cents. */
  total: number;
  description: string;
  payerOpenId: string;
}

/** What the mini-program hands to wx.requestPayment to open the payment sheet. */
export interface PayParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  /** `prepay_id=…`. */
  package: string;
  signType: 'RSA';
  /** SHA256-RSA with the merchant key over appId, timeStamp, nonceStr and package; the sandbox signs nothing. */
  paySign: string;
}

export interface Transaction {
  outTradeNo: string;
  transactionId: string;
  tradeState: TradeState;
  total: number;
}

export interface RefundRequest {
  outTradeNo: string;
  outRefundNo: string;
  /** Cents to refund. */
  refund: number;
  /** Cents the payment was for, as v3 asks (it checks the two agree). */
  total: number;
  reason?: string;
}

export interface Refund {
  outRefundNo: string;
  refundId: string;
  outTradeNo: string;
  refund: number;
  status: RefundState;
  /** v3 channel: ORIGINAL, BALANCE, OTHER_BALANCE, OTHER_BANKCARD. */
  channel: string;
  userReceivedAccount: string;
}

/** v3 batch_status of a transfer batch. */
export type TransferState = 'ACCEPTED' | 'PROCESSING' | 'FINISHED' | 'CLOSED';

export interface TransferDetail {
  outDetailNo: string;
  /** Cents. */
  transferAmount: number;
  transferRemark: string;
  openId: string;
}

/** A v3 transfer batch (商家转账到零钱): the merchant pays customers' own money out to their WeChat change. */
export interface TransferRequest {
  outBatchNo: string;
  batchName: string;
  batchRemark: string;
  /** Cents; v3 checks it equals the sum of the details. */
  totalAmount: number;
  details: TransferDetail[];
}

export interface TransferBatch {
  outBatchNo: string;
  batchId: string;
  batchStatus: TransferState;
  totalAmount: number;
}

/**
 * State of a transfer bill (商家转账, 发起转账): accepted, locking the merchant's money, waiting for the customer to
 * confirm in the mini-program, being paid, and the three final ones: paid, failed, cancelled (by the merchant, or by
 * WeChat Pay when the customer did not confirm in time). Failed and cancelled bills paid nothing.
 */
export type TransferBillState =
  | 'ACCEPTED'
  | 'PROCESSING'
  | 'WAIT_USER_CONFIRM'
  | 'TRANSFERING'
  | 'SUCCESS'
  | 'FAIL'
  | 'CANCELING'
  | 'CANCELLED';

/** One payout to one customer's WeChat change (v3 transfer-bills), which the customer confirms before it is paid. */
export interface TransferBillRequest {
  outBillNo: string;
  /** Cents. */
  transferAmount: number;
  transferRemark: string;
  openId: string;
  /** The payee's real name, sent encrypted; WeChat Pay asks for it from 2,000 yuan on. */
  userName?: string;
}

export interface TransferBill {
  outBillNo: string;
  /** v3 transfer_bill_no: WeChat Pay's number of the bill. */
  transferBillNo: string;
  state: TransferBillState;
  /** Cents. */
  transferAmount: number;
  /** v3 package_info: what the mini-program hands to wx.requestMerchantTransfer, while the bill waits for it. */
  packageInfo: string;
  /** v3 fail_reason of a failed bill. */
  failReason: string;
}

/** v3 state of a profit-sharing order. */
export type SharingState = 'PROCESSING' | 'FINISHED' | 'CLOSED';

export interface SharingReceiver {
  type: 'MERCHANT_ID' | 'PERSONAL_OPENID';
  account: string;
  /** Cents. */
  amount: number;
  description: string;
}

/** A v3 profit-sharing order (请求分账): shares of a paid transaction sent to receivers. */
export interface SharingRequest {
  transactionId: string;
  outOrderNo: string;
  receivers: SharingReceiver[];
  /** Unfreeze what is not shared, so the merchant can use the rest. */
  unfreezeUnsplit: boolean;
}

export interface SharingOrder {
  outOrderNo: string;
  /** v3 order_id: the provider's number of the profit-sharing order. */
  orderId: string;
  transactionId: string;
  state: SharingState;
  /** Cents, all receivers together. */
  amount: number;
}

/** v3 state of a pay-score service order. */
export type ServiceOrderState = 'CREATED' | 'DOING' | 'DONE' | 'REVOKED';

/** A v3 pay-score service order (创建支付分订单): a rental without deposit, the risk amount authorised by credit. */
export interface ServiceOrderRequest {
  outOrderNo: string;
  serviceIntroduction: string;
  /** Cents: the deposit the customer's credit stands in for (v3 risk_fund, name DEPOSIT). */
  riskAmount: number;
  openId: string;
}

export interface ServiceOrder {
  outOrderNo: string;
  /** v3 order_id: the provider's number of the service order. */
  orderId: string;
  state: ServiceOrderState;
  riskAmount: number;
  /** Cents charged at completion; 0 until completed. */
  totalAmount: number;
  /** The payment of the completion, once collected. */
  transactionId: string;
  /**
   * The completion's collection as a query answers it (v3 collection.state): being collected, paid, or failed;
   * absent before completion and in notifications, whose event type says it.
   */
  collectionState?: 'USER_PAYING' | 'USER_PAID' | 'PAY_FAILED';
  /** v3 `package`: what the app hands to the confirmation page. */
  package: string;
}

/** A notification as it arrives over HTTP: the signature headers and the raw body they sign. */
export interface SignedNotification {
  headers: {
    'wechatpay-timestamp': string;
    'wechatpay-nonce': string;
    'wechatpay-signature': string;
    'wechatpay-serial': string;
  };
  body: string;
}

/** What a verified notification says: a payment, a refund or a profit-sharing order reached its final state. */
export type NotificationEvent =
  | { eventType: 'TRANSACTION.SUCCESS' | 'TRANSACTION.CLOSED'; transaction: Transaction }
  | { eventType: 'REFUND.SUCCESS' | 'REFUND.CLOSED' | 'REFUND.ABNORMAL'; refund: Refund }
  | { eventType: 'PROFITSHARING.FINISHED' | 'PROFITSHARING.CLOSED'; sharing: SharingOrder }
  | { eventType: PayScoreEvent; serviceOrder: ServiceOrder }
  | { eventType: 'MCHTRANSFER.BILL.FINISHED'; transferBill: TransferBill };

/**
 * Pay-score results: the customer confirmed the service order (rental starts) or cancelled it on the confirmation
 * page; the completion's fee was collected, or its collection failed.
 */
export type PayScoreEvent =
  | 'PAYSCORE.USER_CONFIRM'
  | 'PAYSCORE.USER_CANCEL'
  | 'PAYSCORE.USER_PAID'
  | 'PAYSCORE.PAY_FAILED';

/** A refusal the provider answers with, by its v3 code (NOT_ENOUGH, ORDERNOTEXIST, INVALID_REQUEST, …). */
export class PaymentError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface PaymentProvider {
  /** JSAPI prepay: the id the customer app hands to the payment sheet. */
  prepay(request: PrepayRequest): Promise<{ prepayId: string }>;
  /** The payment sheet's parameters for a prepay id. */
  payParams(prepayId: string): PayParams;
  query(outTradeNo: string): Promise<Transaction>;
  /** Closes an unpaid payment; a paid one is refused. */
  close(outTradeNo: string): Promise<void>;
  /** Idempotent by outRefundNo: asking again answers the refund first created. */
  refund(request: RefundRequest): Promise<Refund>;
  queryRefund(outRefundNo: string): Promise<Refund>;
  /** Idempotent by outBatchNo: asking again with the same batch answers the batch first created. */
  transfer(request: TransferRequest): Promise<TransferBatch>;
  queryTransfer(outBatchNo: string): Promise<TransferBatch>;
  /** Transfer bills: idempotent by outBillNo; the answer usually waits for the customer's confirmation. */
  transferBill(request: TransferBillRequest): Promise<TransferBill>;
  queryTransferBill(outBillNo: string): Promise<TransferBill>;
  /** Cancels a bill the customer has not confirmed; answers CANCELING or CANCELLED. */
  cancelTransferBill(outBillNo: string): Promise<TransferBill>;
  /** Idempotent by outOrderNo; answers PROCESSING, the result follows as a notification. */
  share(request: SharingRequest): Promise<SharingOrder>;
  queryShare(outOrderNo: string): Promise<SharingOrder>;
  /**
   * Pay-score: creates a service order awaiting the customer's confirmation (idempotent by outOrderNo); refused at
   * once when the customer's credit does not cover the risk amount.
   */
  createServiceOrder(request: ServiceOrderRequest): Promise<ServiceOrder>;
  queryServiceOrder(outOrderNo: string): Promise<ServiceOrder>;
  /** Cancels a service order the customer has not confirmed; a confirmed one is refused. */
  cancelServiceOrder(outOrderNo: string, reason: string): Promise<void>;
  /** Ends a confirmed service order with its fee (≤ the risk amount); 0 ends it at once, otherwise collection follows. */
  completeServiceOrder(outOrderNo: string, totalAmount: number): Promise<ServiceOrder>;
  /**
   * A day's bill (yyyy-MM-dd): the trade bill of every payment and refund, or the basic account's fund flow, as the
   * file's text once its hash holds (bill-file.ts reads it). Refused (BILL_HASH_MISMATCH) when the file is not the one
   * the provider described.
   */
  downloadBill(kind: BillKind, day: string): Promise<string>;
  /** Checks the signature, the timestamp and that the nonce is new; refuses anything else. */
  verifyNotification(notification: SignedNotification): Promise<NotificationEvent>;
}
