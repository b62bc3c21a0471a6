// A label written as a key of the console's translations (`{ "key": "menu.param" }`) names a text that exists in
// Chinese and English, so no screen shows a bare key.
import { describe, expect, it } from 'vitest';
import enRuntime from '../../locales/en/runtime.json';
import enShell from '../../locales/en/shell.json';
import zhRuntime from '../../locales/zh/runtime.json';
import zhShell from '../../locales/zh/shell.json';

const files = import.meta.glob<unknown>('/pages/**/*.json', { import: 'default', eager: true });

/** Every `{ "key": … }` label in a definition, with its JSON path. */
function keyLabels(node: unknown, path = ''): Array<{ path: string; key: string }> {
  if (Array.isArray(node)) return node.flatMap((item, index) => keyLabels(item, `${path}/${index}`));
  if (!node || typeof node !== 'object') return [];
  const entries = Object.entries(node);
  if (entries.length === 1 && entries[0][0] === 'key' && typeof entries[0][1] === 'string')
    return [{ path, key: entries[0][1] }];
  return entries.flatMap(([name, value]) => keyLabels(value, `${path}/${name}`));
}

/** The text of a key (`menu.param`, or `runtime:definitionError`) in one language's strings. */
function text(strings: { shell: object; runtime: object }, key: string): unknown {
  const [namespace, name] = key.includes(':') ? key.split(':', 2) : ['shell', key];
  return name
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      (strings as Record<string, object>)[namespace],
    );
}

const languages = {
  zh: { shell: zhShell, runtime: zhRuntime },
  en: { shell: enShell, runtime: enRuntime },
};

function missing(definition: unknown): string[] {
  return keyLabels(definition).flatMap(({ path, key }) =>
    Object.entries(languages)
      .filter(([, strings]) => typeof text(strings, key) !== 'string')
      .map(([language]) => `${path}: "${key}" has no ${language} text`),
  );
}

describe('translation keys in page definitions', () => {
  it('are found and checked', () => {
    const definition = {
      title: { key: 'menu.nothing' },
      blocks: [{ columns: [{ label: { key: 'runtime:definitionError' } }] }],
    };
    expect(missing(definition)).toEqual([
      '/title: "menu.nothing" has no zh text',
      '/title: "menu.nothing" has no en text',
    ]);
  });

  for (const [file, definition] of Object.entries(files)) {
    it(`${file} names only keys that have both texts`, () => {
      expect(missing(definition)).toEqual([]);
    });
  }
});
