// 腾讯云's documented TC3-HMAC-SHA256 example (tencent-cloud-tc3.json): the SMS SDK's signer computes the documented
// Authorization, and the SMS double takes the documented request past its signature check (it then refuses the
// action, DescribeInstances being no SMS call) while refusing it with one character changed.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmsDouble, startTencentSmsDouble } from '../../scripts/doubles/sms.js';
import { oneCharChanged, send, vectorOf } from './vectors.js';

interface Tc3Vector {
  secretId: string;
  secretKey: string;
  request: { method: string; url: string; headers: Record<string, string>; body: string };
  service: string;
  timestamp: number;
  authorization: string;
}

const vector = vectorOf<Tc3Vector>('tencent-cloud-tc3');
// The signer the SMS SDK (tencentcloud-sdk-nodejs-sms) loads from its common package.
const sdkRequire = createRequire(createRequire(import.meta.url).resolve('tencentcloud-sdk-nodejs-sms'));
const { default: Sign } = sdkRequire('tencentcloud-sdk-nodejs-common/tencentcloud/common/sign.js') as {
  default: { sign3: (options: Record<string, unknown>) => string };
};

let double: SmsDouble;

beforeAll(async () => {
  double = await startTencentSmsDouble({
    accessKey: vector.secretId,
    secretKey: vector.secretKey,
    now: () => vector.timestamp * 1000,
  });
});
afterAll(() => double?.close());

const errorOf = async (headers: Record<string, string>, body: string) => {
  const answer = await send(double.url, vector.request.method, '/', headers, body);
  return (JSON.parse(answer.body) as { Response: { Error?: { Code: string } } }).Response.Error?.Code;
};

describe('腾讯云 TC3-HMAC-SHA256, the documented example', () => {
  it('is what the SDK signs', () => {
    const authorization = Sign.sign3({
      method: vector.request.method,
      url: vector.request.url,
      payload: Buffer.from(vector.request.body),
      timestamp: vector.timestamp,
      service: vector.service,
      secretId: vector.secretId,
      secretKey: vector.secretKey,
      headers: { 'Content-Type': vector.request.headers['Content-Type'] },
    });
    expect(authorization).toBe(vector.authorization);
  });

  it('passes the double’s signature check, and fails it with one character changed', async () => {
    const headers = { ...vector.request.headers, Authorization: vector.authorization };
    expect(await errorOf(headers, vector.request.body)).toBe('InvalidAction');
    const signature = { ...headers, Authorization: oneCharChanged(vector.authorization) };
    expect(await errorOf(signature, vector.request.body)).toBe('AuthFailure.SignatureFailure');
    const body = oneCharChanged(vector.request.body, vector.request.body.indexOf('1'));
    expect(await errorOf(headers, body)).toBe('AuthFailure.SignatureFailure');
  });
});
