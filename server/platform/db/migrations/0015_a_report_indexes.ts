// The dashboard reads one day of the merchant's ledger, of refunds and of new customers (docs/dashboard-and-reports.md).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('biz_ledger_account_created')
    .on('biz_ledger')
    .columns(['account', 'create_time'])
    .execute();
  await db.schema.createIndex('biz_refund_created').on('biz_refund').column('create_time').execute();
  await db.schema.createIndex('biz_customer_created').on('biz_customer').column('create_time').execute();
}
