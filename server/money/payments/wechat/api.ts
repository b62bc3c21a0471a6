// The merchant's signed channel to WeChat Pay v3, through wechatpay-axios-plugin: every request is signed with the
// merchant's API key (RSA-SHA256), every answer's signature is checked before it is read, against the key its
// `Wechatpay-Serial` names. That key is the 微信支付公钥 (`PUB_KEY_ID_…`, from the settings) or a platform certificate:
// these come from GET /v3/certificates, decrypted with the APIv3 key, fetched on first use in certificate mode, again
// every 12 hours, and at once when an answer or a notification names a serial not known yet. In public-key mode
// /v3/certificates is never called; during the switch-over either key is accepted (docs/going-live-payments.md).
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Aes, Decorator } from 'wechatpay-axios-plugin';
import type { WechatPayConfig } from '../../../platform/config.js';
import { providerCall } from '../../../platform/ops/metrics.js';
import { PaymentError } from '../provider.js';

const REFRESH_MS = 12 * 3600_000;
const UNKNOWN_SERIAL_MS = 60_000;
/** The plugin refuses to start without a platform key; this entry stands until the first download replaces it. */
const PLACEHOLDER = 'pending';
const TIMEOUT_MS = 10_000;
/** The code of the error when GET /v3/certificates answers certificates the APIv3 key does not open. */
export const APIV3_KEY_REFUSED = 'APIV3_KEY_REFUSED';

interface EncryptedCertificate {
  serial_no: string;
  encrypt_certificate: { algorithm: string; nonce: string; associated_data: string; ciphertext: string };
}

type Json = Record<string, unknown>;

/** The answer of a call: its status and its JSON body, already verified. */
export interface Answer<T = Json> {
  status: number;
  data: T;
}

export class WechatPayApi {
  private readonly decorator: Decorator;
  /** The plugin's own map of platform keys by serial or public key ID, which its response check reads on every answer. */
  private readonly keys: Record<string, crypto.KeyObject | undefined>;
  /** Whether platform certificates are trusted at all: not in public-key mode. */
  private readonly certificates: boolean;
  /** Sent on every request: naming the public key is what has WeChat Pay sign its answer with it. */
  private readonly headers: Record<string, string>;
  private loadedAt = 0;
  private loading: Promise<void> | undefined;

  constructor(readonly config: WechatPayConfig) {
    const publicKey =
      config.verifyMode === 'certificate' ? undefined : crypto.createPublicKey(fs.readFileSync(config.publicKeyFile));
    this.certificates = config.verifyMode !== 'public-key';
    this.headers = publicKey ? { 'Wechatpay-Serial': config.publicKeyId } : {};
    const options = {
      mchid: config.mchId,
      serial: config.serialNo,
      privateKey: fs.readFileSync(config.privateKeyFile),
      certs: (publicKey ? { [config.publicKeyId]: publicKey } : { [PLACEHOLDER]: undefined }) as Record<
        string,
        crypto.KeyObject | undefined
      >,
      baseURL: `${config.baseUrl.replace(/\/+$/, '')}/`,
      timeout: TIMEOUT_MS,
    };
    this.decorator = new Decorator(options as unknown as ConstructorParameters<typeof Decorator>[0]);
    // jsonBased() put its normalised map back on the options: the same object its verifier consults.
    this.keys = options.certs;
  }

  /**
   * The key `serial` names: the public key by its ID, or a platform certificate, fetching the certificates again when
   * they are old, or when the serial is not known and they were not fetched in the last minute (so made-up serials
   * cannot have them fetched over and over).
   */
  async platformKey(serial: string): Promise<crypto.KeyObject | undefined> {
    if (this.certificates && serial !== this.config.publicKeyId) {
      const age = Date.now() - this.loadedAt;
      if (age > REFRESH_MS || (!this.keys[serial] && age > UNKNOWN_SERIAL_MS)) await this.loadCertificates();
    }
    return this.keys[serial];
  }

