// The SMS provider seam. The default gateway is a local simulator: it refuses what a real provider refuses. With
// SMS_GATEWAY=live the config's provider is asked instead (aliyun.ts, tencent.ts). Both record every text in
// blade_sms_message (record.ts); a live one keeps its sign-in code hidden.
import type { AppContext } from '../../platform/context.js';
import type { SmsTable } from '../../platform/db/schema.js';
import { providerAnswer } from '../../platform/ops/metrics.js';
import { aliyunGateway } from './aliyun.js';
import { recorded, recordText } from './record.js';
import { tencentGateway } from './tencent.js';

export type SmsConfig = Pick<
  SmsTable,
  'id' | 'category' | 'smsCode' | 'templateId' | 'accessKey' | 'secretKey' | 'regionId' | 'appId' | 'signName'
>;

export interface SmsGateway {
  /** Sends one message; answers the provider's refusal as text, or null when it was accepted. */
  send: (config: SmsConfig, phone: string, params: Record<string, string>) => Promise<string | null>;
}

/** A provider refuses a config without credentials, signature or template, whatever the phone. */
function refusalOf(config: SmsConfig): string | null {
  if (!config.accessKey) return '短信配置缺少 accessKey';
  if (!config.signName) return '短信签名不合法';
  if (!config.templateId) return '短信模板不合法';
  return null;
}

export function simulatedGateway(ctx: AppContext): SmsGateway {
  return {
    send: async (config, phone, params) => {
      const error = refusalOf(config);
      await recordText(ctx, config, phone, params, error);
      return error;
    },
  };
}

/** Dictionary `sms`. */
export const SMS_ALIYUN = 3;
export const SMS_TENCENT = 4;

/** 云片 and 七牛云 are in the dictionary for BladeX's sake; no live client speaks to them. */
export const MSG_PROVIDER_NOT_LIVE = '该短信服务商未接入, 请使用阿里云或腾讯云';

const notLive: SmsGateway = { send: async () => MSG_PROVIDER_NOT_LIVE };

/** A live provider's texts counted in the provider metrics: a refusal is its answer, a throw a failure. */
const counted = (provider: string, gateway: SmsGateway): SmsGateway => ({
  send: (config, phone, params) =>
    providerAnswer(
      provider,
      () => gateway.send(config, phone, params),
      (refusal) => refusal !== null,
    ),
});

/** The gateway a config's texts go through: the simulator, or its provider when SMS_GATEWAY=live. */
export function smsGatewayOf(ctx: AppContext, config: SmsConfig): SmsGateway {
  const sms = ctx.config.sms;
  if (sms.gateway === 'simulator') return simulatedGateway(ctx);
  if (config.category === SMS_ALIYUN) return recorded(ctx, counted('sms_aliyun', aliyunGateway(sms.aliyunEndpoint)));
  if (config.category === SMS_TENCENT) {
    return recorded(ctx, counted('sms_tencent', tencentGateway(sms.tencentEndpoint)));
  }
  return recorded(ctx, notLive);
}
