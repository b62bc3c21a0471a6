// The token-signing secret: TOKEN_SECRET when given, else one generated on first start and kept in blade_setting so
// every instance (and every restart) signs and verifies with the same key.
import crypto from 'node:crypto';
import type { AppContext } from '../../platform/context.js';

const SETTING_KEY = 'token_secret';

export async function loadTokenSecret(ctx: AppContext): Promise<string> {
  if (ctx.config.tokenSecret) return ctx.config.tokenSecret;
  // Two instances starting at once both try to insert; the first wins and both read the winner.
  await ctx.db
    .insertInto('blade_setting')
    .values({ settingKey: SETTING_KEY, settingValue: crypto.randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('settingKey').doNothing())
    .execute();
  const row = await ctx.db
    .selectFrom('blade_setting')
    .select('settingValue')
    .where('settingKey', '=', SETTING_KEY)
    .executeTakeFirstOrThrow();
  return row.settingValue;
}
