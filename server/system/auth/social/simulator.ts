// The local social-sign-in simulator: a small consent page where the person names a simulated outside account;
// authorising stores a one-time code (5 minutes, in the database so any instance can exchange it) and sends the
// browser back to /login?source=simulator&code=…&state=…, as a real provider would.
import crypto from 'node:crypto';
import type { AppContext } from '../../../platform/context.js';
import { now, secondsFromNow } from '../../../platform/db/time.js';
import type { SocialIdentity, SocialProvider } from './provider.js';

export const SIMULATOR = 'simulator';
const CODE_SECONDS = 5 * 60;

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function consentPage(state: string): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>模拟登录 · Simulated sign-in</title>
<style>body{font-family:sans-serif;background:#f0f2f5;display:flex;justify-content:center;padding-top:12vh}
form{background:#fff;padding:32px;border-radius:8px;box-shadow:0 2px 12px rgba(0,0,0,.1);width:320px}
input{width:100%;box-sizing:border-box;padding:8px;margin:8px 0 16px}button{width:100%;padding:10px;background:#409EFF;color:#fff;border:0;border-radius:4px;cursor:pointer}</style>
</head><body>
<form method="get" action="/api/blade-auth/oauth/callback/${SIMULATOR}">
<h2>模拟登录 <small>Simulated sign-in</small></h2>
<label for="uuid">模拟账号 Simulated account</label>
<input id="uuid" name="uuid" value="demo" maxlength="64" required pattern="[A-Za-z0-9_.\\-]+">
<input type="hidden" name="state" value="${escapeHtml(state)}">
<button type="submit">授权并登录 Authorise and sign in</button>
</form></body></html>`;
}

/** Called by the consent page: records the code and answers where the browser goes next. */
export async function authoriseSimulated(ctx: AppContext, uuid: string, state: string): Promise<string> {
  const code = crypto.randomBytes(16).toString('hex');
  await ctx.db.deleteFrom('blade_social_code').where('expireTime', '<', now()).execute();
  await ctx.db
    .insertInto('blade_social_code')
    .values({ code, source: SIMULATOR, uuid, username: uuid, state, expireTime: secondsFromNow(CODE_SECONDS) })
    .execute();
  const query = new URLSearchParams({ source: SIMULATOR, code, state });
  return `/login?${query.toString()}`;
}

export const simulatorProvider: SocialProvider = {
  source: SIMULATOR,
  name: '模拟登录',
  authorize: async (_ctx, state) => ({ html: consentPage(state) }),
  exchange: async (ctx, code, state): Promise<SocialIdentity | null> => {
    const row = await ctx.db
      .deleteFrom('blade_social_code')
      .where('code', '=', code)
      .where('source', '=', SIMULATOR)
      .returning(['uuid', 'username', 'state', 'expireTime'])
      .executeTakeFirst();
    if (!row || row.expireTime <= now() || (row.state ?? '') !== state) return null;
    return { uuid: row.uuid, username: row.username ?? row.uuid, avatar: '' };
  },
};
