// The customer app's sign-in, shaped like a WeChat mini-program's: the app calls wx.login, hands the one-time code
// to the token endpoint (grant `wechat_app`), and the server exchanges it for the person's openid (jscode2session).
// With MINIAPP_LOGIN=wechat WeChat itself is asked (miniapp/wechat.ts) and the session key it gives is sealed and
// kept server-side. The default is a sandbox that keeps the codes it issued in the database (five minutes, single
// use, as the real service refuses a used or stale code); the tests and the demo generator get codes from
// `issueSandboxLoginCode`, as the real app gets them from wx.login. The openid names one customer, made on the
// first sign-in.
import crypto from 'node:crypto';
import type { AppContext } from '../../platform/context.js';
import { nextId } from '../../platform/db/ids.js';
import { now, secondsFromNow } from '../../platform/db/time.js';
import { loginRefusal, MSG_BAD_LOGIN_CODE } from './miniapp/refusals.js';
import { sealSessionKey } from './miniapp/seal.js';
import { code2Session, type MiniAppSession } from './miniapp/wechat.js';
import { TokenRefusal } from './token-answer.js';

const SOURCE = 'wechat_app';
const CODE_SECONDS = 5 * 60;
/** What WeChat shows for a person who has not shared a nickname. */
const DEFAULT_NICKNAME = '微信用户';

/** The code wx.login would hand the app of the person with this openid. */
export async function issueSandboxLoginCode(ctx: AppContext, openId: string): Promise<string> {
  const code = crypto.randomBytes(16).toString('hex');
  await ctx.db.deleteFrom('blade_social_code').where('expireTime', '<', now()).execute();
  await ctx.db
    .insertInto('blade_social_code')
    .values({
      code,
      source: SOURCE,
      uuid: openId,
      username: openId,
      state: '',
      expireTime: secondsFromNow(CODE_SECONDS),
    })
    .execute();
  return code;
}

/** The sandbox's jscode2session: the openid behind a code, or null when the code is unknown, used or expired. */
async function sandboxOpenIdOf(ctx: AppContext, code: string): Promise<string | null> {
  const row = await ctx.db
    .deleteFrom('blade_social_code')
    .where('code', '=', code)
    .where('source', '=', SOURCE)
    .returning(['uuid', 'expireTime'])
    .executeTakeFirst();
  if (!row || row.expireTime <= now()) return null;
  return row.uuid;
}

/** WeChat's jscode2session, its refusal turned into what the customer is told. */
async function wechatSessionOf(ctx: AppContext, code: string): Promise<MiniAppSession> {
  try {
    return await code2Session(ctx, code);
  } catch (error) {
    const refusal = loginRefusal(ctx, error);
    throw new TokenRefusal(refusal.message, refusal.status);
  }
}

/** The customer a code signs in, made on the first sign-in of its openid; a TokenRefusal for a refused code. */
export async function customerOfLoginCode(ctx: AppContext, code: string): Promise<number> {
  if (ctx.config.miniApp.login === 'simulator') {
    const openId = await sandboxOpenIdOf(ctx, code);
    if (openId === null) throw new TokenRefusal(MSG_BAD_LOGIN_CODE);
    return customerOfOpenId(ctx, openId);
  }
  const session = await wechatSessionOf(ctx, code);
  const customerId = await customerOfOpenId(ctx, session.openId);
  const sealedKey = sealSessionKey(ctx.config.miniApp.secret, session.sessionKey);
  await ctx.db
    .insertInto('biz_customer_session_key')
    .values({ customerId, unionId: session.unionId, sealedKey, updateTime: now() })
    .onConflict((oc) =>
      // WeChat gives the UnionID only while the mini-program is bound to an open platform account: one known stays.
      oc.column('customerId').doUpdateSet((eb) => ({
        sealedKey,
        updateTime: now(),
        unionId: eb.fn.coalesce(eb.ref('excluded.unionId'), eb.ref('biz_customer_session_key.unionId')),
      })),
    )
    .execute();
  return customerId;
}

async function customerOfOpenId(ctx: AppContext, openId: string): Promise<number> {
  const find = () =>
    ctx.db
      .selectFrom('biz_customer')
      .select('id')
      .where('openId', '=', openId)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
  const known = await find();
  if (known) return known.id;
  try {
    await ctx.db
      .insertInto('biz_customer')
      .values({ id: nextId(), openId, nickName: DEFAULT_NICKNAME, createTime: now() })
      .execute();
  } catch (error) {
    // The same person's first two sign-ins at once: the unique live openid lets one in.
    if (!(await find())) throw error;
  }
  const made = await find();
  if (!made) throw new Error(`the customer of a sign-in was not kept`);
  return made.id;
}
