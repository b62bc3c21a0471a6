// Writes the brotli (`.br`) and gzip (`.gz`) forms of every text file of the built console beside it, at the highest
// levels, so the server sends the form a browser accepts without compressing on each answer
// (server/platform/http/console.ts, @fastify/static's `preCompressed`). A form no smaller than its file is not written:
// the file itself is then sent.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

async function precompress(file: string): Promise<void> {
  const source = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipped(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < source.length) await writeFile(`${file}.br`, br);
  if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
}

/** Every text file under `dir` gets its compressed forms. */
export async function precompressAll(dir: string): Promise<void> {
  const files = (await filesUnder(dir)).filter((file) => TEXT.test(file));
  await Promise.all(files.map(precompress));
}

export function precompressed(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'precompressed',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // After every file, index.html included, is written.
    async closeBundle(error) {
      if (!error) await precompressAll(resolve(config.root, config.build.outDir));
    },
  };
}
