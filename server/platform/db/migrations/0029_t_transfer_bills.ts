// Payouts through 商家转账 transfer bills (docs/orders-and-money.md, Withdrawals and Transfers): which transfer API a
// payout went out by (so a change of WECHATPAY_TRANSFER_API never asks the other API about it), WeChat Pay's bill
// number, the bill's state as WeChat Pay words it (shown to staff) and the package the customer confirms it with.
// A transfer staff launch at 2,000 yuan or more keeps the payee's real name WeChat Pay asks for, sent again as it was
// if the bill has to be asked for again. The sandbox's state holds a bill's WAIT_USER_CONFIRM, longer than 16
// characters (SQLite keeps any length).
import { type Kysely, PostgresAdapter } from 'kysely';

const TABLES = ['biz_withdrawal', 'biz_transfer'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn('payout_api', 'varchar(16)').execute();
    await db.schema.alterTable(table).addColumn('transfer_bill_no', 'varchar(64)').execute();
    await db.schema.alterTable(table).addColumn('bill_state', 'varchar(32)').execute();
    await db.schema.alterTable(table).addColumn('package_info', 'varchar(1024)').execute();
  }
  await db.schema.alterTable('biz_transfer').addColumn('payee_name', 'varchar(64)').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.schema
      .alterTable('biz_pay_sim')
      .alterColumn('state', (column) => column.setDataType('varchar(32)'))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('biz_transfer').dropColumn('payee_name').execute();
  for (const table of TABLES) {
    for (const column of ['package_info', 'bill_state', 'transfer_bill_no', 'payout_api']) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}
