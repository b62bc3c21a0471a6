// Rental operations, second part: fault reports, hospital rooms and companion beds, field staff and their duty rota,
// and what the customer app shows (coupons, goods, activities, banners, tips, common questions, the apps themselves).
// Money columns are integer cents.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { withBase } from './columns.js';

const live = sql.ref('is_deleted');

export async function up(db: Kysely<unknown>): Promise<void> {
  await withBase(db.schema.createTable('biz_problem'))
    .addColumn('equ_id', 'bigint', (c) => c.notNull())
    .addColumn('site_id', 'bigint', (c) => c.notNull())
    .addColumn('fault_kind', 'integer', (c) => c.notNull())
    .addColumn('description', 'varchar(1000)', (c) => c.notNull())
    .addColumn('pictures', 'varchar(2000)')
    .addColumn('reporter_phone', 'varchar(30)')
    .addColumn('problem_state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('handler', 'varchar(50)')
    .addColumn('result', 'varchar(1000)')
    .addColumn('resolved_equ_state', 'integer')
    .addColumn('resolve_time', 'timestamp')
    .execute();
  await db.schema.createIndex('biz_problem_equ').on('biz_problem').column('equ_id').execute();

  await withBase(db.schema.createTable('biz_room'))
    .addColumn('site_id', 'bigint', (c) => c.notNull())
    .addColumn('ward', 'varchar(50)', (c) => c.notNull())
    .addColumn('floor', 'integer')
    .addColumn('room_no', 'varchar(20)', (c) => c.notNull())
    .addColumn('remark', 'varchar(500)')
    .execute();
  await db.schema
    .createIndex('biz_room_no_live')
    .on('biz_room')
    .columns(['site_id', 'ward', 'room_no'])
    .unique()
    .where(live, '=', 0)
    .execute();

  await withBase(db.schema.createTable('biz_bed'))
    .addColumn('room_id', 'bigint', (c) => c.notNull())
    .addColumn('site_id', 'bigint', (c) => c.notNull())
    .addColumn('bed_no', 'varchar(20)', (c) => c.notNull())
    .addColumn('equ_id', 'bigint')
    .addColumn('bed_state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('remark', 'varchar(500)')
    .execute();
  await db.schema
    .createIndex('biz_bed_no_live')
    .on('biz_bed')
    .columns(['room_id', 'bed_no'])
    .unique()
    .where(live, '=', 0)
    .execute();

  await withBase(db.schema.createTable('biz_coupon'))
    .addColumn('coupon_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('coupon_kind', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint')
    .addColumn('discount', 'integer')
    .addColumn('free_minutes', 'integer')
    .addColumn('threshold', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('valid_from', 'timestamp', (c) => c.notNull())
    .addColumn('valid_to', 'timestamp', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('per_user_limit', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('site_ids', 'varchar(2000)')
    .addColumn('issued_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'varchar(500)')
    .execute();

  await withBase(db.schema.createTable('biz_goods'))
    .addColumn('goods_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('picture', 'varchar(500)')
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shelf_state', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('description', 'varchar(2000)')
    .addColumn('sort', 'integer')
    .execute();

  await withBase(db.schema.createTable('biz_activity'))
    .addColumn('activity_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('activity_kind', 'integer', (c) => c.notNull())
    .addColumn('start_time', 'timestamp', (c) => c.notNull())
    .addColumn('end_time', 'timestamp', (c) => c.notNull())
    .addColumn('recharge_amount', 'bigint')
    .addColumn('bonus_amount', 'bigint')
    .addColumn('coupon_id', 'bigint')
    .addColumn('rules', 'text')
    .addColumn('publish_state', 'integer', (c) => c.notNull().defaultTo(2))
    .execute();

  await withBase(db.schema.createTable('biz_banner'))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('image', 'varchar(500)', (c) => c.notNull())
    .addColumn('link', 'varchar(500)')
    .addColumn('sort', 'integer')
    .addColumn('valid_from', 'timestamp')
    .addColumn('valid_to', 'timestamp')
    .addColumn('publish_state', 'integer', (c) => c.notNull().defaultTo(2))
    .execute();

  await withBase(db.schema.createTable('biz_tip'))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('tip_kind', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer')
    .addColumn('publish_state', 'integer', (c) => c.notNull().defaultTo(2))
    .execute();

  await withBase(db.schema.createTable('biz_normal'))
    .addColumn('question', 'varchar(200)', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer')
    .addColumn('publish_state', 'integer', (c) => c.notNull().defaultTo(2))
    .execute();

  await withBase(db.schema.createTable('biz_oper'))
    .addColumn('oper_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('site_ids', 'varchar(2000)', (c) => c.notNull())
    .addColumn('user_id', 'bigint')
    .addColumn('oper_state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('remark', 'varchar(500)')
    .execute();

  await withBase(db.schema.createTable('biz_schedule'))
    .addColumn('oper_id', 'bigint', (c) => c.notNull())
    .addColumn('site_id', 'bigint', (c) => c.notNull())
    .addColumn('duty_date', 'timestamp', (c) => c.notNull())
    .addColumn('shift', 'integer', (c) => c.notNull())
    .addColumn('remark', 'varchar(500)')
    .execute();
  await db.schema
    .createIndex('biz_schedule_shift_live')
    .on('biz_schedule')
    .columns(['oper_id', 'duty_date', 'shift'])
    .unique()
    .where(live, '=', 0)
    .execute();

  await withBase(db.schema.createTable('biz_app'))
    .addColumn('app_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('app_kind', 'integer', (c) => c.notNull())
    .addColumn('remark', 'varchar(500)')
    .execute();
  await db.schema
    .createIndex('biz_app_key_live')
    .on('biz_app')
    .column('app_key')
    .unique()
    .where(live, '=', 0)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'biz_app',
    'biz_schedule',
    'biz_oper',
    'biz_normal',
    'biz_tip',
    'biz_banner',
    'biz_activity',
    'biz_goods',
    'biz_coupon',
    'biz_bed',
    'biz_room',
    'biz_problem',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
