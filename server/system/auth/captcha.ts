// Captchas live in the database for 30 minutes so any instance can check one another issued; each is single use:
// the first check deletes it, right or wrong, so one image cannot be guessed at repeatedly.
import crypto from 'node:crypto';
import type { AppContext } from '../../platform/context.js';
import { now, secondsFromNow } from '../../platform/db/time.js';
import { drawCaptcha, randomCaptchaCode } from './captcha-image.js';

export const CAPTCHA_SECONDS = 30 * 60;

export async function issueCaptcha(ctx: AppContext): Promise<{ key: string; image: string }> {
  const key = crypto.randomUUID();
  const code = randomCaptchaCode();
  await ctx.db.deleteFrom('blade_captcha').where('expireTime', '<', now()).execute();
  await ctx.db
    .insertInto('blade_captcha')
    .values({ captchaKey: key, code, expireTime: secondsFromNow(CAPTCHA_SECONDS) })
    .execute();
  return { key, image: drawCaptcha(code) };
}

/** True when the answer matches (case-insensitively) a live captcha; the captcha is used up either way. */
export async function consumeCaptcha(ctx: AppContext, key: string, answer: string): Promise<boolean> {
  if (!key || !answer) return false;
  const row = await ctx.db
    .deleteFrom('blade_captcha')
    .where('captchaKey', '=', key)
    .returning(['code', 'expireTime'])
    .executeTakeFirst();
  if (!row || row.expireTime <= now()) return false;
  return row.code.toLowerCase() === answer.trim().toLowerCase();
}
