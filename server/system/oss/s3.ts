// The cloud store: any S3-compatible object storage (MinIO, 七牛云 Kodo, 阿里云 OSS, 腾讯云 COS) through the AWS SDK,
// configured by the enabled row of 对象存储 (blade_oss). Downloads are links signed for a short while, which open a
// private bucket and a public one alike.
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { OssTable } from '../../platform/db/schema.js';
import { badRequest } from '../../platform/http/envelope.js';
import type { FileStore } from './store.js';

/** Dictionary `oss`. */
export const OSS_MINIO = 1;
export const OSS_QINIU = 2;
export const OSS_ALIYUN = 3;
export const OSS_TENCENT = 4;

/** How long a download link works; the file route signs a new one on every visit. */
export const SIGNED_LINK_SECONDS = 10 * 60;

export type OssConfig = Pick<
  OssTable,
  'id' | 'category' | 'endpoint' | 'accessKey' | 'secretKey' | 'bucketName' | 'appId' | 'region'
>;

/** A region the endpoint's provider would sign for when the row leaves it empty. */
const DEFAULT_REGION: Record<number, string> = {
  [OSS_MINIO]: 'us-east-1',
  [OSS_QINIU]: 'cn-east-1',
  [OSS_ALIYUN]: 'oss-cn-hangzhou',
  [OSS_TENCENT]: 'ap-guangzhou',
};

/** 腾讯云 names a bucket `<name>-<appId>`; the row may hold the two apart. */
export function bucketOf(config: OssConfig): string {
  const bucket = (config.bucketName ?? '').trim();
  const appId = (config.appId ?? '').trim();
  if (config.category === OSS_TENCENT && appId && !bucket.endsWith(`-${appId}`)) return `${bucket}-${appId}`;
  return bucket;
}

export function clientOf(config: OssConfig): S3Client {
  if (!config.endpoint || !config.accessKey || !config.secretKey || !bucketOf(config)) {
    throw badRequest('对象存储配置不完整: 需要资源地址、accessKey、secretKey 和空间名');
  }
  const endpoint = /^https?:\/\//.test(config.endpoint) ? config.endpoint : `https://${config.endpoint}`;
  return new S3Client({
    endpoint,
    region: config.region || DEFAULT_REGION[config.category] || 'us-east-1',
    credentials: { accessKeyId: config.accessKey, secretAccessKey: config.secretKey },
    // MinIO serves buckets under the path; 阿里云 OSS refuses that and the others prefer the bucket's host name.
    forcePathStyle: config.category === OSS_MINIO,
    // The S3-compatible services of 七牛云, 阿里云 and 腾讯云 refuse the newer default checksum headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
  });
}

const clients = new Map<string, S3Client>();

/** One client per set of settings: editing the config takes effect on the next call. */
function cachedClient(config: OssConfig): S3Client {
  const { category, endpoint, accessKey, secretKey, bucketName, appId, region } = config;
  const settings = JSON.stringify([category, endpoint, accessKey, secretKey, bucketName, appId, region]);
  const key = `${config.id}:${crypto.createHash('sha256').update(settings).digest('hex')}`;
  let client = clients.get(key);
  if (!client) {
    for (const [old, stale] of clients) {
      if (old.startsWith(`${config.id}:`)) {
        stale.destroy();
        clients.delete(old);
      }
    }
    client = clientOf(config);
    clients.set(key, client);
  }
  return client;
}

/** A provider's refusal in the operator's words; its code stays for the administrator. */
function refusal(error: unknown): never {
  if (error instanceof S3ServiceException) {
    throw badRequest(STORAGE_ERRORS[error.name] ?? `对象存储拒绝: ${error.name}`);
  }
  if (
    error instanceof Error &&
    /ECONNREFUSED|ENOTFOUND|ETIMEDOUT|fetch failed/.test(`${error.message} ${(error as { code?: string }).code}`)
  ) {
    throw badRequest('对象存储无法连接, 请检查资源地址');
  }
  throw error;
}

/** The refusals an operator can mend in the config, in words; any other is named by its code. */
export const STORAGE_ERRORS: Record<string, string> = {
  InvalidAccessKeyId: '对象存储拒绝: InvalidAccessKeyId, accessKey 不存在',
  SignatureDoesNotMatch: '对象存储拒绝: SignatureDoesNotMatch, secretKey 不正确',
  NoSuchBucket: '对象存储拒绝: NoSuchBucket, 空间名不存在',
  AccessDenied: '对象存储拒绝: AccessDenied, 该 accessKey 无权访问此空间',
};

export function s3Store(config: OssConfig, contentTypeOf: (name: string) => string): FileStore {
  const client = cachedClient(config);
  const Bucket = bucketOf(config);
  return {
    put: async (name, data) => {
      await client
        .send(new PutObjectCommand({ Bucket, Key: name, Body: data, ContentType: contentTypeOf(name) }))
        .catch(refusal);
    },
    read: async (name) => {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: name }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (error) {
        if (error instanceof S3ServiceException && error.name === 'NoSuchKey') return null;
        return refusal(error);
      }
    },
    remove: async (name) => {
      await client.send(new DeleteObjectCommand({ Bucket, Key: name })).catch(refusal);
    },
    putFile: async (name, localPath) => {
      const { size } = await fs.promises.stat(localPath);
      const Body = fs.createReadStream(localPath);
      await client
        .send(new PutObjectCommand({ Bucket, Key: name, Body, ContentLength: size, ContentType: contentTypeOf(name) }))
        .catch(refusal)
        .finally(() => Body.destroy());
    },
    stream: async (name) => {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: name }));
        return (object.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (error instanceof S3ServiceException && error.name === 'NoSuchKey') return null;
        return refusal(error);
      }
    },
    downloadLink: (name) =>
      getSignedUrl(client, new GetObjectCommand({ Bucket, Key: name }), { expiresIn: SIGNED_LINK_SECONDS }),
  };
}
