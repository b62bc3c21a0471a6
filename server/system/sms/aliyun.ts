// 阿里云短信 (Dysmsapi 2017-05-25) through Alibaba Cloud's official SDK, which signs every call (ACS3-HMAC-SHA256).
// The config's accessKey / secretKey are a RAM user's AccessKey pair, templateId the 模板CODE (SMS_…), signName the
// approved 签名名称; the template's variables are the message's parameters by name.
import { createRequire } from 'node:module';
import type { SmsGateway } from './gateway.js';
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

export function aliyunGateway(endpoint = ALIYUN_ENDPOINT): SmsGateway {
  const { host, protocol } = endpointParts(endpoint);
  return {
    send: async (config, phone, params) => {
      const { default: Dysmsapi, SendSmsRequest, Config } = sdk();
      const client = new Dysmsapi(
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
      const request = new SendSmsRequest({
        phoneNumbers: phone,
        signName: config.signName ?? '',
        templateCode: config.templateId ?? '',
        templateParam: JSON.stringify(params),
      });
      try {
        const { body } = await client.sendSms(request);
        if (body?.code === 'OK') return null;
        return refusalText('aliyun', body?.code ?? '', body?.message ?? '');
      } catch (error) {
        const { code, data } = error as { code?: string; data?: { Message?: string } };
        if (!code) throw error;
        return refusalText('aliyun', code, data?.Message ?? '');
      }
    },
  };
}
