// The go-live check of an official account (`npm run providers:check`): getStableAccessToken in its normal mode
// (POST cgi-bin/stable_token, force_refresh false). WeChat keeps that token apart from cgi-bin/token's, so asking for
// it leaves alone the token the servers share (token-store.ts); the answer proves the AppID, the AppSecret and that
// the server's address is on the account's IP白名单. The AppSecret is sent in the body only and never printed.
import type { AppContext } from '../../platform/context.js';
import { PLATFORM_ERRORS } from './platform.js';

const TIMEOUT_MS = 10_000;

/** Where each refusal is fixed. */
const FIX: Record<number, string> = {
  40013: '公众号管理: the AppID is not an official account’s (公众平台 → 设置与开发 → 基本配置 → 开发者ID)',
  40125: '公众号管理: the AppSecret is wrong (公众平台 → 设置与开发 → 基本配置 → 开发者密码, reset it to see it)',
  40164: 'add the server’s outgoing IP to the account’s IP白名单 (公众平台 → 设置与开发 → 基本配置)',
};

export async function checkOfficialAccount(
  ctx: AppContext,
  account: { appId: string; appSecret: string },
): Promise<{ ok: boolean; text: string }> {
  const base = ctx.config.mp.apiBase.replace(/\/$/, '');
  let answer: { errcode?: number; access_token?: string };
  try {
    const response = await fetch(`${base}/cgi-bin/stable_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credential',
        appid: account.appId,
        secret: account.appSecret,
        force_refresh: false,
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    answer = (await response.json()) as typeof answer;
  } catch (error) {
    return {
      ok: false,
      text: `${account.appId}: ${base} cannot be reached (${(error as Error).message}): check MP_API_BASE`,
    };
  }
  if (!answer.errcode && answer.access_token) {
    return { ok: true, text: `${account.appId}: an access token was issued (AppID, AppSecret and IP白名单 accepted)` };
  }
  const errcode = Number(answer.errcode ?? -1);
  const said = PLATFORM_ERRORS[errcode] ?? `errcode ${errcode}`;
  return { ok: false, text: `${account.appId}: ${said}${FIX[errcode] ? `: ${FIX[errcode]}` : ''}` };
}
