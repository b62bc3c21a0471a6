// Reads the account parameters (blade_param) that steer sign-in, on every use so an edit applies at once everywhere.
import type { AppContext } from '../../platform/context.js';

export const PARAM_FAIL_COUNT = 'account.failCount';
export const PARAM_REGISTER_USER = 'account.registerUser';
export const PARAM_INIT_PASSWORD = 'account.initPassword';

export async function paramValue(ctx: AppContext, key: string, fallback: string): Promise<string> {
  const row = await ctx.db
    .selectFrom('blade_param')
    .select('paramValue')
    .where('paramKey', '=', key)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  return row?.paramValue ?? fallback;
}

/** Failures allowed before a 30-minute lock; a missing or unreadable value means the BladeX default of 5. */
export async function failLimit(ctx: AppContext): Promise<number> {
  const value = Number(await paramValue(ctx, PARAM_FAIL_COUNT, '5'));
  return Number.isInteger(value) && value > 0 ? value : 5;
}
