// The saber client and the account parameters the sign-in and user screens read.
import type { Kysely } from 'kysely';
import { nextId } from '../platform/db/ids.js';
import { LIMIT_PARAMS } from '../platform/db/migrations/0027_h_rate_limits.js';
import type { Database } from '../platform/db/schema.js';
import { now } from '../platform/db/time.js';

export const PARAMS = [
  { paramName: '是否开放注册', paramKey: 'account.registerUser', paramValue: 'false', remark: '第三方账号注册开关' },
  { paramName: '账号初始密码', paramKey: 'account.initPassword', paramValue: '123456', remark: '重置密码时使用' },
  { paramName: '登录失败次数', paramKey: 'account.failCount', paramValue: '5', remark: '超过后锁定30分钟' },
  {
    paramName: '付款审批金额(分)',
    paramKey: 'money.approvalCents',
    paramValue: '50000',
    remark: '员工退款、转账、提现打款超过此金额(分)时需另一人审批',
  },
  {
    paramName: '每人每日免审批付款合计(分)',
    paramKey: 'money.requesterDailyCents',
    paramValue: '200000',
    remark:
      '一名员工当日未经审批的退款、转账、提现打款合计超过此金额(分)时, 再付款需另一人审批 (Requester daily total, cents: beyond it a person’s further payouts of the day wait for a second person)',
  },
  ...LIMIT_PARAMS,
];

export async function seedSettings(db: Kysely<Database>): Promise<void> {
  const createTime = now();
  await db
    .insertInto('blade_client')
    .values({
      id: nextId(),
      clientId: 'saber',
      clientSecret: 'saber_secret',
      scope: 'all',
      authorizedGrantTypes: 'password,captcha,refresh_token,social,sms_code',
      accessTokenValidity: 3600,
      refreshTokenValidity: 604800,
      createTime,
    })
    .execute();
  await db
    .insertInto('blade_param')
    .values(PARAMS.map((param) => ({ id: nextId(), ...param, createTime })))
    .execute();
}
