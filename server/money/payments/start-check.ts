// What the server checks about its payment provider before it opens the database: in production it does not take
// money on the sandbox unless told so, and the WeChat Pay settings it needs are all there and readable. A refusal
// names the variable to set; no key or secret is ever part of the message.

import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Config } from '../../platform/config.js';

/** A start refused for its configuration: main.ts logs the message and exits. */
export class StartRefused extends Error {}

const REQUIRED = [
  ['mchId', 'WECHATPAY_MCHID'],
  ['serialNo', 'WECHATPAY_SERIAL_NO'],
  ['privateKeyFile', 'WECHATPAY_PRIVATE_KEY_FILE'],
  ['apiV3Key', 'WECHATPAY_APIV3_KEY'],
  ['appId', 'WECHATPAY_APPID'],
  ['notifyUrl', 'WECHATPAY_NOTIFY_URL'],
] as const;

export function checkPaymentStart(config: Config): void {
  const { payments } = config;
  if (payments.provider === 'sandbox') {
    if (config.env === 'production' && !payments.sandboxInProduction) {
      throw new StartRefused(
        'Refusing to start: NODE_ENV=production with the payment sandbox (PAY_PROVIDER is unset or sandbox), which ' +
          'takes no real money. Set PAY_PROVIDER=wechat and the WECHATPAY_* variables (docs/going-live-payments.md), ' +
          'or set PAY_SANDBOX_IN_PRODUCTION=true to run a demonstration on the sandbox.',
      );
    }
    return;
  }
  const { wechat } = payments;
  const missing = REQUIRED.filter(([key]) => !wechat[key]).map(([, variable]) => variable);
  if (missing.length > 0) {
    throw new StartRefused(`Refusing to start: PAY_PROVIDER=wechat needs ${missing.join(', ')}.`);
  }
  if (Buffer.byteLength(wechat.apiV3Key) !== 32) {
    throw new StartRefused('Refusing to start: WECHATPAY_APIV3_KEY must be the 32-character APIv3 key.');
  }
  let key: crypto.KeyObject;
  try {
    key = crypto.createPrivateKey(fs.readFileSync(wechat.privateKeyFile));
  } catch {
    throw new StartRefused(
      `Refusing to start: WECHATPAY_PRIVATE_KEY_FILE (${wechat.privateKeyFile}) is not a readable PEM private key.`,
    );
  }
  if (key.asymmetricKeyType !== 'rsa') {
    throw new StartRefused('Refusing to start: WECHATPAY_PRIVATE_KEY_FILE must hold the RSA key apiclient_key.pem.');
  }
  let notify: URL;
  try {
    notify = new URL(wechat.notifyUrl);
  } catch {
    throw new StartRefused('Refusing to start: WECHATPAY_NOTIFY_URL is not a URL.');
  }
  // WeChat Pay posts only to HTTPS; a plain address is good for a stand-in on this machine only.
  if (config.env === 'production' && notify.protocol !== 'https:') {
    throw new StartRefused('Refusing to start: WECHATPAY_NOTIFY_URL must be an https:// address in production.');
  }
  if (!notify.pathname.endsWith('/pay/notify')) {
    throw new StartRefused('Refusing to start: WECHATPAY_NOTIFY_URL must end in /api/pay/notify, this server route.');
  }
}
