// AWS's documented Signature V4 examples for S3 (aws-sigv4.json): the signer the S3 client signs with computes the
// documented GET Object Authorization and presigned URL, and the S3 double takes each documented request past its
// signature check while refusing it with one character changed. The double addresses buckets by path (as MinIO),
// so the documented request for examplebucket's test.txt reaches it as bucket "test.txt": past the signature, it
// answers NoSuchBucket.
import { SignatureV4MultiRegion } from '@aws-sdk/signature-v4-multi-region';
import { Sha256 } from '@smithy/core/checksum';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Double, startS3Double } from '../../scripts/doubles/s3.js';
import { oneCharChanged, send, vectorOf } from './vectors.js';

interface AwsVector {
  credentials: { accessKeyId: string; secretAccessKey: string };
  region: string;
  getObject: { method: string; path: string; headers: Record<string, string>; authorization: string };
  presignedGet: { method: string; host: string; url: string; signature: string };
}

const vector = vectorOf<AwsVector>('aws-sigv4');
const SIGNED_AT = new Date('2013-05-24T00:00:00Z');
const EXPIRES = 86400;

// As the S3 client configures it: S3 signs paths as they are, without escaping them again.
const signer = new SignatureV4MultiRegion({
  credentials: vector.credentials,
  region: vector.region,
  service: 's3',
  sha256: Sha256,
  uriEscapePath: false,
});

let double: S3Double;

beforeAll(async () => {
  double = await startS3Double({
    accessKey: vector.credentials.accessKeyId,
    secretKey: vector.credentials.secretAccessKey,
    bucket: 'examplebucket',
    now: () => SIGNED_AT.getTime(),
  });
});
afterAll(() => double?.close());

const codeOf = (body: string) => /<Code>([^<]+)<\/Code>/.exec(body)?.[1];

describe('S3 Signature V4, the documented GET Object example', () => {
  const { getObject } = vector;

  it('is what the SDK signs', async () => {
    const { 'x-amz-date': _, ...headers } = getObject.headers;
    const signed = await signer.sign(
      {
        method: getObject.method,
        protocol: 'https:',
        hostname: headers.host,
        path: getObject.path,
        query: {},
        headers,
      },
      { signingDate: SIGNED_AT },
    );
    expect(signed.headers['x-amz-date']).toBe(getObject.headers['x-amz-date']);
    // The SDK puts a space after each comma of the header; AWS reads either.
    expect(signed.headers.authorization.replaceAll(', ', ',')).toBe(getObject.authorization);
  });

  it('passes the double’s signature check, and fails it with one character changed', async () => {
    const headers = { ...getObject.headers, authorization: getObject.authorization };
    const passed = await send(double.url, getObject.method, getObject.path, headers);
    expect([passed.status, codeOf(passed.body)]).toEqual([404, 'NoSuchBucket']);
    const changed = { ...headers, authorization: oneCharChanged(getObject.authorization) };
    const refused = await send(double.url, getObject.method, getObject.path, changed);
    expect([refused.status, codeOf(refused.body)]).toEqual([403, 'SignatureDoesNotMatch']);
    const range = await send(double.url, getObject.method, getObject.path, { ...headers, range: 'bytes=0-8' });
    expect(codeOf(range.body)).toBe('SignatureDoesNotMatch');
  });
});

describe('S3 Signature V4, the documented presigned URL', () => {
  const { presignedGet } = vector;
  const url = new URL(presignedGet.url);

  it('is what the SDK presigns, the payload left unsigned', async () => {
    // The product's presigner (@aws-sdk/s3-request-presigner) also hoists X-Amz-Content-Sha256 into the query: a
    // longer URL, as valid, whose signature differs from the document's for that reason alone.
    const presigned = await signer.presign(
      {
        method: presignedGet.method,
        protocol: 'https:',
        hostname: presignedGet.host,
        path: url.pathname,
        query: {},
        headers: { host: presignedGet.host, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
      },
      {
        signingDate: SIGNED_AT,
        expiresIn: EXPIRES,
        unhoistableHeaders: new Set(['x-amz-content-sha256']),
        unsignableHeaders: new Set(['x-amz-content-sha256']),
      },
    );
    expect(presigned.query).toEqual(Object.fromEntries(url.searchParams));
    expect(presigned.query?.['X-Amz-Signature']).toBe(presignedGet.signature);
  });

  it('passes the double’s signature check, and fails it with one character changed', async () => {
    const host = { host: presignedGet.host };
    const passed = await send(double.url, presignedGet.method, `${url.pathname}${url.search}`, host);
    expect([passed.status, codeOf(passed.body)]).toEqual([404, 'NoSuchBucket']);
    const changed = oneCharChanged(`${url.pathname}${url.search}`);
    const refused = await send(double.url, presignedGet.method, changed, host);
    expect([refused.status, codeOf(refused.body)]).toEqual([403, 'SignatureDoesNotMatch']);
  });
});
