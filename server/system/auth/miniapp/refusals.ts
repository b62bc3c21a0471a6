// What a customer is told when WeChat refuses: errcodes as code2Session and getPhoneNumber document them, each with
// the HTTP status of its kind (a bad code 400, WeChat's minute quota 429, a blocked person 403, WeChat busy 503).
import type { AppContext } from '../../../platform/context.js';
import { usualLog } from '../../logs/usual-log.js';
import { MiniAppError } from './wechat.js';

export interface Refusal {
  message: string;
  status: number;
}

export const MSG_BAD_LOGIN_CODE = '登录凭证无效或已过期,请重新登录';
const BUSY = 503;

const LOGIN: Record<number, Refusal> = {
  40029: { message: MSG_BAD_LOGIN_CODE, status: 400 },
  40163: { message: MSG_BAD_LOGIN_CODE, status: 400 },
  45011: { message: '登录过于频繁,请一分钟后再试', status: 429 },
  40226: { message: '微信判定该账号存在风险,暂时无法登录', status: 403 },
};

const PHONE: Record<number, Refusal> = {
  40029: { message: '手机号授权已失效,请重新授权', status: 400 },
  45011: { message: '获取手机号过于频繁,请一分钟后再试', status: 429 },
};

const refusalOf =
  (api: string, table: Record<number, Refusal>, busy: string) =>
  (ctx: AppContext, error: unknown): Refusal => {
    if (!(error instanceof MiniAppError)) throw error;
    const known = table[error.errcode];
    if (known) return known;
    // WeChat busy or unreachable, or refusing the settings (40013 AppID, 40125 AppSecret, 40164 IP whitelist): the
    // customer is told to try later, the operator finds the errcode in 通用日志.
    usualLog(ctx, { logId: 'miniapp-refused', level: 'error', data: `${api}: WeChat errcode ${error.errcode}` });
    return { message: busy, status: BUSY };
  };

export const loginRefusal = refusalOf('jscode2session', LOGIN, '微信登录暂时不可用,请稍后再试');
export const phoneRefusal = refusalOf('getuserphonenumber', PHONE, '微信手机号服务暂时不可用,请稍后再试');
