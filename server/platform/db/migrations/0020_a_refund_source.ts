// Who asked for each refund (docs/orders-and-money.md, Refunds): 1 staff (R…), 2 the rest of a deposit at finish
// (F…), 3 the customer in the app (C…), so the refund list shows a customer's own request apart from staff ones.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('biz_refund')
    .addColumn('source', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`update biz_refund set source = 2 where out_refund_no like 'F%'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('biz_refund').dropColumn('source').execute();
}
