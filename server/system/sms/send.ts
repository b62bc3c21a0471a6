// Sending a text message: through the config named by `code`, or the enabled one (status 2) when no code is given.
// Used by send-message and by the sign-in code of the auth module.
import type { AppContext } from '../../platform/context.js';
import { badRequest } from '../../platform/http/envelope.js';
import { usualLog } from '../logs/usual-log.js';
import { STATUS_ENABLED } from '../resources/enable.js';
import { type SmsConfig, smsGatewayOf } from './gateway.js';

const MOBILE = /^1[3-9]\d{9}$/;
const MAX_PHONES = 100;

export interface SmsRequest {
  /** Comma list or array of mainland mobile numbers. */
  phones: string | string[];
  /** Template parameters, e.g. { code: '123456' }. */
  templateParams: Record<string, string>;
  /** smsCode of the config to use; the enabled config when absent. */
  code?: string;
}

export function phoneList(phones: string | string[]): string[] {
  const list = (Array.isArray(phones) ? phones : phones.split(',')).map((p) => p.trim()).filter(Boolean);
  if (list.length === 0) throw badRequest('phones 不能为空');
  if (list.length > MAX_PHONES) throw badRequest(`phones 一次最多 ${MAX_PHONES} 个号码`);
  const bad = list.find((phone) => !MOBILE.test(phone));
  if (bad) throw badRequest(`手机号码格式不正确: ${bad}`);
  return [...new Set(list)];
}

async function configOf(ctx: AppContext, code: string | undefined): Promise<SmsConfig> {
  let query = ctx.db
    .selectFrom('blade_sms')
    .select(['id', 'category', 'smsCode', 'templateId', 'accessKey', 'secretKey', 'regionId', 'appId', 'signName'])
    .where('isDeleted', '=', 0);
  query = code ? query.where('smsCode', '=', code) : query.where('status', '=', STATUS_ENABLED);
  const config = await query.executeTakeFirst();
  if (!config) throw badRequest(code ? `短信配置不存在: ${code}` : '未启用短信配置, 请先在短信配置中启用一项');
  return config;
}

/** Sends to every phone; throws a 400 with the provider's refusal when one is refused. Answers the phones. */
export async function sendSms(ctx: AppContext, request: SmsRequest, user = ''): Promise<string[]> {
  const phones = phoneList(request.phones);
  const config = await configOf(ctx, request.code);
  const gateway = smsGatewayOf(ctx, config);
  const refused: string[] = [];
  for (const phone of phones) {
    const error = await gateway.send(config, phone, request.templateParams);
    if (error) refused.push(`${phone}: ${error}`);
  }
  usualLog(ctx, {
    logId: 'sms-send',
    level: refused.length ? 'warn' : 'info',
    data: `短信 ${config.smsCode} → ${phones.join(',')}${refused.length ? ` 失败 ${refused.join('; ')}` : ''}`,
    user,
  });
  if (refused.length) throw badRequest(`短信发送失败: ${refused.join('; ')}`);
  return phones;
}
