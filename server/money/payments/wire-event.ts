// A notification's body as v3 posts it, read into what the server applies. Read before the nonce is spent: a body
// that is not JSON, names no known event or lacks a field of its resource is refused as malformed, and the same
// nonce stays good for the provider's retry of a good body.
import {
  type NotificationEvent,
  PaymentError,
  type PayScoreEvent,
  type RefundState,
  type ServiceOrderState,
  type SharingState,
  type TradeState,
  type TransferBillState,
} from './provider.js';

/** The code of a refusal the notify URL answers with 400 (the others are 401: not from the provider). */
export const MALFORMED = 'MALFORMED';

const malformed = (): PaymentError => new PaymentError(MALFORMED, '通知内容格式错误');

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The text at `key`; `optional` answers "" for a missing one (v3 leaves some out). */
function text(object: Json, key: string, optional = false): string {
  const value = object[key];
  if (typeof value === 'string') return value;
  if (optional && value === undefined) return '';
  throw malformed();
}

function cents(object: unknown, key: string): number {
  const value = isObject(object) ? object[key] : undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw malformed();
  return value;
}

function oneOf<T extends string>(value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) throw malformed();
  return value as T;
}

const TRADE_STATES = ['SUCCESS', 'CLOSED'] as const;
const REFUND_STATES = ['SUCCESS', 'CLOSED', 'ABNORMAL'] as const;
const SHARING_STATES = ['FINISHED', 'CLOSED'] as const;
const PAYSCORE_EVENTS = ['USER_CONFIRM', 'USER_CANCEL', 'USER_PAID', 'PAY_FAILED'] as const;
/** A transfer bill's notification comes once it is final. */
const BILL_STATES = ['SUCCESS', 'FAIL', 'CANCELLED'] as const;

function serviceOrderEvent(event: string, r: Json): NotificationEvent {
  const details = isObject(r.collection) ? r.collection.details : undefined;
  if (!Array.isArray(details)) throw malformed();
  const first = details[0];
  if (first !== undefined && !isObject(first)) throw malformed();
  return {
    eventType: `PAYSCORE.${oneOf(event, PAYSCORE_EVENTS)}` as PayScoreEvent,
    serviceOrder: {
      outOrderNo: text(r, 'out_order_no'),
      orderId: text(r, 'order_id'),
      state: text(r, 'state') as ServiceOrderState,
      riskAmount: cents(r.risk_fund, 'amount'),
      totalAmount: cents(r, 'total_amount'),
      transactionId: first ? text(first, 'transaction_id') : '',
      package: text(r, 'package', true),
    },
  };
}

/** The event a body carries; a body that is not one the server knows is refused as malformed. */
export function readEvent(body: string): NotificationEvent {
  let wire: unknown;
  try {
    wire = JSON.parse(body);
  } catch {
    throw malformed();
  }
  if (!isObject(wire) || typeof wire.event_type !== 'string' || !isObject(wire.resource)) throw malformed();
  const [kind, event = ''] = wire.event_type.split('.', 2);
  const r = wire.resource;
  if (wire.event_type === 'MCHTRANSFER.BILL.FINISHED') {
    return {
      eventType: 'MCHTRANSFER.BILL.FINISHED',
      transferBill: {
        outBillNo: text(r, 'out_bill_no'),
        transferBillNo: text(r, 'transfer_bill_no'),
        state: oneOf(text(r, 'state'), BILL_STATES) as TransferBillState,
        transferAmount: cents(r, 'transfer_amount'),
        packageInfo: '',
        failReason: text(r, 'fail_reason', true),
      },
    };
  }
  switch (kind) {
    case 'PAYSCORE':
      return serviceOrderEvent(event, r);
    case 'TRANSACTION': {
      const state = oneOf(event, TRADE_STATES);
      return {
        eventType: `TRANSACTION.${state}`,
        transaction: {
          outTradeNo: text(r, 'out_trade_no'),
          transactionId: text(r, 'transaction_id'),
          tradeState: oneOf(text(r, 'trade_state'), TRADE_STATES) as TradeState,
          total: cents(r.amount, 'total'),
        },
      };
    }
    case 'REFUND': {
      const state = oneOf(event, REFUND_STATES);
      return {
        eventType: `REFUND.${state}`,
        refund: {
          outTradeNo: text(r, 'out_trade_no'),
          outRefundNo: text(r, 'out_refund_no'),
          refundId: text(r, 'refund_id'),
          status: oneOf(text(r, 'refund_status'), REFUND_STATES) as RefundState,
          channel: text(r, 'channel', true),
          userReceivedAccount: text(r, 'user_received_account', true),
          refund: cents(r.amount, 'refund'),
        },
      };
    }
    case 'PROFITSHARING': {
      const state = oneOf(event, SHARING_STATES);
      return {
        eventType: `PROFITSHARING.${state}`,
        sharing: {
          outOrderNo: text(r, 'out_order_no'),
          orderId: text(r, 'order_id'),
          transactionId: text(r, 'transaction_id'),
          state: oneOf(text(r, 'state'), SHARING_STATES) as SharingState,
          amount: cents(r.amount, 'total'),
        },
      };
    }
    default:
      throw malformed();
  }
}
