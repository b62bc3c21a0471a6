// What the server checks about its payment provider before it opens the database: in production it does not take
// money on the sandbox unless told so, and the WeChat Pay settings its verification mode needs are all there and
// readable. A refusal names the variable to set; no key or secret is ever part of the message.

import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Config, WechatPayConfig } from '../../platform/config.js';

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

const PUBLIC_KEY = [
  ['publicKeyId', 'WECHATPAY_PUBLIC_KEY_ID'],
  ['publicKeyFile', 'WECHATPAY_PUBLIC_KEY_FILE'],
] as const;

/** What a refusal says of the verification mode, so the operator sees why the public key is asked for. */
const MODES: Record<WechatPayConfig['verifyMode'], string> = {
  certificate: '',
  'public-key': ' verifying with the WeChat Pay public key (WECHATPAY_VERIFY_MODE=public-key)',
  'switch-over':
    ' switching from platform certificates to the WeChat Pay public key (WECHATPAY_VERIFY_MODE=switch-over)',
};

/** The public key's ID as 商户平台 shows it, and the key itself: not the merchant's own key or certificate. */
function checkPublicKey(id: string, file: string): void {
  if (!id.startsWith('PUB_KEY_ID_')) {
    throw new StartRefused(
      'Refusing to start: WECHATPAY_PUBLIC_KEY_ID must be the WeChat Pay public key ID, PUB_KEY_ID_ followed by ' +
        'digits (商户平台 → 账户中心 → API安全 → 微信支付公钥), not a certificate serial number.',
    );
  }
  let key: crypto.KeyObject | undefined;
  try {
    const pem = fs.readFileSync(file, 'utf8');
    if (/-----BEGIN (RSA )?PUBLIC KEY-----/.test(pem)) key = crypto.createPublicKey(pem);
  } catch {
    key = undefined;
  }
  if (key?.asymmetricKeyType !== 'rsa') {
    throw new StartRefused(
      `Refusing to start: WECHATPAY_PUBLIC_KEY_FILE (${file}) is not a readable PEM RSA public key ` +
        '(pub_key.pem, downloaded from 商户平台 → 账户中心 → API安全 → 微信支付公钥).',
    );
  }
}

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
  const required = wechat.verifyMode === 'certificate' ? REQUIRED : [...REQUIRED, ...PUBLIC_KEY];
  const missing = required.filter(([key]) => !wechat[key]).map(([, variable]) => variable);
  if (missing.length > 0) {
    throw new StartRefused(
      `Refusing to start: PAY_PROVIDER=wechat${MODES[wechat.verifyMode]} needs ${missing.join(', ')}.`,
    );
  }
  if (wechat.verifyMode === 'certificate' && (wechat.publicKeyId || wechat.publicKeyFile)) {
    throw new StartRefused(
      'Refusing to start: WECHATPAY_VERIFY_MODE=certificate does not use the WeChat Pay public key given in ' +
        'WECHATPAY_PUBLIC_KEY_ID / WECHATPAY_PUBLIC_KEY_FILE. Set WECHATPAY_VERIFY_MODE=switch-over while 商户平台 ' +
        'switches the merchant from platform certificates to the public key, public-key once it has, or unset both.',
    );
  }
  if (wechat.verifyMode !== 'certificate') checkPublicKey(wechat.publicKeyId, wechat.publicKeyFile);
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
