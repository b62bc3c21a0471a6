// The payment provider as the server sees it, shaped like WeChat Pay v3 (JSAPI payments, refunds, notifications) so
// a client of the real service drops in beside the sandbox. Amounts are integer cents, as v3 carries them.

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
  | { eventType: 'PROFITSHARING.FINISHED' | 'PROFITSHARING.CLOSED'; sharing: SharingOrder };

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
  query(outTradeNo: string): Promise<Transaction>;
  /** Closes an unpaid payment; a paid one is refused. */
  close(outTradeNo: string): Promise<void>;
  /** Idempotent by outRefundNo: asking again answers the refund first created. */
  refund(request: RefundRequest): Promise<Refund>;
  queryRefund(outRefundNo: string): Promise<Refund>;
  /** Idempotent by outBatchNo: asking again with the same batch answers the batch first created. */
  transfer(request: TransferRequest): Promise<TransferBatch>;
  queryTransfer(outBatchNo: string): Promise<TransferBatch>;
  /** Idempotent by outOrderNo; answers PROCESSING, the result follows as a notification. */
  share(request: SharingRequest): Promise<SharingOrder>;
  queryShare(outOrderNo: string): Promise<SharingOrder>;
  /** Checks the signature, the timestamp and that the nonce is new; refuses anything else. */
  verifyNotification(notification: SignedNotification): Promise<NotificationEvent>;
}
