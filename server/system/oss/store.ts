// Where uploaded files live: the local disk under `<DATA_DIR>/upload/` by default, served back at
// /api/blade-resource/oss/file/<name>; the S3-compatible store of the enabled 对象存储 config (s3.ts) when one is
// enabled. Both answer the same calls; a cloud store also signs download links.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { AppContext } from '../../platform/context.js';
import { STATUS_ENABLED } from '../resources/enable.js';
import { contentTypeOf } from './sniff.js';

export interface FileStore {
  put: (name: string, data: Buffer) => Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  read: (name: string) => Promise<Buffer | null>;
  remove: (name: string) => Promise<void>;
  /** Keeps a file of the local disk under `name` without holding it in memory (an export's finished file). */
  putFile: (name: string, localPath: string) => Promise<void>;
  /** The file's bytes as they are read, or null when there is no such file. */
  stream: (name: string) => Promise<Readable | null>;
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
    putFile: async (name, localPath) => {
      await fs.mkdir(folder, { recursive: true });
      // Copied beside, then renamed: an instance reading the folder never sees half a file.
      const part = `${file(name)}.part`;
      await fs.copyFile(localPath, part);
      await fs.rename(part, file(name));
    },
    stream: async (name) => {
      const opened = await fs.open(file(name)).catch((error: unknown) => {
        if (missing(error)) return null;
        throw error;
      });
      return opened ? opened.createReadStream() : null;
    },
  };
}

export const localStore = (ctx: AppContext): FileStore => diskStore(path.join(ctx.config.dataDir, 'upload'));

/** The store new uploads go to: the enabled 对象存储 config's, else the local disk. */
export async function fileStoreOf(ctx: AppContext): Promise<FileStore> {
  return (await cloudStoreOf(ctx)) ?? localStore(ctx);
}

/** The enabled 对象存储 config's store, or null when files are kept on the local disk. */
async function cloudStoreOf(ctx: AppContext): Promise<FileStore | null> {
  const config = await ctx.db
    .selectFrom('blade_oss')
    .select(['id', 'category', 'endpoint', 'accessKey', 'secretKey', 'bucketName', 'appId', 'region'])
    .where('isDeleted', '=', 0)
    .where('status', '=', STATUS_ENABLED)
    .executeTakeFirst();
  if (!config) return null;
  // The S3 client loads with the first upload to a cloud store, not with every server that keeps files on disk.
  const { s3Store } = await import('./s3.js');
  return s3Store(config, (name) => contentTypeOf(path.extname(name).slice(1)));
}

/** A store's files under `folder/`: keys of a cloud store start with it. */
function inFolder(store: FileStore, folder: string): FileStore {
  const key = (name: string) => `${folder}/${path.basename(name)}`;
  return {
    put: (name, data) => store.put(key(name), data),
    read: (name) => store.read(key(name)),
    remove: (name) => store.remove(key(name)),
    putFile: (name, localPath) => store.putFile(key(name), localPath),
    stream: (name) => store.stream(key(name)),
  };
}

/**
 * Files a server writes for people to fetch later (exports), kept apart from uploads, which are served to anyone
 * holding their link: `<DATA_DIR>/<folder>/` shared by the instances of one machine, or `<folder>/…` in the enabled
 * cloud store for instances on several. A file is read and removed where it was written, should the store be
 * switched meanwhile.
 */
export function folderStore(ctx: AppContext, folder: string): FileStore {
  const disk = diskStore(path.join(ctx.config.dataDir, folder));
  const current = async () => {
    const cloud = await cloudStoreOf(ctx);
    return cloud ? inFolder(cloud, folder) : disk;
  };
  const either = async <T>(use: (store: FileStore) => Promise<T | null>): Promise<T | null> => {
    const store = await current();
    return (await use(store)) ?? (store === disk ? null : use(disk));
  };
  return {
    put: async (name, data) => (await current()).put(name, data),
    putFile: async (name, localPath) => (await current()).putFile(name, localPath),
    read: (name) => either((store) => store.read(name)),
    stream: (name) => either((store) => store.stream(name)),
    remove: async (name) => {
      const store = await current();
      await store.remove(name);
      if (store !== disk) await disk.remove(name);
    },
  };
}
