// Every page definition the product ships satisfies the page schema and names only registered widgets, formatters
// and actions.
import { describe, expect, it } from 'vitest';
import { SYSTEM_DICTIONARIES } from '../../facts/system-dictionaries';
import { builtins } from '../../runtime/builtins';
import { resolveExtends } from '../../runtime/page/extends';
import { createRegistry } from '../../runtime/registry';
import { consoleNames } from '../../runtime/registry-names';
import { validateDefinition } from '../../runtime/schema/validate';
import { consoleWidgets } from '../../src/config/widgets';

const raw = import.meta.glob<unknown>('/pages/**/*.json', { import: 'default', eager: true });
const pageIdOf = (file: string) => file.replace(/^\/pages\//, '').replace(/\.json$/, '');
/** Every screen as it opens: with what it extends filled in; the fragments under _shared are not screens. */
const files: Record<string, unknown> = Object.fromEntries(
  await Promise.all(
    Object.entries(raw)
      .filter(([file]) => !file.startsWith('/pages/_shared/'))
      .map(async ([file, definition]) => [
        file,
        await resolveExtends(definition, file.slice(1), async (pageId) => raw[`/pages/${pageId}.json`]),
      ]),
  ),
);
const dictionaryFiles = import.meta.glob<{ code: string }>('/dictionaries/*.json', { import: 'default', eager: true });

/** Every dictionary a definition names (a `dict` formatter or a dictSelect/dictRadio widget), with its kind. */
function dictionariesNamed(node: unknown, found: Array<{ code: string; biz: boolean }> = []) {
  if (Array.isArray(node)) for (const item of node) dictionariesNamed(item, found);
  else if (node && typeof node === 'object') {
    const entry = node as Record<string, unknown>;
    if (entry.name === 'dict' && typeof entry.code === 'string')
      found.push({ code: entry.code, biz: entry.biz === true });
    if (typeof entry.dict === 'string') found.push({ code: entry.dict, biz: entry.biz === true });
    const dict = entry.dict as { code?: unknown; biz?: unknown } | undefined;
    if (typeof dict?.code === 'string') found.push({ code: dict.code, biz: dict.biz === true });
    for (const value of Object.values(entry)) dictionariesNamed(value, found);
  }
  return found;
}

// The console's registry as the shell hands it over: its own list drawn over the runtime's built-ins.
const registry = createRegistry(builtins, consoleWidgets);

describe('page definitions', () => {
  it('the names the checks accept outside the console are those the registry holds', () => {
    // Node and the build check names against runtime/registry-names.ts, which must say what the console registers.
    expect({
      formatters: registry.formatterNames(),
      widgets: registry.widgetNames(),
      actions: registry.actionNames(),
    }).toEqual(consoleNames);
  });

  it('there are definitions to check', () => {
    expect(Object.keys(files).length).toBeGreaterThan(0);
  });

  for (const [file, definition] of Object.entries(files)) {
    it(`${file} is valid`, () => {
      expect(validateDefinition(definition, registry)).toEqual([]);
      expect((definition as { id: string }).id).toBe(pageIdOf(file));
    });
  }

  it('name only dictionaries the console seeds, so no dropdown is empty and no list shows a bare code', () => {
    // The seed writes the dictionaries of dictionaries/*.json to the system dictionary, beside the BladeX ones (the
    // spec fetches order_status and channel through dict/dictionary); business dictionaries are the ones staff add.
    const system = new Set([
      ...SYSTEM_DICTIONARIES.map((dictionary) => dictionary.code),
      ...Object.values(dictionaryFiles).map((dictionary) => dictionary.code),
    ]);
    const business = new Set<string>();
    const missing = Object.entries(files).flatMap(([file, definition]) =>
      dictionariesNamed(definition)
        .filter(({ code, biz }) => !(biz ? business : system).has(code))
        .map(({ code }) => `${file}: ${code}`),
    );
    expect(missing).toEqual([]);
  });
});
