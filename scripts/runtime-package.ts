// The runtime as a package (runtime/package.json): the console imports it by name, `@ride-console/runtime` and its
// subpaths, and only the subpaths its `exports` map names resolve. Vite and vitest take these aliases; tsconfig.json's
// `paths` say the same for TypeScript (tests/server/architecture/runtime-package.test.ts keeps them in step).
import { readFileSync } from 'node:fs';
import path from 'node:path';

const folder = path.resolve(import.meta.dirname, '..', 'runtime');
const manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as {
  name: string;
  exports: Record<string, string>;
};

/** Each import specifier of the runtime's exports map with the file it opens (`@ride-console/runtime/studio` →
 * runtime/studio.ts, absolute). */
export const runtimeEntries: Record<string, string> = Object.fromEntries(
  Object.entries(manifest.exports).map(([subpath, file]) => [
    path.posix.join(manifest.name, subpath),
    path.join(folder, file),
  ]),
);

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Vite's aliases for the entries, each for its exact specifier: `@ride-console/runtime/crud/x` resolves to nothing. */
export const runtimeAliases = Object.entries(runtimeEntries).map(([specifier, file]) => ({
  find: new RegExp(`^${literal(specifier)}$`),
  replacement: file,
}));
