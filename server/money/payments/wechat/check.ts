// The go-live check of WeChat Pay (`npm run providers:check`): one signed query for an order that does not exist,
// which takes no money and changes nothing. v3 answers it 404 ORDER_NOT_EXIST, signed like every answer to a request
// whose signature it accepted; the check verifies that signature itself, with the key the client would use, because
// the SDK verifies 2xx answers only. So a pass proves the merchant's key signs what v3 accepts and that its answers
// verify — in certificate mode with platform certificates downloaded first, which proves the APIv3 key opens them.
// Any other outcome names the settings to fix; no key is ever printed.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Formatter, Rsa } from 'wechatpay-axios-plugin';
import type { WechatPayConfig } from '../../../platform/config.js';
import { PaymentError } from '../provider.js';
import { APIV3_KEY_REFUSED, WechatPayApi } from './api.js';

export interface CheckOutcome {
  ok: boolean;
  text: string;
}

const SIGNING = 'WECHATPAY_MCHID, WECHATPAY_SERIAL_NO and WECHATPAY_PRIVATE_KEY_FILE';
const NOT_FOUND = new Set(['ORDER_NOT_EXIST', 'ORDERNOTEXIST']);
const TIMEOUT_MS = 10_000;

export async function checkWechatPay(config: WechatPayConfig): Promise<CheckOutcome> {
  let api: WechatPayApi;
  let privateKey: crypto.KeyObject;
  try {
    privateKey = crypto.createPrivateKey(fs.readFileSync(config.privateKeyFile));
    api = new WechatPayApi(config);
  } catch (error) {
    const files = config.verifyMode === 'certificate' ? '' : ' or WECHATPAY_PUBLIC_KEY_FILE';
    const said = (error as Error).message;
    return { ok: false, text: `a key file cannot be read (${said}): fix WECHATPAY_PRIVATE_KEY_FILE${files}` };
  }
  if (config.verifyMode !== 'public-key') {
    try {
      // Any serial but the public key's has the certificates downloaded on first use.
      await api.platformKey('CHECK');
    } catch (error) {
      return certificatesRefused(error);
    }
  }
  const target = `/v3/pay/transactions/out-trade-no/CHECK${Date.now()}?mchid=${config.mchId}`;
  const now = String(Math.floor(Date.now() / 1000));
  const nonce = crypto.randomBytes(16).toString('hex');
  const signature = Rsa.sign(Formatter.request('GET', target, now, nonce, ''), privateKey);
  let answer: Response;
  try {
    answer = await fetch(`${config.baseUrl.replace(/\/+$/, '')}${target}`, {
      headers: {
        accept: 'application/json',
        authorization: Formatter.authorization(config.mchId, nonce, signature, now, config.serialNo),
        // Naming the public key is what has WeChat Pay sign its answer with it.
        ...(config.verifyMode === 'certificate' ? {} : { 'wechatpay-serial': config.publicKeyId }),
      },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    return {
      ok: false,
      text: `${config.baseUrl} cannot be reached (${(error as Error).message}): check WECHATPAY_BASE_URL`,
    };
  }
  const body = await answer.text();
  const code = (JSON.parse(body || '{}') as { code?: string }).code ?? '';
  if (answer.status === 401)
    return { ok: false, text: `WeChat Pay refused the request's signature (${code}): fix ${SIGNING}` };
  if (answer.status !== 404 || !NOT_FOUND.has(code)) {
    return { ok: false, text: `WeChat Pay answered HTTP ${answer.status} ${code} to an order query: check ${SIGNING}` };
  }
  const serial = answer.headers.get('wechatpay-serial') ?? '';
  const key = await api.platformKey(serial);
  const verifiable = config.verifyMode === 'certificate' ? 'the platform certificates' : 'WECHATPAY_PUBLIC_KEY_ID';
  if (!key)
    return { ok: false, text: `the answer is signed by ${serial || 'no key'}, unknown here: check ${verifiable}` };
  const timestamp = answer.headers.get('wechatpay-timestamp') ?? '';
  const signed = Formatter.response(timestamp, answer.headers.get('wechatpay-nonce') ?? '', body);
  if (!Rsa.verify(signed, answer.headers.get('wechatpay-signature') ?? '', key)) {
    const file =
      config.verifyMode === 'certificate'
        ? 'WECHATPAY_APIV3_KEY'
        : 'WECHATPAY_PUBLIC_KEY_ID and WECHATPAY_PUBLIC_KEY_FILE';
    return { ok: false, text: `the answer's signature does not verify with ${serial}: check ${file}` };
  }
  const by = serial.startsWith('PUB_KEY_ID_') ? `the 微信支付公钥 ${serial}` : `platform certificate ${serial}`;
  return {
    ok: true,
    text: `merchant ${config.mchId} (${config.verifyMode} mode): a signed order query was accepted and its answer verified with ${by}`,
  };
}

function certificatesRefused(error: unknown): CheckOutcome {
  const code = (error as { code?: string }).code ?? '';
  if (code === APIV3_KEY_REFUSED) {
    return {
      ok: false,
      text: 'the platform certificates do not decrypt: fix WECHATPAY_APIV3_KEY (商户平台 → API安全 → APIv3密钥)',
    };
  }
  if (error instanceof PaymentError) {
    return { ok: false, text: `GET /v3/certificates was refused (${code} ${error.message}): fix ${SIGNING}` };
  }
  return { ok: false, text: `GET /v3/certificates failed (${(error as Error).message}): check WECHATPAY_BASE_URL` };
}
