// Demo data added on request (`npm run seed:demo`): one generator per kind of record, each told how many to add.
// Business areas register their generator here as their tables arrive; a kind without one is reported, not faked.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { addDemoNotices } from './notices.js';

export type DemoGenerator = (db: Kysely<Database>, count: number) => Promise<number>;

/** `notices` counts rounds of the six demo notices. */
export const demoGenerators: Record<string, DemoGenerator> = {
  notices: addDemoNotices,
};

/** Kinds the CLI accepts; `orders` waits for the rental order tables. */
export const DEMO_KINDS = ['notices', 'orders'] as const;
export type DemoKind = (typeof DEMO_KINDS)[number];

export interface DemoResult {
  kind: DemoKind;
  added: number | null;
}

export async function addDemoData(
  db: Kysely<Database>,
  counts: Partial<Record<DemoKind, number>>,
): Promise<DemoResult[]> {
  const results: DemoResult[] = [];
  for (const kind of DEMO_KINDS) {
    const count = counts[kind];
    if (count === undefined || count === 0) continue;
    const generate = demoGenerators[kind];
    results.push({ kind, added: generate ? await generate(db, count) : null });
  }
  return results;
}
