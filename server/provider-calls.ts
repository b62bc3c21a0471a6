// What `npm run providers:check` asks each configured outside service: one harmless call that proves its settings —
// nothing takes money, sends a text or changes anything (each area's check.ts says what it calls). Unlike the start
// warnings (provider-checks.ts), which read the configs only, these leave the machine. No key is ever in a line.
import { checkOfficialAccount } from './channels/mp/check.js';
import { checkWechatPay } from './money/payments/wechat/check.js';
import type { AppContext } from './platform/context.js';
import { checkMiniApp } from './system/auth/miniapp/check.js';
import { checkStorage } from './system/oss/check.js';
import { STATUS_ENABLED } from './system/resources/enable.js';
import { checkSms } from './system/sms/check.js';

export interface ProviderCheck {
  provider: string;
  ok: boolean;
  text: string;
}

export async function providerCalls(ctx: AppContext): Promise<ProviderCheck[]> {
  const { config, db } = ctx;
  const checks: ProviderCheck[] = [];
  if (config.payments.provider === 'wechat') {
    checks.push({ provider: 'WeChat Pay', ...(await checkWechatPay(config.payments.wechat)) });
  }
  if (config.mp.platform === 'wechat') {
    const accounts = await db
      .selectFrom('mp_account')
      .select(['appId', 'appSecret'])
      .where('isDeleted', '=', 0)
      .orderBy('id')
      .execute();
    for (const account of accounts) {
      checks.push({ provider: 'Official account', ...(await checkOfficialAccount(ctx, account)) });
    }
  }
  if (config.miniApp.login === 'wechat') checks.push({ provider: 'Mini-program', ...(await checkMiniApp(ctx)) });
  if (config.sms.gateway === 'live') checks.push({ provider: 'SMS', ...(await checkSms(ctx)) });
  const storage = await db
    .selectFrom('blade_oss')
    .select(['id', 'ossCode', 'category', 'endpoint', 'accessKey', 'secretKey', 'bucketName', 'appId', 'region'])
    .where('isDeleted', '=', 0)
    .where('status', '=', STATUS_ENABLED)
    .executeTakeFirst();
  if (storage) checks.push({ provider: 'Storage', ...(await checkStorage(storage)) });
  return checks;
}