  private loadCertificates(): Promise<void> {
    this.loading ??= this.downloadCertificates().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async downloadCertificates(): Promise<void> {
    // The answer is signed by one of the certificates it carries: they are decrypted (GCM authenticates them with
    // the APIv3 key only WeChat Pay and the merchant hold) before the plugin's check reads the signature.
    const decrypt = (raw: unknown) => {
      if (typeof raw !== 'string') return raw;
      let list: EncryptedCertificate[] = [];
      try {
        list = (JSON.parse(raw) as { data?: EncryptedCertificate[] }).data ?? [];
      } catch {
        return raw;
      }
      for (const { serial_no: serial, encrypt_certificate: sealed } of list) {
        let pem: string;
        try {
          pem = Aes.AesGcm.decrypt(sealed.ciphertext, this.config.apiV3Key, sealed.nonce, sealed.associated_data);
        } catch {
          // Sealed with another APIv3 key than the one configured: the one refusal only the merchant can fix.
          throw Object.assign(new Error('the platform certificates do not decrypt'), { code: APIV3_KEY_REFUSED });
        }
        const certificate = new crypto.X509Certificate(pem);
        if (certificate.serialNumber.toUpperCase() !== serial.toUpperCase()) continue;
        if (Date.parse(certificate.validTo) < Date.now()) continue;
        this.keys[serial] = certificate.publicKey;
      }
      return raw;
    };
    const defaults = this.decorator.v3.defaults.transformResponse;
    await this.call('GET', 'v3/certificates', undefined, {
      headers: this.headers,
      transformResponse: [decrypt, ...(Array.isArray(defaults) ? defaults : defaults ? [defaults] : [])],
    });
    delete this.keys[PLACEHOLDER];
    this.loadedAt = Date.now();
  }

  /**
   * One call. A refusal (4xx with v3's `{code, message}`) is a PaymentError; anything else — no answer, a 5xx, an
   * answer whose signature does not hold — is an Error saying only where it happened, never the request's keys.
   */
  async request<T = Json>(
    method: 'GET' | 'POST',
    path: string,
    body?: Json,
    params?: Json,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    // During a switch-over the certificates are fetched only once an answer is signed by one.
    const stale = Date.now() - this.loadedAt > REFRESH_MS;
    if (this.config.verifyMode === 'certificate' && stale) await this.loadCertificates();
    const options = { ...(params ? { params } : {}), headers: { ...this.headers, ...headers } };
    try {
      return await this.call<T>(method, path, body, options);
    } catch (error) {
      // Signed by a certificate issued since the last download: fetched again, and asked once more.
      if (!this.certificates || (error as { code?: string }).code !== 'EV3_RES_HEADER_PLATFORM_SERIAL') throw error;
      await this.loadCertificates();
      return this.call<T>(method, path, body, options);
    }
  }

  /**
   * A file v3 serves unsigned (a bill's download_url): the request is signed as every other, the answer's bytes are
   * returned as they came; the caller checks them against the hash the signed answer before gave.
   */
  async download(path: string, params: Json): Promise<Buffer> {
    const { data } = await this.call<ArrayBuffer | Buffer>('GET', path, undefined, {
      params,
      responseType: 'arraybuffer',
      headers: this.headers,
    });
    return Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer);
  }

  /**
   * The key a sensitive field (a payee's name) is encrypted with, and its name for the request's `Wechatpay-Serial`:
   * the 微信支付公钥 unless in certificate mode (also during a switch-over: the merchant holds it from its first
   * day), otherwise the platform certificate last downloaded.
   */
  async encryptionKey(): Promise<{ serial: string; key: crypto.KeyObject }> {
    if (this.config.verifyMode !== 'certificate') {
      const key = this.keys[this.config.publicKeyId];
      if (key) return { serial: this.config.publicKeyId, key };
    } else {
      if (Date.now() - this.loadedAt > REFRESH_MS) await this.loadCertificates();
      const serial = Object.keys(this.keys)
        .filter((name) => name !== PLACEHOLDER && this.keys[name])
        .at(-1);
      if (serial) return { serial, key: this.keys[serial] as crypto.KeyObject };
    }
    throw new Error('WeChat Pay: no platform key to encrypt with');
  }

  /** Counted in the provider metrics: a PaymentError is WeChat Pay's refusal, anything else a failure. */
  private call<T>(method: string, path: string, body: Json | undefined, options: Json): Promise<Answer<T>> {
    return providerCall(
      'wechat_pay',
      () => this.callOnce<T>(method, path, body, options),
      (error) => error instanceof PaymentError,
    );
  }

  private async callOnce<T>(method: string, path: string, body: Json | undefined, options: Json): Promise<Answer<T>> {
    try {
      const answer = await this.decorator.request(path, method.toLowerCase(), body, options);
      return { status: answer.status, data: (answer.data === '' ? {} : answer.data) as T };
    } catch (error) {
      throw refusalOf(error, method, path);
    }
  }
}

function refusalOf(error: unknown, method: string, path: string): Error {
  const failure = error as { code?: string; response?: { status?: number; data?: unknown } };
  const status = failure.response?.status;
  const data = failure.response?.data as { code?: unknown; message?: unknown } | undefined;
  if (status && status >= 400 && status < 500 && data && typeof data.code === 'string') {
    return new PaymentError(data.code, typeof data.message === 'string' ? data.message : data.code);
  }
  // The plugin's own refusals (an answer whose signature, serial or time does not hold) come with status 200.
  const code = typeof data?.code === 'string' ? data.code : failure.code;
  const what = status ? `HTTP ${status}${code ? ` ${code}` : ''}` : (failure.code ?? 'no answer');
  const plain = new Error(`WeChat Pay ${method} /${path.split('?')[0]}: ${what}`);
  (plain as { code?: string }).code = failure.code;
  return plain;
}
