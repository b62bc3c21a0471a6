// WeChat's own mini-program services (MINIAPP_LOGIN=wechat), over HTTPS with fetch, as documented for code2Session
// (GET sns/jscode2session), getStableAccessToken (POST cgi-bin/stable_token) and getPhoneNumber (POST
// wxa/business/getuserphonenumber): JSON answers, refusals as {errcode, errmsg} with HTTP 200. The AppSecret travels
// in the query of jscode2session and the body of stable_token only; no URL or answer is ever logged here.
import type { AppContext } from '../../../platform/context.js';
import { providerAnswer } from '../../../platform/ops/metrics.js';
import { sharedAppToken } from './token-store.js';

const TIMEOUT_MS = 10_000;
/** Tokens the platform no longer takes: the next call fetches another. */
const STALE_TOKEN = [40001, 40014, 42001];

interface Answer {
  errcode?: number;
  errmsg?: string;
  [key: string]: unknown;
}

/** WeChat refused, or could not be reached (errcode -1, as the platform's own "system busy"). */
export class MiniAppError extends Error {
  constructor(readonly errcode: number) {
    super(`WeChat mini-program errcode ${errcode}`);
    this.name = 'MiniAppError';
  }
}

export interface MiniAppSession {
  openId: string;
  unionId: string | null;
  sessionKey: string;
}

export interface PhoneInfo {
  /** With the country code for a number outside the mainland (as WeChat gives it). */
  phoneNumber: string;
  purePhoneNumber: string;
  countryCode: string;
}

function request(ctx: AppContext, path: string, query: Record<string, string>, body?: unknown): Promise<Answer> {
  return providerAnswer(
    'wechat_miniapp',
    () => ask(ctx, path, query, body),
    (answer) => Boolean(answer.errcode),
  );
}

async function ask(ctx: AppContext, path: string, query: Record<string, string>, body?: unknown) {
  const base = ctx.config.miniApp.apiBase.replace(/\/$/, '');
  let response: Response;
  try {
    response = await fetch(`${base}${path}?${new URLSearchParams(query)}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new MiniAppError(-1);
  }
  if (!response.ok) throw new MiniAppError(-1);
  const answer = (await response.json().catch(() => null)) as Answer | null;
  if (answer === null) throw new MiniAppError(-1);
  return answer;
}

/** code2Session: the person behind a wx.login code. */
export async function code2Session(ctx: AppContext, code: string): Promise<MiniAppSession> {
  const { appId, secret } = ctx.config.miniApp;
  const answer = await request(ctx, '/sns/jscode2session', {
    appid: appId,
    secret,
    js_code: code,
    grant_type: 'authorization_code',
  });
  if (answer.errcode) throw new MiniAppError(answer.errcode);
  if (typeof answer.openid !== 'string' || typeof answer.session_key !== 'string') throw new MiniAppError(-1);
  return {
    openId: answer.openid,
    unionId: typeof answer.unionid === 'string' && answer.unionid ? answer.unionid : null,
    sessionKey: answer.session_key,
  };
}

/** getStableAccessToken in its normal mode: within a token's life every caller is given the same token. */
async function fetchStableToken(ctx: AppContext) {
  const { appId, secret } = ctx.config.miniApp;
  const answer = await request(
    ctx,
    '/cgi-bin/stable_token',
    {},
    { grant_type: 'client_credential', appid: appId, secret, force_refresh: false },
  );
  if (answer.errcode || typeof answer.access_token !== 'string') throw new MiniAppError(answer.errcode || -1);
  return { accessToken: answer.access_token, expiresInSeconds: Number(answer.expires_in ?? 7200) };
}

/** getPhoneNumber: the phone number behind the code the app's getPhoneNumber button hands over. */
export async function phoneNumberOf(ctx: AppContext, code: string): Promise<PhoneInfo> {
  const ask = async (stale?: string) => {
    const token = await sharedAppToken(ctx, () => fetchStableToken(ctx), stale);
    return { token, answer: await request(ctx, '/wxa/business/getuserphonenumber', { access_token: token }, { code }) };
  };
  let { token, answer } = await ask();
  if (answer.errcode && STALE_TOKEN.includes(answer.errcode)) ({ token, answer } = await ask(token));
  if (answer.errcode) throw new MiniAppError(answer.errcode);
  const info = answer.phone_info as Record<string, unknown> | undefined;
  if (!info || typeof info.purePhoneNumber !== 'string') throw new MiniAppError(-1);
  return {
    phoneNumber: String(info.phoneNumber ?? info.purePhoneNumber),
    purePhoneNumber: info.purePhoneNumber,
    countryCode: String(info.countryCode ?? ''),
  };
}
