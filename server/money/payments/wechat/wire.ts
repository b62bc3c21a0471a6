// v3's answers read into what the server works with. v3 knows more states than the server acts on; each is read as
// the one it means for the money (a refunded payment was paid, a revoked one is closed).
import type {
  Refund,
  RefundState,
  ServiceOrder,
  ServiceOrderState,
  SharingOrder,
  TradeState,
  Transaction,
  TransferBatch,
  TransferState,
} from '../provider.js';

export type Json = Record<string, unknown>;

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');
const centsOf = (value: unknown): number => (typeof value === 'number' && Number.isSafeInteger(value) ? value : 0);
const objectOf = (value: unknown): Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};

const TRADE_STATES: Record<string, TradeState> = {
  SUCCESS: 'SUCCESS',
  // Paid, then (partly) refunded: the payment itself succeeded.
  REFUND: 'SUCCESS',
  NOTPAY: 'NOTPAY',
  USERPAYING: 'NOTPAY',
  CLOSED: 'CLOSED',
  REVOKED: 'CLOSED',
  PAYERROR: 'CLOSED',
};

export function transactionOf(wire: Json): Transaction {
  return {
    outTradeNo: textOf(wire.out_trade_no),
    transactionId: textOf(wire.transaction_id),
    tradeState: TRADE_STATES[textOf(wire.trade_state)] ?? 'NOTPAY',
    total: centsOf(objectOf(wire.amount).total),
  };
}

export function refundOf(wire: Json): Refund {
  return {
    outRefundNo: textOf(wire.out_refund_no),
    refundId: textOf(wire.refund_id),
    outTradeNo: textOf(wire.out_trade_no),
    refund: centsOf(objectOf(wire.amount).refund),
    status: (textOf(wire.status) || 'PROCESSING') as RefundState,
    channel: textOf(wire.channel),
    userReceivedAccount: textOf(wire.user_received_account),
  };
}

const BATCH_STATES: Record<string, TransferState> = {
  WAIT_PAY: 'ACCEPTED',
  ACCEPTED: 'ACCEPTED',
  PROCESSING: 'PROCESSING',
  FINISHED: 'FINISHED',
  CLOSED: 'CLOSED',
};

/** A batch answered on creation, or `transfer_batch` of a query. */
export function transferOf(wire: Json): TransferBatch {
  let state = BATCH_STATES[textOf(wire.batch_status)] ?? 'PROCESSING';
  // A finished batch whose one detail failed paid nothing: the money is still the merchant's.
  if (state === 'FINISHED' && centsOf(wire.success_amount) === 0 && centsOf(wire.fail_amount) > 0) state = 'CLOSED';
  return {
    outBatchNo: textOf(wire.out_batch_no),
    batchId: textOf(wire.batch_id),
    batchStatus: state,
    totalAmount: centsOf(wire.total_amount),
  };
}

/**
 * A profit-sharing order: PROCESSING until every receiver is done; then FINISHED, unless every receiver's share
 * was closed (nothing was shared, the whole amount is back with the merchant).
 */
export function sharingOf(wire: Json): SharingOrder {
  const receivers = Array.isArray(wire.receivers) ? wire.receivers.map(objectOf) : [];
  const pending = textOf(wire.state) !== 'FINISHED' || receivers.some((r) => textOf(r.result) === 'PENDING');
  const closed = receivers.length > 0 && receivers.every((r) => textOf(r.result) === 'CLOSED');
  return {
    outOrderNo: textOf(wire.out_order_no),
    orderId: textOf(wire.order_id),
    transactionId: textOf(wire.transaction_id),
    state: pending ? 'PROCESSING' : closed ? 'CLOSED' : 'FINISHED',
    amount: receivers.reduce((sum, receiver) => sum + centsOf(receiver.amount), 0),
  };
}

const COLLECTION_STATES: Record<string, ServiceOrder['collectionState']> = {
  USER_PAYING: 'USER_PAYING',
  USER_PAID: 'USER_PAID',
  PAY_FAILED: 'PAY_FAILED',
};

export function serviceOrderOf(wire: Json): ServiceOrder {
  const collection = objectOf(wire.collection);
  const details = Array.isArray(collection.details) ? collection.details.map(objectOf) : [];
  const state = textOf(wire.state);
  return {
    outOrderNo: textOf(wire.out_order_no),
    orderId: textOf(wire.order_id),
    // An order the customer never confirmed in time is as good as revoked.
    state: (state === 'EXPIRED' ? 'REVOKED' : state) as ServiceOrderState,
    riskAmount: centsOf(objectOf(wire.risk_fund).amount),
    totalAmount: centsOf(wire.total_amount),
    transactionId: textOf(details.find((detail) => textOf(detail.transaction_id))?.transaction_id),
    package: textOf(wire.package),
    ...(COLLECTION_STATES[textOf(collection.state)]
      ? { collectionState: COLLECTION_STATES[textOf(collection.state)] }
      : {}),
  };
}
