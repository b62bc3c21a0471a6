// Rate limits of the anonymous calls (docs/rate-limits.md): one counter a key (a call and an address, or a phone) and
// window, shared by every instance on the database. The window's end is kept in epoch milliseconds, compared as a
// number on both databases whatever the server's time zone. A database seeded before gets the limit parameters, as a
// fresh seed has them.
import type { Kysely } from 'kysely';
import { nextId } from '../ids.js';
import type { Database } from '../schema.js';
import { now } from '../time.js';

export const LIMIT_PARAMS = [
  {
    paramName: '登录限流(次/分钟/地址)',
    paramKey: 'limit.signInPerIpMinute',
    paramValue: '60',
    remark: '同一地址每分钟最多登录、注册次数',
  },
  {
    paramName: '短信验证码限流(次/小时/地址)',
    paramKey: 'limit.smsPerIpHour',
    paramValue: '20',
    remark: '同一地址每小时最多请求短信验证码次数',
  },
  {
    paramName: '短信验证码限流(次/小时/手机号)',
    paramKey: 'limit.smsPerPhoneHour',
    paramValue: '5',
    remark: '同一手机号每小时最多发送验证码条数',
  },
  {
    paramName: '公开接口限流(次/分钟/地址)',
    paramKey: 'limit.publicPerIpMinute',
    paramValue: '120',
    remark: '同一地址每分钟对每个其他公开接口的最多调用次数',
  },
  {
    paramName: '平台通知限流(次/分钟/地址)',
    paramKey: 'limit.notifyPerIpMinute',
    paramValue: '600',
    remark: '支付平台、公众号平台每个地址每分钟最多通知次数',
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blade_rate_limit')
    .addColumn('limit_key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blade_rate_limit_reset').on('blade_rate_limit').column('reset_at').execute();

  const trx = db as Kysely<Database>;
  // A fresh database is seeded after the migrations, with the parameters.
  const seeded = await trx.selectFrom('blade_param').select('id').limit(1).executeTakeFirst();
  if (!seeded) return;
  const createTime = now();
  await trx
    .insertInto('blade_param')
    .values(LIMIT_PARAMS.map((param) => ({ id: nextId(), ...param, createTime })))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blade_rate_limit').execute();
  await (db as Kysely<Database>).deleteFrom('blade_param').where('paramKey', 'like', 'limit.%').execute();
}
