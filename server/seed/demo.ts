// Demo data added on request (`npm run seed:demo`): one generator per kind of record, each told how many to add.
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema.js';
import { addDemoOrders } from './demo-history.js';
import { addDemoNotices } from './notices.js';

export type DemoGenerator = (db: Kysely<Database>, count: number) => Promise<number>;

/** Kinds the CLI accepts. */
export const DEMO_KINDS = ['notices', 'orders'] as const;
export type DemoKind = (typeof DEMO_KINDS)[number];

/** `notices` counts rounds of the six demo notices; `orders` counts rental orders, with the money around them (docs/orders-and-money.md). */
export const demoGenerators: Record<DemoKind, DemoGenerator> = {
  notices: addDemoNotices,
  orders: addDemoOrders,
};

export interface DemoResult {
  kind: DemoKind;
  added: number;
}

export async function addDemoData(
  db: Kysely<Database>,
  counts: Partial<Record<DemoKind, number>>,
): Promise<DemoResult[]> {
  const results: DemoResult[] = [];
  for (const kind of DEMO_KINDS) {
    const count = counts[kind];
    if (count === undefined || count === 0) continue;
    results.push({ kind, added: await demoGenerators[kind](db, count) });
  }
  return results;
}
