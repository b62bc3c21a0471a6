// The go-live check of object storage (`npm run providers:check`): HeadBucket on the enabled 对象存储 config's
// bucket, which reads and writes nothing. An answer of 200 proves the endpoint, the keys' signature and their right
// to the bucket; a HEAD refusal carries no body, so the status says which. No key is printed.
import { HeadBucketCommand, S3ServiceException } from '@aws-sdk/client-s3';
import { bucketOf, clientOf, type OssConfig } from './s3.js';

const REFUSALS: Record<number, string> = {
  301: 'the bucket is in another region: fix its region',
  400: 'the request was refused (often a wrong region): check its region and endpoint',
  403: 'the accessKey / secretKey pair is refused or has no right to the bucket: fix accessKey and secretKey',
  404: 'no such bucket at this endpoint: fix 空间名 (and appId for 腾讯云)',
};

export async function checkStorage(config: OssConfig & { ossCode: string }): Promise<{ ok: boolean; text: string }> {
  const where = `对象存储 ${config.ossCode}`;
  let client: ReturnType<typeof clientOf>;
  try {
    client = clientOf(config);
  } catch (error) {
    return { ok: false, text: `${where}: ${(error as Error).message}` };
  }
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucketOf(config) }));
    return { ok: true, text: `${where}: bucket ${bucketOf(config)} answers HeadBucket at ${config.endpoint}` };
  } catch (error) {
    if (error instanceof S3ServiceException) {
      const status = error.$metadata.httpStatusCode ?? 0;
      return {
        ok: false,
        text: `${where}: HTTP ${status} ${error.name}: ${REFUSALS[status] ?? 'see the provider’s code'}`,
      };
    }
    return {
      ok: false,
      text: `${where}: ${config.endpoint} cannot be reached (${(error as Error).message}): fix 资源地址`,
    };
  } finally {
    client.destroy();
  }
}
