// What the demo history's generators share: a fixed random sequence, batched inserts, ledger entries, and running
// inside the caller's transaction when there is one (the first start seeds everything in one).
import type { Insertable, Kysely, Transaction } from 'kysely';
import { nextId } from '../platform/db/ids.js';
import type { Database } from '../platform/db/schema.js';

export type Db = Kysely<Database> | Transaction<Database>;
export type Rows<T extends keyof Database> = Insertable<Database[T]>[];

export const DAY_MS = 86_400_000;
/** Rows per insert statement: under SQLite's bound-parameter limit for the widest table (orders, ~35 columns). */
const BATCH = 500;

/**
 * A fixed pseudo-random sequence in [0, 1) (mulberry32), so every demo install is the same. Successive draws pick the
 * site, the equipment, the customer and the state, so they must not be correlated as a plain LCG's are.
 */
export function sequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Runs `work` in the caller's transaction, or in a new one. */
export function inTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}

export async function insertAll<T extends keyof Database>(db: Db, table: T, rows: Rows<T>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + BATCH) as never)
      .execute();
  }
}

/** A ledger entry: `account` 0 is the merchant's, any other a wallet's. */
export function entry(
  account: number,
  kind: string,
  bizNo: string,
  delta: number,
  createTime: string,
  orderId?: number,
) {
  return { id: nextId(), account, kind, bizNo, personDelta: delta, platDelta: 0, orderId: orderId ?? null, createTime };
}
