// What the server checks about the customer app's sign-in before it opens the database: in production customers
// sign in through WeChat unless told otherwise, and WeChat's sign-in has its AppID and AppSecret. A refusal names
// the variable to set, never the secret.
import type { Config } from '../../../platform/config.js';

/** A start refused for the mini-program's configuration: main.ts logs the message and exits. */
export class MiniAppStartRefused extends Error {}

export function checkMiniAppStart(config: Config): void {
  const { miniApp } = config;
  if (miniApp.login === 'simulator') {
    if (config.env === 'production' && !miniApp.simulatorInProduction) {
      throw new MiniAppStartRefused(
        'Refusing to start: NODE_ENV=production with the mini-program sign-in simulator (MINIAPP_LOGIN is unset or ' +
          'simulator), which signs anyone in as any customer. Set MINIAPP_LOGIN=wechat with MINIAPP_APPID and ' +
          'MINIAPP_SECRET (docs/going-live.md), or MINIAPP_SIMULATOR_IN_PRODUCTION=true for a demonstration.',
      );
    }
    return;
  }
  const missing = [
    ['MINIAPP_APPID', miniApp.appId],
    ['MINIAPP_SECRET', miniApp.secret],
  ].filter(([, value]) => !value);
  if (missing.length > 0) {
    throw new MiniAppStartRefused(
      `Refusing to start: MINIAPP_LOGIN=wechat needs ${missing.map(([name]) => name).join(', ')}.`,
    );
  }
}
