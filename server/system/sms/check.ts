// The go-live check of SMS (`npm run providers:check`, with SMS_GATEWAY=live): the enabled 短信配置's provider is asked
// about the config's template (阿里云 QuerySmsTemplateList, 腾讯云 DescribeSmsTemplateList), a signed call that sends
// no text and costs nothing. It proves the AccessKey / SecretId and its secret, and that the template is approved.
import type { AppContext } from '../../platform/context.js';
import { STATUS_ENABLED } from '../resources/enable.js';
import { aliyunTemplateRefusal } from './aliyun.js';
import { SMS_ALIYUN, SMS_TENCENT } from './gateway.js';
import { tencentTemplateRefusal } from './tencent.js';

/** The providers' names as 短信配置 shows them (a CLI line, not an answer). */
const PROVIDER_NAMES: Record<number, string> = { [SMS_ALIYUN]: '阿里云', [SMS_TENCENT]: '腾讯云' };

export async function checkSms(ctx: AppContext): Promise<{ ok: boolean; text: string }> {
  const config = await ctx.db
    .selectFrom('blade_sms')
    .select(['id', 'category', 'smsCode', 'templateId', 'accessKey', 'secretKey', 'regionId', 'appId', 'signName'])
    .where('isDeleted', '=', 0)
    .where('status', '=', STATUS_ENABLED)
    .executeTakeFirst();
  if (!config) return { ok: false, text: 'no 短信配置 is enabled: 系统资源 → 短信配置, add one and 启用' };
  const { aliyunEndpoint, tencentEndpoint } = ctx.config.sms;
  const where = `短信配置 ${config.smsCode}`;
  let refusal: string | null;
  if (config.category === SMS_ALIYUN) refusal = await aliyunTemplateRefusal(config, aliyunEndpoint);
  else if (config.category === SMS_TENCENT) refusal = await tencentTemplateRefusal(config, tencentEndpoint);
  else
    return {
      ok: false,
      text: `${where}: only 阿里云 (3) and 腾讯云 (4) are connected, not category ${config.category}`,
    };
  const provider = PROVIDER_NAMES[config.category] ?? String(config.category);
  if (refusal) return { ok: false, text: `${where} (${provider}): ${refusal}: fix it under 系统资源 → 短信配置` };
  return { ok: true, text: `${where} (${provider}): keys accepted, template ${config.templateId} approved` };
}
