// The go-live check of the mini-program sign-in (`npm run providers:check`): code2Session with a code no wx.login
// ever gave. WeChat checks the AppID and the AppSecret before the code, so 40029 (invalid code) means it was reached
// and took both; nobody signs in and nothing is kept. The AppSecret travels in the query only and is never printed.
import type { AppContext } from '../../../platform/context.js';
import { code2Session, MiniAppError } from './wechat.js';

/** A code of the right shape that wx.login never handed out. */
const DUMMY_CODE = 'providers-check-0000000000000000';

const FIX: Record<number, string> = {
  40013: 'fix MINIAPP_APPID (小程序 → 开发管理 → 开发设置 → AppID)',
  40125: 'fix MINIAPP_SECRET (小程序 → 开发管理 → 开发设置 → AppSecret, reset it to see it)',
  40164: 'add the server’s outgoing IP to the mini-program’s IP白名单 (开发管理 → 开发设置)',
  [-1]: 'WeChat is busy or cannot be reached: check MINIAPP_API_BASE and that the server reaches it',
};

export async function checkMiniApp(ctx: AppContext): Promise<{ ok: boolean; text: string }> {
  const { appId } = ctx.config.miniApp;
  try {
    await code2Session(ctx, DUMMY_CODE);
  } catch (error) {
    if (!(error instanceof MiniAppError)) throw error;
    if (error.errcode === 40029) {
      return {
        ok: true,
        text: `${appId}: jscode2session reached, AppID and AppSecret accepted (40029 for a made-up code)`,
      };
    }
    return {
      ok: false,
      text: `${appId}: jscode2session answered errcode ${error.errcode}: ${FIX[error.errcode] ?? 'see WeChat’s errcode list'}`,
    };
  }
  return { ok: false, text: `${appId}: jscode2session took a made-up code: MINIAPP_API_BASE is not WeChat` };
}
