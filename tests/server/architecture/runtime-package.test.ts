// The runtime as a package: TypeScript's `paths`, Vite's aliases and runtime/package.json's `exports` name the same
// entries, each an existing file, so an import the editor accepts is one the build and the tests resolve.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { runtimeAliases, runtimeEntries } from '../../../scripts/runtime-package';
import { runtimePackage } from './imports.js';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const tsconfig = parse(fs.readFileSync(path.join(root, 'tsconfig.json'), 'utf8')) as {
  compilerOptions: { paths: Record<string, string[]> };
};

describe('the runtime package', () => {
  it('is private and names its entries in an exports map, each an existing file', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'runtime', 'package.json'), 'utf8'));
    expect(manifest).toMatchObject({ name: '@ride-console/runtime', private: true, type: 'module' });
    expect(Object.keys(manifest.exports)).toEqual(['.', './shell', './widgets', './studio']);
    for (const file of Object.values(runtimeEntries)) expect(fs.existsSync(file), file).toBe(true);
  });

  it("is resolved alike by TypeScript's paths and Vite's aliases", () => {
    const paths = Object.fromEntries(
      Object.entries(tsconfig.compilerOptions.paths)
        .filter(([specifier]) => specifier.startsWith('@ride-console/runtime'))
        .map(([specifier, [file]]) => [specifier, path.join(root, file)]),
    );
    expect(paths).toEqual(runtimeEntries);
    expect(
      Object.fromEntries(Object.entries(runtimePackage.entries).map(([name, file]) => [name, path.join(root, file)])),
    ).toEqual(runtimeEntries);
  });

  it('resolves only the exported subpaths: an internal path under the package name matches no alias', () => {
    const matches = (specifier: string) => runtimeAliases.filter(({ find }) => find.test(specifier)).length;
    expect(matches('@ride-console/runtime/studio')).toBe(1);
    expect(matches('@ride-console/runtime')).toBe(1);
    expect(matches('@ride-console/runtime/crud/CrudPage')).toBe(0);
    expect(matches('@ride-console/runtime/studio/x')).toBe(0);
  });
});
