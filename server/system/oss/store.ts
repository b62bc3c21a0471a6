// Where uploaded files live: the local disk under `<DATA_DIR>/upload/` by default, served back at
// /api/blade-resource/oss/file/<name>; the S3-compatible store of the enabled 对象存储 config (s3.ts) when one is
// enabled. Both answer the same calls; a cloud store also signs download links.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../platform/context.js';
import { STATUS_ENABLED } from '../resources/enable.js';
import { contentTypeOf } from './sniff.js';

export interface FileStore {
  put: (name: string, data: Buffer) => Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  read: (name: string) => Promise<Buffer | null>;
  remove: (name: string) => Promise<void>;
  /** A link the browser downloads the file from directly (a cloud store's signed URL). */
  downloadLink?: (name: string) => Promise<string>;
}

const missing = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT';

export function diskStore(folder: string): FileStore {
  const file = (name: string): string => path.join(folder, path.basename(name));
  return {
    put: async (name, data) => {
      await fs.mkdir(folder, { recursive: true });
      await fs.writeFile(file(name), data);
    },
    read: async (name) => {
      try {
        return await fs.readFile(file(name));
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    remove: async (name) => {
      try {
        await fs.unlink(file(name));
      } catch (error) {
        if (!missing(error)) throw error;
      }
    },
  };
}

export const localStore = (ctx: AppContext): FileStore => diskStore(path.join(ctx.config.dataDir, 'upload'));

/** The store new uploads go to: the enabled 对象存储 config's, else the local disk. */
export async function fileStoreOf(ctx: AppContext): Promise<FileStore> {
  const config = await ctx.db
    .selectFrom('blade_oss')
    .select(['id', 'category', 'endpoint', 'accessKey', 'secretKey', 'bucketName', 'appId', 'region'])
    .where('isDeleted', '=', 0)
    .where('status', '=', STATUS_ENABLED)
    .executeTakeFirst();
  if (!config) return localStore(ctx);
  // The S3 client loads with the first upload to a cloud store, not with every server that keeps files on disk.
  const { s3Store } = await import('./s3.js');
  return s3Store(config, (name) => contentTypeOf(path.extname(name).slice(1)));
}
