// WeChat Pay APIv3 (wechat-pay.json). The document's 签名串 and Authorization header: the SDK the client signs with
// (wechatpay-axios-plugin) builds the same message and the same header fields, and the double verifies a request
// signed over that message and refuses it with one character changed. The document's signature itself comes from a
// merchant key it does not publish, and no AEAD_AES_256_GCM example with its APIv3 key was found in WeChat Pay's
// documents (docs/provider-vectors.md): the decryption is pinned to the SDK's own published fixture instead, which the
// client's notification path and the double's sealing both reproduce.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Aes, Formatter } from 'wechatpay-axios-plugin';
import { seal } from '../doubles/wechat-pay/books.js';
import { testKeys } from '../doubles/wechat-pay/keys.js';
import { WechatPayDouble } from '../doubles/wechat-pay/server.js';
import { oneCharChanged, send, vectorOf } from './vectors.js';

interface PayVector {
  signing: {
    method: string;
    url: string;
    timestamp: string;
    nonce: string;
    body: string;
    message: string;
    authorization: string;
  };
  aeadAes256Gcm: { key: string; nonce: string; associatedData: string; plaintext: string; ciphertext: string };
}

const { signing, aeadAes256Gcm: gcm } = vectorOf<PayVector>('wechat-pay');

const fieldsOf = (authorization: string): Record<string, string> => ({
  scheme: authorization.split(' ')[0],
  ...Object.fromEntries([...authorization.matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value])),
});

describe('the documented 签名串 and Authorization header', () => {
  it('are what the SDK builds', () => {
    expect(Formatter.request(signing.method, signing.url, signing.timestamp, signing.nonce, signing.body)).toBe(
      signing.message,
    );
    const documented = fieldsOf(signing.authorization);
    const built = Formatter.authorization(
      documented.mchid,
      documented.nonce_str,
      documented.signature,
      documented.timestamp,
      documented.serial_no,
    );
    // 「以上五项签名信息，无顺序要求」: the SDK writes them in an order of its own.
    expect(fieldsOf(built)).toEqual(documented);
  });

  describe('signed with a merchant key, to the double', () => {
    let double: WechatPayDouble;
    beforeAll(async () => {
      double = await WechatPayDouble.start(testKeys());
    });
    afterAll(() => double?.close());

    // The document's request at the double's hour (it refuses a request over five minutes old, as v3 does).
    const authorization = (signature?: string) => {
      const keys = double.keys;
      const timestamp = String(Math.floor(Date.now() / 1000));
      const message = Formatter.request(signing.method, signing.url, timestamp, signing.nonce, signing.body);
      const signed =
        signature ?? crypto.createSign('RSA-SHA256').update(message).sign(keys.merchant.privateKey, 'base64');
      return Formatter.authorization(keys.mchId, signing.nonce, signed, timestamp, keys.merchant.serial);
    };

    it('is verified, and refused with one character of the signature changed', async () => {
      const good = authorization();
      const taken = await send(double.baseUrl, signing.method, signing.url, { authorization: good });
      expect(taken.status).toBe(200);
      const signature = fieldsOf(good).signature;
      // A character inside the Base64, not the last ones, whose low bits may be padding a decoder ignores.
      const changed = oneCharChanged(signature, 10);
      const refused = await send(double.baseUrl, signing.method, signing.url, {
        authorization: authorization(changed),
      });
      expect([refused.status, JSON.parse(refused.body).code]).toEqual([401, 'SIGN_ERROR']);
    });
  });
});

describe('AEAD_AES_256_GCM, the SDK’s published fixture', () => {
  it('decrypts as the client reads a notification’s resource, and not with one character changed', () => {
    expect(Aes.AesGcm.decrypt(gcm.ciphertext, gcm.key, gcm.nonce, gcm.associatedData)).toBe(gcm.plaintext);
    expect(() =>
      Aes.AesGcm.decrypt(oneCharChanged(gcm.ciphertext, 3), gcm.key, gcm.nonce, gcm.associatedData),
    ).toThrow();
    expect(() => Aes.AesGcm.decrypt(gcm.ciphertext, gcm.key, gcm.nonce, oneCharChanged(gcm.associatedData))).toThrow();
  });

  it('is what the double seals', () => {
    expect(seal(gcm.key, gcm.plaintext, gcm.associatedData, gcm.nonce)).toEqual({
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: gcm.ciphertext,
      associated_data: gcm.associatedData,
      nonce: gcm.nonce,
    });
  });
});
