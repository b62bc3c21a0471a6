// Daily figures kept beside the orders they summarise (docs/dashboard-and-reports.md): one row per day, order
// department, site and equipment, written in the same transaction as each order, ledger entry and refund it counts
// (server/money/reports/day-figures.ts) and rebuilt from them by `npm run figures:rebuild`. Counters are whole numbers:
// counts, minutes and cents.
import type { Kysely } from 'kysely';

const COUNTERS = [
  'orders',
  'rentals',
  'minutes',
  'ledger',
  'refunds',
  'refund_amount',
  'order_ledger',
  'order_refunds',
  'order_refund_amount',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  let table = db.schema
    .createTable('biz_day_figure')
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('dept_id', 'bigint', (c) => c.notNull())
    .addColumn('site_id', 'bigint', (c) => c.notNull())
    .addColumn('equ_id', 'bigint', (c) => c.notNull());
  for (const counter of COUNTERS) table = table.addColumn(counter, 'bigint', (c) => c.notNull().defaultTo(0));
  await table.addPrimaryKeyConstraint('biz_day_figure_key', ['day', 'dept_id', 'site_id', 'equ_id']).execute();
  // The map and the hospital report read some sites over a range of days.
  await db.schema.createIndex('biz_day_figure_site_day').on('biz_day_figure').columns(['site_id', 'day']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('biz_day_figure').execute();
}
