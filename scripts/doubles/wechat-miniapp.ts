// A double of WeChat's mini-program server API, for the tests and for development: code2Session (GET
// sns/jscode2session), getStableAccessToken (POST cgi-bin/stable_token) and getPhoneNumber (POST
// wxa/business/getuserphonenumber), with their query parameters, JSON bodies and answers, and refusals as
// {errcode, errmsg} with HTTP 200, as the official documentation gives them. The app's side (wx.login, the
// getPhoneNumber button) is `loginCode` and `phoneCode`: one-time codes that live five minutes.
import crypto from 'node:crypto';
import { type Listening, listen } from './listen.js';

const CODE_MS = 5 * 60_000;
const TOKEN_SECONDS = 7200;

export interface MiniAppDouble extends Listening {
  appId: string;
  appSecret: string;
  /** Access tokens handed out (stable_token counts its fetches a day). */
  tokensIssued: number;
  /** The session key of each openid's latest sign-in, as the app's side would know it. */
  sessionKeys: Map<string, string>;
  /** What wx.login hands the app of the person with this openid. */
  loginCode: (openId: string, unionId?: string) => string;
  /** What the getPhoneNumber button hands the app of a person whose WeChat holds this number. */
  phoneCode: (purePhoneNumber: string, countryCode?: string) => string;
  /** The next call of this path is refused with the errcode (45011 minute quota, 40226 blocked person, -1 busy). */
  refuseNext: (path: string, errcode: number) => void;
  /** Ends the live access token, as a forced refresh elsewhere does. */
  expireToken: () => void;
}

const ERRMSG: Record<number, string> = {
  [-1]: 'system error',
  40001: 'invalid credential, access_token is invalid or not latest',
  40002: 'invalid grant_type',
  40013: 'invalid appid',
  40029: 'invalid code',
  40125: 'invalid appsecret',
  40163: 'code been used',
  40226: 'code blocked',
  45011: 'api minute-quota reach limit mustslower retry next minute',
};

export async function startMiniAppDouble(
  options: { appId?: string; appSecret?: string; port?: number } = {},
): Promise<MiniAppDouble> {
  const appId = options.appId ?? 'wx8c3e1b9d2f4a6c70';
  const appSecret = options.appSecret ?? '6d1f3b5a7c9e0f2a4b6c8d0e1f3a5b7c';
  const logins = new Map<string, { openId: string; unionId?: string; until: number; used: boolean }>();
  const phones = new Map<string, { pure: string; country: string; until: number }>();
  const refusals = new Map<string, number>();
  let token: { value: string; until: number } | null = null;
  const state = { tokensIssued: 0, sessionKeys: new Map<string, string>() };
  const issueLogin = (openId: string, unionId?: string) => {
    const code = crypto.randomBytes(16).toString('hex');
    logins.set(code, { openId, unionId, until: Date.now() + CODE_MS, used: false });
    return code;
  };
  const issuePhone = (pure: string, country = '86') => {
    const code = crypto.randomBytes(32).toString('hex');
    phones.set(code, { pure, country, until: Date.now() + CODE_MS });
    return code;
  };

  const server = await listen(async (request, body, response) => {
    const url = new URL(request.url ?? '/', 'http://double');
    const query = url.searchParams;
    const answer = (value: unknown) => {
      response.setHeader('content-type', 'application/json; encoding=utf-8');
      response.end(JSON.stringify(value));
    };
    const fail = (errcode: number) => {
      const rid = crypto.randomBytes(8).toString('hex');
      answer({ errcode, errmsg: `${ERRMSG[errcode] ?? 'error'}, rid: ${rid}` });
    };
    const planted = refusals.get(url.pathname);
    if (planted !== undefined) {
      refusals.delete(url.pathname);
      return fail(planted);
    }
    if (url.pathname === '/sns/jscode2session' && request.method === 'GET') {
      if (query.get('appid') !== appId) return fail(40013);
      if (query.get('secret') !== appSecret) return fail(40125);
      if (query.get('grant_type') !== 'authorization_code') return fail(40002);
      const login = logins.get(query.get('js_code') ?? '');
      if (!login || login.until < Date.now()) return fail(40029);
      if (login.used) return fail(40163);
      login.used = true;
      const sessionKey = crypto.randomBytes(16).toString('base64');
      state.sessionKeys.set(login.openId, sessionKey);
      return answer({
        openid: login.openId,
        session_key: sessionKey,
        ...(login.unionId ? { unionid: login.unionId } : {}),
      });
    }
    if (url.pathname === '/cgi-bin/stable_token' && request.method === 'POST') {
      const asked = JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
      if (asked.grant_type !== 'client_credential') return fail(40002);
      if (asked.appid !== appId) return fail(40013);
      if (asked.secret !== appSecret) return fail(40125);
      // Normal mode: the live token again while it lives; forced refresh (or none live): a new one.
      if (asked.force_refresh === true || !token || token.until < Date.now()) {
        token = { value: crypto.randomBytes(48).toString('base64url'), until: Date.now() + TOKEN_SECONDS * 1000 };
        state.tokensIssued += 1;
      }
      return answer({ access_token: token.value, expires_in: Math.round((token.until - Date.now()) / 1000) });
    }
    if (url.pathname === '/wxa/business/getuserphonenumber' && request.method === 'POST') {
      if (!token || query.get('access_token') !== token.value || token.until < Date.now()) return fail(40001);
      const { code } = JSON.parse(body.toString('utf8') || '{}') as { code?: string };
      const phone = phones.get(code ?? '');
      if (!phone || phone.until < Date.now()) return fail(40029);
      phones.delete(code ?? '');
      return answer({
        errcode: 0,
        errmsg: 'ok',
        phone_info: {
          phoneNumber: phone.country === '86' ? phone.pure : `+${phone.country}${phone.pure}`,
          purePhoneNumber: phone.pure,
          // The documentation's own example answers the country code as a number.
          countryCode: Number(phone.country),
          watermark: { timestamp: Math.floor(Date.now() / 1000), appid: appId },
        },
      });
    }
    // For a developer without the app: what wx.login and the getPhoneNumber button would hand it.
    if (url.pathname === '/double/wx.login')
      return answer({ code: issueLogin(query.get('openid') ?? 'oDoubleCustomer0') });
    if (url.pathname === '/double/getPhoneNumber')
      return answer({ code: issuePhone(query.get('phone') ?? '13800000000') });
    response.statusCode = 404;
    response.end();
  }, options.port);

  return {
    ...server,
    appId,
    appSecret,
    get tokensIssued() {
      return state.tokensIssued;
    },
    sessionKeys: state.sessionKeys,
    loginCode: issueLogin,
    phoneCode: issuePhone,
    refuseNext: (path, errcode) => {
      refusals.set(path, errcode);
    },
    expireToken: () => {
      token = null;
    },
  };
}
