// An S3 double: buckets in memory, path-style addressing (as MinIO), and every request's AWS Signature V4 checked
// the way S3 checks it — in the Authorization header, or in the query of a presigned link with its expiry. AWS's
// documented signing examples are replayed against it in tests/vectors.
import crypto from 'node:crypto';
import type http from 'node:http';
import { type Listening, listen } from './listen.js';

export interface S3Double extends Listening {
  accessKey: string;
  secretKey: string;
  bucket: string;
  objects: Map<string, { data: Buffer; contentType: string }>;
  /** Every request the double answered: method, path, and whether it came through a presigned link. */
  requests: Array<{ method: string; path: string; presigned: boolean }>;
}

const sha256 = (data: string | Buffer): string => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string): Buffer => crypto.createHmac('sha256', key).update(data).digest();
const encode = (text: string): string =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function error(response: http.ServerResponse, status: number, code: string, message: string): void {
  response.statusCode = status;
  response.setHeader('content-type', 'application/xml');
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  );
}

interface Signed {
  accessKey: string;
  scope: string;
  amzDate: string;
  signedHeaders: string[];
  signature: string;
  payloadHash: string;
  presigned: boolean;
  expires?: number;
}

function signedOf(request: http.IncomingMessage, query: URLSearchParams, body: Buffer): Signed | string {
  const header = request.headers.authorization;
  if (header) {
    const found =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\S+?),\s*SignedHeaders=([^,]+),\s*Signature=([0-9a-f]{64})$/.exec(header);
    if (!found) return 'AuthorizationHeaderMalformed';
    const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return 'XAmzContentSHA256Mismatch';
    return {
      accessKey: found[1],
      scope: found[2],
      signedHeaders: found[3].split(';'),
      signature: found[4],
      amzDate: String(request.headers['x-amz-date'] ?? ''),
      payloadHash,
      presigned: false,
    };
  }
  const credential = query.get('X-Amz-Credential');
  if (query.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' || !credential) return 'AccessDenied';
  const slash = credential.indexOf('/');
  return {
    accessKey: credential.slice(0, slash),
    scope: credential.slice(slash + 1),
    signedHeaders: (query.get('X-Amz-SignedHeaders') ?? '').split(';'),
    signature: query.get('X-Amz-Signature') ?? '',
    amzDate: query.get('X-Amz-Date') ?? '',
    payloadHash: 'UNSIGNED-PAYLOAD',
    presigned: true,
    expires: Number(query.get('X-Amz-Expires')),
  };
}

const amzTime = (amzDate: string): number =>
  Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));

/** The signature S3 expects of this request, or the refusal's code. */
function verify(request: http.IncomingMessage, path: string, query: URLSearchParams, signed: Signed, secret: string) {
  const canonicalQuery = [...query.entries()]
    .filter(([key]) => key !== 'X-Amz-Signature')
    .map(([key, value]) => [encode(key), encode(value)])
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const canonicalHeaders = signed.signedHeaders
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonical = [
    request.method,
    path,
    canonicalQuery,
    canonicalHeaders,
    signed.signedHeaders.join(';'),
    signed.payloadHash,
  ].join('\n');
  const [date, region, service] = signed.scope.split('/');
  const toSign = ['AWS4-HMAC-SHA256', signed.amzDate, signed.scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  return hmac(key, toSign).toString('hex');
}

export async function startS3Double(
  options: {
    accessKey?: string;
    secretKey?: string;
    bucket?: string;
    port?: number;
    /** The double's clock (ms), for replaying a documented request of another day. */
    now?: () => number;
  } = {},
): Promise<S3Double> {
  const now = options.now ?? Date.now;
  const accessKey = options.accessKey ?? 'RIDEDOUBLEACCESSKEY';
  const secretKey = options.secretKey ?? 'ride-double-secret-key-0000000000000000';
  const bucket = options.bucket ?? 'ride';
  const objects: S3Double['objects'] = new Map();
  const requests: S3Double['requests'] = [];
  const server = await listen(async (request, body, response) => {
    const url = new URL(request.url ?? '/', 'http://double');
    const signed = signedOf(request, url.searchParams, body);
    if (typeof signed === 'string') return error(response, 403, signed, 'The request is not signed as S3 expects');
    if (signed.accessKey !== accessKey) return error(response, 403, 'InvalidAccessKeyId', 'No such access key');
    const age = Math.abs(now() - amzTime(signed.amzDate)) / 1000;
    if (signed.presigned ? age > Number(signed.expires) : age > 15 * 60) {
      return error(response, 403, 'AccessDenied', 'Request has expired');
    }
    const expected = verify(request, url.pathname, url.searchParams, signed, secretKey);
    if (expected !== signed.signature) return error(response, 403, 'SignatureDoesNotMatch', 'Signature mismatch');
    requests.push({ method: request.method ?? '', path: url.pathname, presigned: signed.presigned });
    const [, bucketName, ...keyParts] = decodeURIComponent(url.pathname).split('/');
    if (bucketName !== bucket) return error(response, 404, 'NoSuchBucket', 'The bucket does not exist');
    const key = keyParts.join('/');
    // HeadBucket: the bucket is there and the key may use it.
    if (request.method === 'HEAD' && !key) return void response.end();
    if (request.method === 'PUT') {
      objects.set(key, { data: body, contentType: String(request.headers['content-type'] ?? 'binary/octet-stream') });
      response.setHeader('etag', `"${crypto.createHash('md5').update(body).digest('hex')}"`);
      return void response.end();
    }
    if (request.method === 'DELETE') {
      objects.delete(key);
      response.statusCode = 204;
      return void response.end();
    }
    const object = objects.get(key);
    if (!object) return error(response, 404, 'NoSuchKey', 'The key does not exist');
    response.setHeader('content-type', object.contentType);
    response.setHeader('content-length', object.data.length);
    response.end(request.method === 'HEAD' ? undefined : object.data);
  }, options.port);
  return { ...server, accessKey, secretKey, bucket, objects, requests };
}
