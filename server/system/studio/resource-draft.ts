// A first page for a server resource that has no screen (docs/studio.md, "New screens"): a list with a column per
// field, a search on text and dictionary fields, and a form with the field's limits. The analyst adjusts it.

import { readDictionaryFiles } from '../../../facts/dictionary-files.js';
import { menusByCode } from '../../../facts/menu-tree.js';
import { SYSTEM_DICTIONARIES } from '../../../facts/system-dictionaries.js';
import { knownResources } from '../../platform/engine/known.js';
import type { FieldSpec, ResourceDefinition } from '../../platform/engine/types.js';
import { baselinePageIds, baselineText } from './baseline.js';

/** `/blade-system/approval` → `approval`; `/blade-desk/notice` → `notice`. */
const lastPart = (prefix: string) => prefix.split('/').filter(Boolean).pop() ?? '';

const snake = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The dictionary a field most likely reads: `<menu>_<field>` or `<field>` among the seeded codes. */
function dictOf(resource: ResourceDefinition, field: string, codes: Set<string>): string | undefined {
  return [`${resource.menu}_${snake(field)}`, snake(field)].find((code) => codes.has(code));
}

/** The resources (by their `/api` prefix) whose list or tree a shipped page shows. */
function listedPrefixes(): Set<string> {
  const calls = baselinePageIds().flatMap((pageId) => [
    ...(baselineText(pageId) ?? '').matchAll(/"(?:list|api|tree)":\s*"(\/api\/[^"?]+)/g),
  ]);
  return new Set(calls.map((match) => match[1].replace(/^\/api/, '').replace(/\/(list|page|tree|lazy-tree)$/, '')));
}

/** The resources the studio may draft a page from, those without a screen first. */
export function draftableResources(): { prefix: string; title: string; menu: string; hasScreen: boolean }[] {
  const listed = listedPrefixes();
  return knownResources
    .filter((r) => (r.operations ?? ['list']).some((o) => o === 'list' || o === 'page'))
    .map((r) => ({ prefix: r.prefix, title: r.title, menu: r.menu, hasScreen: listed.has(r.prefix) }))
    .sort((a, b) => Number(a.hasScreen) - Number(b.hasScreen));
}

function formField(spec: FieldSpec, dict: string | undefined): Record<string, unknown> {
  const field: Record<string, unknown> = {};
  if (spec.type === 'integer') field.type = 'integer';
  if (spec.required) field.required = true;
  if (dict) field.dict = dict;
  if (spec.maxLength !== undefined) field.maxLength = spec.maxLength;
  if (spec.minimum !== undefined) field.minimum = spec.minimum;
  if (spec.maximum !== undefined) field.maximum = spec.maximum;
  if (spec.pattern !== undefined) field.pattern = spec.pattern;
  if (spec.type === 'text' && (spec.maxLength ?? 0) > 200) field.widget = 'textarea';
  return field;
}

/** A drafted page: its id, its definition, and the menu whose grant its calls need (`access`). */
export interface ResourceDraft {
  pageId: string;
  definition: object;
  /**
   * The resource's calls answer whoever holds its own menu, whatever menu shows the page: a role given only the new
   * page's menu would see an empty table (缺少访问权限). The studio says so beside the draft (docs/studio.md).
   */
  access: { menu: string; zh: string; en: string };
}

/** The page drafted for the resource served under `prefix`, or undefined for an unknown one. */
export function draftFromResource(prefix: string): ResourceDraft | undefined {
  const resource = knownResources.find((r) => r.prefix === prefix);
  if (!resource) return undefined;
  const codes = new Set([...readDictionaryFiles().map((d) => d.code), ...SYSTEM_DICTIONARIES.map((d) => d.code)]);
  const area = resource.prefix.includes('blade-system') ? 'business' : 'system';
  const name = lastPart(resource.prefix)
    .replace(/[^a-z0-9_-]/gi, '-')
    .toLowerCase();
  // A resource that has a screen already gets a second one beside it, never over it.
  const pageId = baselineText(`${area}/${name}`) === undefined ? `${area}/${name}` : `${area}/${name}-draft`;
  const operations = new Set(resource.operations ?? ['list', 'detail', 'submit', 'remove']);
  const entries = Object.entries(resource.fields).filter(([name]) => !(resource.hidden ?? []).includes(name));
  const columns = entries.map(([name, spec]) => {
    const dict = dictOf(resource, name, codes);
    const column: Record<string, unknown> = { field: name, label: { zh: spec.label, en: spec.en } };
    if (dict) column.dict = dict;
    if (spec.filter !== false && (dict || (spec.type === 'text' && !spec.readOnly))) column.search = true;
    if (spec.type === 'datetime') column.width = 170;
    return column;
  });
  const writable = entries.filter(([, spec]) => !spec.readOnly);
  const list: Record<string, unknown> = {
    type: 'list',
    api: { list: `/api${resource.prefix}/${operations.has('list') ? 'list' : 'page'}` },
    operations: {
      ...(operations.has('submit') ? { add: `${resource.menu}_add`, edit: `${resource.menu}_edit` } : {}),
      ...(operations.has('detail') ? { view: `${resource.menu}_view` } : {}),
      ...(operations.has('remove') ? { delete: `${resource.menu}_delete` } : {}),
    },
    columns,
  };
  if (operations.has('submit') && writable.length)
    list.form = {
      fields: Object.fromEntries(
        writable.map(([name, spec]) => [name, formField(spec, dictOf(resource, name, codes))]),
      ),
    };
  // Titled in English after the resource's own screen (its menu); a resource without one keeps its name.
  const screen = menusByCode().get(resource.menu);
  const en = screen?.en ?? resource.title;
  return {
    pageId,
    definition: { id: pageId, title: { zh: resource.title, en }, blocks: [list] },
    access: { menu: resource.menu, zh: screen?.name ?? resource.title, en },
  };
}
