// 阿里云's documented ACS3-HMAC-SHA256 example (aliyun-acs3.json): the signer the Dysmsapi SDK calls computes the
// documented Authorization, and the SMS double takes the documented request past its signature check (it then
// refuses the action, RunInstances being no SMS call) while refusing it with one character changed.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmsDouble, startAliyunSmsDouble } from '../../scripts/doubles/sms.js';
import { oneCharChanged, send, vectorOf } from './vectors.js';

interface Acs3Vector {
  accessKeyId: string;
  accessKeySecret: string;
  request: {
    method: string;
    path: string;
    query: Record<string, string>;
    headers: Record<string, string>;
    body: string;
  };
  authorization: string;
}

const vector = vectorOf<Acs3Vector>('aliyun-acs3');
// The signer @alicloud/openapi-client (the SDK's base) calls for every request.
const clientRequire = createRequire(createRequire(import.meta.url).resolve('@alicloud/openapi-client'));
const { default: OpenApiUtil } = clientRequire('@alicloud/openapi-util') as {
  default: {
    getAuthorization: (request: unknown, algorithm: string, payload: string, id: string, secret: string) => string;
  };
};

let double: SmsDouble;

beforeAll(async () => {
  double = await startAliyunSmsDouble({ accessKey: vector.accessKeyId, secretKey: vector.accessKeySecret });
});
afterAll(() => double?.close());

const answerOf = async (headers: Record<string, string>) => {
  const target = `${vector.request.path}?${new URLSearchParams(vector.request.query)}`;
  const answer = await send(double.url, vector.request.method, target, headers, vector.request.body);
  return { status: answer.status, code: (JSON.parse(answer.body) as { Code: string }).Code };
};

describe('阿里云 ACS3-HMAC-SHA256, the documented example', () => {
  it('is what the SDK signs', () => {
    const { request } = vector;
    const authorization = OpenApiUtil.getAuthorization(
      { pathname: request.path, method: request.method, query: request.query, headers: request.headers },
      'ACS3-HMAC-SHA256',
      request.headers['x-acs-content-sha256'],
      vector.accessKeyId,
      vector.accessKeySecret,
    );
    expect(authorization).toBe(vector.authorization);
  });

  it('passes the double’s signature check, and fails it with one character changed', async () => {
    const headers: Record<string, string> = { ...vector.request.headers, authorization: vector.authorization };
    expect(await answerOf(headers)).toEqual({ status: 404, code: 'InvalidAction.NotFound' });
    const changed = { ...headers, authorization: oneCharChanged(vector.authorization) };
    expect(await answerOf(changed)).toEqual({ status: 400, code: 'SignatureDoesNotMatch' });
    const nonce = { ...headers, 'x-acs-signature-nonce': oneCharChanged(headers['x-acs-signature-nonce']) };
    expect(await answerOf(nonce)).toEqual({ status: 400, code: 'SignatureDoesNotMatch' });
  });
});
