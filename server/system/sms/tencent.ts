// 腾讯云短信 (SMS 2021-01-11) through Tencent Cloud's official SDK, which signs every call (TC3-HMAC-SHA256). The
// config's accessKey / secretKey are the SecretId / SecretKey, appId the 短信应用 SdkAppId, templateId the 模板ID,
// signName the approved 签名内容, regionId the region (ap-guangzhou by default); the template's {1}, {2}, … are the
// message's parameters in the order given.
import { createRequire } from 'node:module';
import { endpointParts } from './aliyun.js';
import type { SmsConfig, SmsGateway } from './gateway.js';
import { refusalText } from './refusals.js';

const require = createRequire(import.meta.url);
// Loaded on the first text sent, as the other provider's SDK is.
const sdk = () => require('tencentcloud-sdk-nodejs-sms') as typeof import('tencentcloud-sdk-nodejs-sms');

export const TENCENT_ENDPOINT = 'sms.tencentcloudapi.com';

/** The SDK's client of a config, at the endpoint (the provider's, or a double's). */
function clientOf(config: SmsConfig, endpoint: string) {
  const { host, protocol } = endpointParts(endpoint);
  const { sms } = sdk();
  return new sms.v20210111.Client({
    credential: { secretId: config.accessKey ?? '', secretKey: config.secretKey ?? '' },
    region: config.regionId || 'ap-guangzhou',
    profile: { httpProfile: { endpoint: host, protocol: `${protocol}://`, reqTimeout: 10 } },
  });
}

/** A provider's refusal (an SDK error with its code) as text, or the error again when it is no refusal. */
function refusalOfError(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  if (!code) throw error;
  return refusalText('tencent', code, message ?? '');
}

export function tencentGateway(endpoint = TENCENT_ENDPOINT): SmsGateway {
  return {
    send: async (config, phone, params) => {
      try {
        const answer = await clientOf(config, endpoint).SendSms({
          PhoneNumberSet: [`+86${phone}`],
          SmsSdkAppId: config.appId ?? '',
          SignName: config.signName ?? '',
          TemplateId: config.templateId ?? '',
          TemplateParamSet: Object.values(params),
        });
        const status = answer.SendStatusSet?.[0];
        if (status?.Code === 'Ok') return null;
        return refusalText('tencent', status?.Code ?? '', status?.Message ?? '');
      } catch (error) {
        return refusalOfError(error);
      }
    },
  };
}

/** 腾讯云's template states: approved, under review, refused. */
const TEMPLATE_STATES: Record<number, string> = { 1: 'under review', [-1]: 'refused' };

/**
 * Whether the config's template is approved under its SecretId (DescribeSmsTemplateList, which sends nothing): null
 * when it is, else what is wrong, in the provider's words (a wrong SecretId or SecretKey among them).
 */
export async function tencentTemplateRefusal(config: SmsConfig, endpoint = TENCENT_ENDPOINT): Promise<string | null> {
  const id = Number(config.templateId);
  if (!Number.isSafeInteger(id)) return `腾讯云 template IDs are numbers, not ${config.templateId}`;
  try {
    const answer = await clientOf(config, endpoint).DescribeSmsTemplateList({ International: 0, TemplateIdSet: [id] });
    const found = answer.DescribeTemplateStatusSet?.find((template) => Number(template.TemplateId) === id);
    if (!found) return `腾讯云 has no template ${id} under this SecretId`;
    if (found.StatusCode === 0) return null;
    return `腾讯云 template ${id} is not approved (${TEMPLATE_STATES[Number(found.StatusCode)] ?? found.StatusCode})`;
  } catch (error) {
    return refusalOfError(error);
  }
}
