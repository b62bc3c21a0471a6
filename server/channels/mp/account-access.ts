// An account's access token, asked of the platform with the account's stored credentials.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { type OfficialAccountPlatform, onPlatform } from './platform.js';
import { accounts } from './resources.js';
import { simulatedPlatform } from './simulator.js';
import { wechatPlatform } from './wechat.js';

/** The platform the console talks to: the simulator, or WeChat's with MP_PLATFORM=wechat. */
export const officialAccountPlatform = (ctx: AppContext): OfficialAccountPlatform =>
  ctx.config.mp.platform === 'wechat' ? wechatPlatform(ctx) : simulatedPlatform(ctx);

export interface AccountSession {
  account: { id: number; appId: string; accountName: string };
  token: string;
  platform: OfficialAccountPlatform;
}

export async function openAccount(ctx: AppContext, request: FastifyRequest, id: number): Promise<AccountSession> {
  const row = await accounts.find(ctx, request, id);
  const platform = officialAccountPlatform(ctx);
  const appId = String(row.appId);
  const token = await onPlatform(() => platform.accessToken({ appId, appSecret: String(row.appSecret) }));
  return { account: { id, appId, accountName: String(row.accountName) }, token, platform };
}
