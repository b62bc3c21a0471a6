// 阿里云短信 (Dysmsapi 2017-05-25) through Alibaba Cloud's official SDK, which signs every call (ACS3-HMAC-SHA256).
// The config's accessKey / secretKey are a RAM user's AccessKey pair, templateId the 模板CODE (SMS_…), signName the
// approved 签名名称; the template's variables are the message's parameters by name.
import { createRequire } from 'node:module';
import type { SmsConfig, SmsGateway } from './gateway.js';
import { refusalText } from './refusals.js';

const require = createRequire(import.meta.url);
// Loaded on the first text sent: the SDK takes most of a second to load, which a server sending none should not pay.
const sdk = () => ({
  ...(require('@alicloud/dysmsapi20170525') as typeof import('@alicloud/dysmsapi20170525')),
  Config: (require('@alicloud/openapi-client') as typeof import('@alicloud/openapi-client')).Config,
});

export const ALIYUN_ENDPOINT = 'dysmsapi.aliyuncs.com';

/** `host` or `http://host:port` (a local double): the SDK takes the two apart. */
export function endpointParts(endpoint: string): { host: string; protocol: 'http' | 'https' } {
  const found = /^(https?):\/\/(.+?)\/?$/.exec(endpoint);
  return found ? { protocol: found[1] as 'http' | 'https', host: found[2] } : { protocol: 'https', host: endpoint };
}

/** The SDK's client of a config, at the endpoint (the provider's, or a double's). */
function clientOf(config: SmsConfig, endpoint: string) {
  const { host, protocol } = endpointParts(endpoint);
  const { default: Dysmsapi, Config } = sdk();
  return new Dysmsapi(
    new Config({
      accessKeyId: config.accessKey ?? '',
      accessKeySecret: config.secretKey ?? '',
      endpoint: host,
      protocol,
      regionId: config.regionId || 'cn-hangzhou',
      readTimeout: 10_000,
      connectTimeout: 5_000,
    }),
  );
}

/** A provider's refusal (an SDK error with its code) as text, or the error again when it is no refusal. */
function refusalOfError(error: unknown): string {
  const { code, data } = error as { code?: string; data?: { Message?: string } };
  if (!code) throw error;
  return refusalText('aliyun', code, data?.Message ?? '');
}

export function aliyunGateway(endpoint = ALIYUN_ENDPOINT): SmsGateway {
  return {
    send: async (config, phone, params) => {
      const { SendSmsRequest } = sdk();
      const request = new SendSmsRequest({
        phoneNumbers: phone,
        signName: config.signName ?? '',
        templateCode: config.templateId ?? '',
        templateParam: JSON.stringify(params),
      });
      try {
        const { body } = await clientOf(config, endpoint).sendSms(request);
        if (body?.code === 'OK') return null;
        return refusalText('aliyun', body?.code ?? '', body?.message ?? '');
      } catch (error) {
        return refusalOfError(error);
      }
    },
  };
}

const TEMPLATE_PAGE = 50;

/**
 * Whether the config's template is approved under its AccessKey (QuerySmsTemplateList, which sends nothing): null
 * when it is, else what is wrong, in the provider's words (a wrong key or secret among them).
 */
export async function aliyunTemplateRefusal(config: SmsConfig, endpoint = ALIYUN_ENDPOINT): Promise<string | null> {
  const { QuerySmsTemplateListRequest } = sdk();
  const client = clientOf(config, endpoint);
  try {
    for (let page = 1; page <= 20; page += 1) {
      const { body } = await client.querySmsTemplateList(
        new QuerySmsTemplateListRequest({ pageIndex: page, pageSize: TEMPLATE_PAGE }),
      );
      if (body?.code !== 'OK') return refusalText('aliyun', body?.code ?? '', body?.message ?? '');
      const list = body.smsTemplateList ?? [];
      const found = list.find((template) => template.templateCode === config.templateId);
      if (found) {
        return found.auditStatus === 'AUDIT_STATE_PASS'
          ? null
          : `阿里云 template ${config.templateId} is not approved (${found.auditStatus})`;
      }
      if (list.length < TEMPLATE_PAGE) break;
    }
    return `阿里云 has no template ${config.templateId} under this AccessKey`;
  } catch (error) {
    return refusalOfError(error);
  }
}
