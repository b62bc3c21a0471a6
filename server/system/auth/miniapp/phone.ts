// The customer's phone number from the mini-program's getPhoneNumber button: the app hands over the button's
// one-time code and the server exchanges it (getPhoneNumber through WeChat with MINIAPP_LOGIN=wechat, else the
// sandbox, which keeps the codes it issued in the database for five minutes, single use, as WeChat does).
import crypto from 'node:crypto';
import type { AppContext } from '../../../platform/context.js';
import { now, secondsFromNow } from '../../../platform/db/time.js';
import { BladeError } from '../../../platform/http/envelope.js';
import { phoneRefusal } from './refusals.js';
import { MiniAppError, type PhoneInfo, phoneNumberOf } from './wechat.js';

const SOURCE = 'wechat_app_phone';
const CODE_SECONDS = 5 * 60;
const MAINLAND = '86';

/** The code getPhoneNumber would hand the app of a person whose WeChat holds this mainland number. */
export async function issueSandboxPhoneCode(ctx: AppContext, phone: string): Promise<string> {
  const code = crypto.randomBytes(32).toString('hex');
  await ctx.db
    .insertInto('blade_social_code')
    .values({ code, source: SOURCE, uuid: phone, username: phone, state: '', expireTime: secondsFromNow(CODE_SECONDS) })
    .execute();
  return code;
}

async function sandboxPhoneOf(ctx: AppContext, code: string): Promise<PhoneInfo> {
  const row = await ctx.db
    .deleteFrom('blade_social_code')
    .where('code', '=', code)
    .where('source', '=', SOURCE)
    .returning(['uuid', 'expireTime'])
    .executeTakeFirst();
  if (!row || row.expireTime <= now()) throw phoneRefusalOf(ctx, new MiniAppError(40029));
  return { phoneNumber: row.uuid, purePhoneNumber: row.uuid, countryCode: MAINLAND };
}

const phoneRefusalOf = (ctx: AppContext, error: unknown) => {
  const refusal = phoneRefusal(ctx, error);
  return new BladeError(refusal.message, refusal.status);
};

/** Exchanges the code and keeps the number on the customer; answers the number as kept. */
export async function bindPhone(ctx: AppContext, customerId: number, code: string): Promise<string> {
  let info: PhoneInfo;
  if (ctx.config.miniApp.login === 'simulator') info = await sandboxPhoneOf(ctx, code);
  else {
    try {
      info = await phoneNumberOf(ctx, code);
    } catch (error) {
      throw phoneRefusalOf(ctx, error);
    }
  }
  // A mainland number as the console and the SMS sign-in write it; another with its country code.
  const phone = info.countryCode === MAINLAND ? info.purePhoneNumber : info.phoneNumber;
  await ctx.db
    .updateTable('biz_customer')
    .set({ phoneNumber: phone, updateTime: now() })
    .where('id', '=', customerId)
    .execute();
  return phone;
}
