// The append-only ledger (docs/orders-and-money.md): one row per movement of one account, never updated or
// deleted. Account 0 is the merchant's own account; the unique (account, kind, bizNo) makes each movement once.
import type { Transaction } from 'kysely';
import { nextId } from '../../platform/db/ids.js';
import type { Database } from '../../platform/db/schema.js';
import { now } from '../../platform/db/time.js';
import { publish } from '../events/money-events.js';

export const MERCHANT = 0;

export type LedgerKind =
  | 'order_fee'
  | 'mismatch_pay'
  | 'refund'
  | 'refund_back'
  | 'refund_outside'
  | 'split'
  | 'split_back'
  | 'transfer'
  | 'transfer_back'
  | 'withdraw_freeze'
  | 'withdraw_release'
  | 'recharge'
  | 'bonus'
  | 'rent_pay'
  | 'rent_release';

export interface Movement {
  account: number;
  kind: LedgerKind;
  bizNo: string;
  personDelta: number;
  platDelta?: number;
  orderId?: number;
}

/** Writes one movement and tells it (the merchant's movements of an order count in the daily figures). */
export async function append(trx: Transaction<Database>, movement: Movement): Promise<void> {
  const at = now();
  await trx
    .insertInto('biz_ledger')
    .values({
      id: nextId(),
      platDelta: 0,
      orderId: null,
      ...movement,
      createTime: at,
    })
    .execute();
  const { account, orderId, personDelta } = movement;
  await publish(trx, { kind: 'ledger_entry', account, orderId, delta: personDelta, at });
}
