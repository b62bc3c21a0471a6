// What the server says at start about its outside services (WeChat Pay, SMS, the official account platform, storage):
// a simulator left on in production, a live provider whose enabled config lacks what the provider needs. It reads
// the configs only (no call leaves the machine at start) and never prints a key.
import type { AppContext } from './platform/context.js';
import { STATUS_ENABLED } from './system/resources/enable.js';
import { SMS_ALIYUN, SMS_TENCENT } from './system/sms/gateway.js';

export async function providerWarnings(ctx: AppContext): Promise<string[]> {
  const { config, db } = ctx;
  const warnings: string[] = [];
  const production = config.env === 'production';
  const pay = config.payments;
  if (pay.provider === 'wechat' && pay.wechat.verifyMode === 'switch-over') {
    warnings.push(
      'WECHATPAY_VERIFY_MODE=switch-over: WeChat Pay answers and notifications signed by a platform certificate are ' +
        'still accepted; once 商户平台 → API安全 shows every notification signed by the public key, set ' +
        'WECHATPAY_VERIFY_MODE=public-key',
    );
  }
  if (config.sms.gateway === 'simulator' && production) {
    warnings.push('SMS_GATEWAY=simulator: texts (sign-in codes) are recorded, not sent; set SMS_GATEWAY=live');
  }
  if (config.mp.platform === 'simulator' && production) {
    warnings.push('MP_PLATFORM=simulator: the official account talks to the simulator; set MP_PLATFORM=wechat');
  }
  if (config.sms.gateway === 'live') {
    const sms = await db
      .selectFrom('blade_sms')
      .select(['smsCode', 'category', 'secretKey', 'appId'])
      .where('isDeleted', '=', 0)
      .where('status', '=', STATUS_ENABLED)
      .executeTakeFirst();
    if (!sms) warnings.push('SMS_GATEWAY=live: no 短信配置 is enabled, so no text can be sent');
    else if (sms.category !== SMS_ALIYUN && sms.category !== SMS_TENCENT) {
      warnings.push(
        `SMS config ${sms.smsCode}: only 阿里云 (3) and 腾讯云 (4) are connected, not category ${sms.category}`,
      );
    } else if (!sms.secretKey) warnings.push(`SMS config ${sms.smsCode}: the secretKey is empty`);
    else if (sms.category === SMS_TENCENT && !sms.appId)
      warnings.push(`SMS config ${sms.smsCode}: 腾讯云 needs its SdkAppId`);
  }
  if (config.mp.platform === 'wechat') {
    const unpushed = await db
      .selectFrom('mp_account')
      .select('appId')
      .where('isDeleted', '=', 0)
      .where((eb) => eb.or([eb('pushToken', 'is', null), eb('pushToken', '=', '')]))
      .execute();
    for (const account of unpushed) {
      warnings.push(
        `official account ${account.appId}: no push Token, so /api/mp/portal/${account.appId} refuses every push`,
      );
    }
  }
  const oss = await db
    .selectFrom('blade_oss')
    .select(['ossCode', 'endpoint', 'accessKey', 'secretKey', 'bucketName'])
    .where('isDeleted', '=', 0)
    .where('status', '=', STATUS_ENABLED)
    .executeTakeFirst();
  if (oss && !(oss.endpoint && oss.accessKey && oss.secretKey && oss.bucketName)) {
    warnings.push(
      `OSS config ${oss.ossCode}: endpoint, accessKey, secretKey and bucket are all needed; uploads will fail`,
    );
  }
  return warnings;
}
