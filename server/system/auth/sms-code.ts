// SMS sign-in codes: six digits, valid 5 minutes, single use, one per phone at a time, at most one new code a
// minute per phone. Kept in the database so the instance that checks need not be the one that sent.
import crypto from 'node:crypto';
import type { AppContext } from '../../platform/context.js';
import { formatDateTime, now, secondsFromNow } from '../../platform/db/time.js';
import { badRequest } from '../../platform/http/envelope.js';

export const SMS_CODE_SECONDS = 5 * 60;
const RESEND_SECONDS = 60;

export const PHONE_PATTERN = '^1\\d{10}$';

/** Sends the text of a code to a phone; the SMS adapter's simulator records it like a real gateway would send it. */
export type SendCode = (phone: string, code: string) => Promise<void>;

export async function issueSmsCode(ctx: AppContext, phone: string, send: SendCode): Promise<void> {
  const recent = formatDateTime(new Date(Date.now() - RESEND_SECONDS * 1000));
  const last = await ctx.db
    .selectFrom('blade_sms_code')
    .select('createTime')
    .where('phone', '=', phone)
    .executeTakeFirst();
  if (last && last.createTime > recent) throw badRequest('验证码发送过于频繁,请稍后再试');
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  await send(phone, code);
  const values = { code, expireTime: secondsFromNow(SMS_CODE_SECONDS), createTime: now() };
  await ctx.db
    .insertInto('blade_sms_code')
    .values({ phone, ...values })
    .onConflict((oc) => oc.column('phone').doUpdateSet(values))
    .execute();
}

/** True when the code is the phone's live one; a right code is used up. */
export async function consumeSmsCode(ctx: AppContext, phone: string, code: string): Promise<boolean> {
  const row = await ctx.db
    .deleteFrom('blade_sms_code')
    .where('phone', '=', phone)
    .where('code', '=', code.trim())
    .returning('expireTime')
    .executeTakeFirst();
  return row !== undefined && row.expireTime > now();
}
