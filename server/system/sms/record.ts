// Every text, simulated or live, sent or refused, is kept in blade_sms_message (shared by all instances), so the
// history of what went out reads the same whichever gateway sent it.
import type { AppContext } from '../../platform/context.js';
import { nextId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import type { SmsConfig, SmsGateway } from './gateway.js';

/** Template parameters that sign a person in: a live text keeps them hidden, as the usual log never shows them. */
const SECRET_PARAMS = new Set(['code']);

export async function recordText(
  ctx: AppContext,
  config: SmsConfig,
  phone: string,
  params: Record<string, string>,
  error: string | null,
): Promise<void> {
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
}

/** A live provider's gateway that records each text, its sign-in code masked, once the provider has answered. */
export function recorded(ctx: AppContext, gateway: SmsGateway): SmsGateway {
  return {
    send: async (config, phone, params) => {
      const error = await gateway.send(config, phone, params);
      const shown = Object.fromEntries(
        Object.entries(params).map(([key, value]) => [key, SECRET_PARAMS.has(key) ? '******' : value]),
      );
      await recordText(ctx, config, phone, shown, error);
      return error;
    },
  };
}
