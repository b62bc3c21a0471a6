// The official account's message crypto, replayed from WeChat's own WXBizMsgCrypt samples (wechat-mp-crypto.json):
// the server's push URL takes the sample's encrypted push (its msg_signature, its ciphertext, for its AppID) and
// reads the fan's message out of it, and refuses it with one character changed; the platform's double checks the
// sample's signature and decrypts it the same way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MpDouble, startWechatMpDouble } from '../../scripts/doubles/wechat-mp.js';
import { decryptMessage, pushSignature, readXml, writeXml } from '../../server/channels/mp/push-crypto.js';
import { call, signIn, startTestServer, type TestServer } from '../server/harness.js';
import { oneCharChanged, vectorOf } from './vectors.js';

interface MpVector {
  encodingAesKey: string;
  push: {
    token: string;
    appId: string;
    timestamp: string;
    nonce: string;
    msgSignature: string;
    encrypt: string;
    message: Record<string, string>;
  };
  aes: { appId: string; replyMsg: string; afterAesEncrypt: string };
}

const vector = vectorOf<MpVector>('wechat-mp-crypto');
const { push } = vector;

describe('the samples, through the server’s message crypto', () => {
  it('gives the sample’s msg_signature and decrypts its ciphertext for its AppID', () => {
    expect(pushSignature(push.token, push.timestamp, push.nonce, push.encrypt)).toBe(push.msgSignature);
    const inner = decryptMessage(vector.encodingAesKey, push.appId, push.encrypt);
    expect(readXml(inner ?? '')).toEqual(push.message);
    const { aes } = vector;
    expect(decryptMessage(vector.encodingAesKey, aes.appId, aes.afterAesEncrypt)).toBe(aes.replyMsg);
  });

  it('refuses the ciphertext for another AppID, and a changed one by its msg_signature', () => {
    expect(decryptMessage(vector.encodingAesKey, oneCharChanged(push.appId), push.encrypt)).toBeNull();
    // AES-CBC itself carries no integrity (a changed block only garbles the text): the signature is what refuses it.
    expect(pushSignature(push.token, push.timestamp, push.nonce, oneCharChanged(push.encrypt, 10))).not.toBe(
      push.msgSignature,
    );
  });
});

describe('the sample push, to the server URL', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    const added = await call(server, 'POST', '/api/mp/wxaccount/submit', {
      token: await signIn(server),
      body: {
        accountName: '示例公众号',
        accountType: 2,
        appId: push.appId,
        appSecret: 'sample-has-no-secret',
        pushToken: push.token,
        aesKey: vector.encodingAesKey,
      },
    });
    expect(added.statusCode).toBe(200);
  });
  afterAll(() => server?.close());

  const deliver = (msgSignature: string) =>
    server.app.inject({
      method: 'POST',
      url: `/api/mp/portal/${push.appId}`,
      // The URL's own signature (Token, timestamp, nonce) is not in the sample; it is made the documented way.
      query: {
        signature: pushSignature(push.token, push.timestamp, push.nonce),
        timestamp: push.timestamp,
        nonce: push.nonce,
        encrypt_type: 'aes',
        msg_signature: msgSignature,
      },
      headers: { 'content-type': 'text/xml' },
      payload: writeXml({ ToUserName: push.message.ToUserName, Encrypt: push.encrypt }),
    });

  it('is taken, and refused with one character of msg_signature changed', async () => {
    expect((await deliver(push.msgSignature)).statusCode).toBe(200);
    const refused = await deliver(oneCharChanged(push.msgSignature));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('推送签名不正确');
  });
});

describe('the sample, through the platform’s double', () => {
  let double: MpDouble;

  beforeAll(async () => {
    double = await startWechatMpDouble({ appId: push.appId });
  });
  afterAll(() => double?.close());

  const reply = (signature: string) =>
    writeXml({ Encrypt: push.encrypt, MsgSignature: signature, TimeStamp: push.timestamp, Nonce: push.nonce });

  it('checks the sample’s signature and decrypts it, and refuses it with one character changed', () => {
    const settings = { aesKey: vector.encodingAesKey, token: push.token };
    expect(double.readReply(settings, reply(push.msgSignature))).toEqual(push.message);
    expect(() => double.readReply(settings, reply(oneCharChanged(push.msgSignature)))).toThrow(/Token/);
  });
});
