// Gzipped sizes of the built console's scripts (dist/), as the browser fetched them by path.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from '../../tests/e2e/harness';

const gzippedBytes = (path: string): number => gzipSync(readFileSync(join(root, 'dist', path))).length;

const kb = (bytes: number): number => Math.round(bytes / 102.4) / 10;

export const gzippedKb = (paths: Iterable<string>): number =>
  kb([...paths].reduce((sum, path) => sum + gzippedBytes(path), 0));

/** The `count` largest scripts, e.g. `index 112.3, MainLayout 104.0`: the chunk names say what a screen pays for. */
export function heaviest(paths: Iterable<string>, count: number): string {
  return [...paths]
    .map((path) => ({ name: path.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, ''), bytes: gzippedBytes(path) }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, count)
    .map(({ name, bytes }) => `${name} ${kb(bytes)}`)
    .join(', ');
}
