// 腾讯云短信 (SMS 2021-01-11) through Tencent Cloud's official SDK, which signs every call (TC3-HMAC-SHA256). The
// config's accessKey / secretKey are the SecretId / SecretKey, appId the 短信应用 SdkAppId, templateId the 模板ID,
// signName the approved 签名内容, regionId the region (ap-guangzhou by default); the template's {1}, {2}, … are the
// message's parameters in the order given.
import { createRequire } from 'node:module';
import { endpointParts } from './aliyun.js';
import type { SmsGateway } from './gateway.js';
import { refusalText } from './refusals.js';

const require = createRequire(import.meta.url);
// Loaded on the first text sent, as the other provider's SDK is.
const sdk = () => require('tencentcloud-sdk-nodejs-sms') as typeof import('tencentcloud-sdk-nodejs-sms');

export const TENCENT_ENDPOINT = 'sms.tencentcloudapi.com';

export function tencentGateway(endpoint = TENCENT_ENDPOINT): SmsGateway {
  const { host, protocol } = endpointParts(endpoint);
  return {
    send: async (config, phone, params) => {
      const { sms } = sdk();
      const client = new sms.v20210111.Client({
        credential: { secretId: config.accessKey ?? '', secretKey: config.secretKey ?? '' },
        region: config.regionId || 'ap-guangzhou',
        profile: { httpProfile: { endpoint: host, protocol: `${protocol}://`, reqTimeout: 10 } },
      });
      try {
        const answer = await client.SendSms({
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
        const { code, message } = error as { code?: string; message?: string };
        if (!code) throw error;
        return refusalText('tencent', code, message ?? '');
      }
    },
  };
}
