// The SMS provider seam. The default gateway is a local simulator: it keeps a record of every message in
// blade_sms_message (so every instance sees the same history) and refuses what a real provider refuses.
import type { AppContext } from '../context.js';
import { nextId } from '../db/ids.js';
import type { SmsTable } from '../db/schema.js';
import { now } from '../db/time.js';

export type SmsConfig = Pick<SmsTable, 'id' | 'category' | 'smsCode' | 'templateId' | 'accessKey' | 'signName'>;

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
      await ctx.db
        .insertInto('blade_sms_message')
        .values({
          id: nextId(),
          smsId: config.id,
          smsCode: config.smsCode,
          category: config.category,
          templateId: config.templateId,
          signName: config.signName,
          phone,
          params: JSON.stringify(params),
          success: error ? 0 : 1,
          error,
          createTime: now(),
        })
        .execute();
      return error;
    },
  };
}
