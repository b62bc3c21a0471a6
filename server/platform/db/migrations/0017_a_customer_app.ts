// The customer app (docs/orders-and-money.md, "The customer app"): its own BladeX client, whose sessions name a
// customer instead of a staff user, and the lookup of the unpaid order that holds a piece of equipment.
import { type Kysely, sql } from 'kysely';
import { nextId } from '../ids.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('blade_session').addColumn('customer_id', 'bigint').execute();
  // Only unpaid orders: a small index, where one over every order would take a million random inserts.
  await db.schema
    .createIndex('biz_order_equ_unpaid')
    .on('biz_order')
    .column('equ_id')
    .where(sql.ref('state'), '=', 0)
    .execute();
  const stamp = new Date().toISOString().slice(0, 19).replace('T', ' ');
  // A fresh database and one that predates the app both get the client; staff change its secret under 客户端管理.
  await sql`insert into blade_client (id, client_id, client_secret, scope, authorized_grant_types,
      access_token_validity, refresh_token_validity, create_time)
    values (${nextId()}, 'rider', 'rider_secret', 'app', 'wechat_app,refresh_token', 7200, 2592000, ${stamp})`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from blade_client where client_id = 'rider'`.execute(db);
  await db.schema.dropIndex('biz_order_equ_unpaid').execute();
  await db.schema.alterTable('blade_session').dropColumn('customer_id').execute();
}
