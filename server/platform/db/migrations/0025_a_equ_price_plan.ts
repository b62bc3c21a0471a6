// A device may be charged by a price plan of its own (设置价格方案 on the equipment list, docs/rental-operations.md):
// biz_equ.price_id names it, empty meaning the site's active plan for the device's type. A database seeded before gets
// the list's 设置价格方案 button (equ_price) for the administrator and the operator; a fresh one has it from the seed.
import type { Kysely } from 'kysely';
import { nextId } from '../ids.js';
import type { Database } from '../schema.js';
import { now } from '../time.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('biz_equ').addColumn('price_id', 'bigint').execute();
  const trx = db as Kysely<Database>;
  const equ = await trx
    .selectFrom('blade_menu')
    .select('id')
    .where('code', '=', 'equ')
    .where('category', '=', 1)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  const held = await trx.selectFrom('blade_menu').select('id').where('code', '=', 'equ_price').executeTakeFirst();
  if (!equ || held) return;
  const id = nextId();
  await trx
    .insertInto('blade_menu')
    .values({
      id,
      parentId: equ.id,
      code: 'equ_price',
      name: '设置价格方案',
      alias: 'equPrice',
      path: null,
      source: null,
      sort: 2,
      category: 2,
      action: 2,
      isOpen: 1,
      keepAlive: 1,
      remark: null,
      createTime: now(),
    })
    .execute();
  // As the seed gives it: the administrator, and the operator, who holds the business area whole.
  const roles = await trx
    .selectFrom('blade_role')
    .select('id')
    .where('roleAlias', 'in', ['administrator', 'operator'])
    .execute();
  for (const role of roles) {
    await trx.insertInto('blade_role_menu').values({ id: nextId(), menuId: id, roleId: role.id }).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const trx = db as Kysely<Database>;
  const button = await trx.selectFrom('blade_menu').select('id').where('code', '=', 'equ_price').executeTakeFirst();
  if (button) {
    await trx.deleteFrom('blade_role_menu').where('menuId', '=', button.id).execute();
    await trx.deleteFrom('blade_menu').where('id', '=', button.id).execute();
  }
  await db.schema.alterTable('biz_equ').dropColumn('price_id').execute();
}
