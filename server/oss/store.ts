// Where uploaded files live. The default (and only built-in) store is the local disk under `<DATA_DIR>/upload/`,
// served back at /api/blade-resource/oss/file/<name>; a cloud store implements the same three calls.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../context.js';

export interface FileStore {
  put: (name: string, data: Buffer) => Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  read: (name: string) => Promise<Buffer | null>;
  remove: (name: string) => Promise<void>;
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

export const fileStoreOf = (ctx: AppContext): FileStore => diskStore(path.join(ctx.config.dataDir, 'upload'));
