// Where finished exports wait for their download: handed in when the app is built (the system's file store, a folder
// of the data directory or the cloud store), so that an export finished on one instance downloads from any other.
import type { Readable } from 'node:stream';

export interface ExportFiles {
  /** Keeps the finished file written at `localPath` under `name`. */
  putFile: (name: string, localPath: string) => Promise<void>;
  /** The file's bytes as they are read, or null when there is no such file. */
  stream: (name: string) => Promise<Readable | null>;
  remove: (name: string) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    exportFiles: ExportFiles;
  }
}
