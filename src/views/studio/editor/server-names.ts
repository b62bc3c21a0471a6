// The names only the server knows, offered by the editor beside the schema's: the fields of the records the page's
// calls answer (with their names in both languages), the filters its lists accept, the seeded dictionaries, the
// buttons of the page's menu, and the console's formatters, widgets and actions.
import { type ApiDescription, consoleNames, type DescribedField, operationOf } from '@ride-console/runtime/studio';
import type { ExtraCompletion } from './json-language';

/** Every `/api/…` string of a definition: the calls its blocks make. */
function urlsIn(node: unknown, found = new Set<string>()): Set<string> {
  if (typeof node === 'string' && node.startsWith('/api/')) found.add(node);
  else if (Array.isArray(node)) for (const item of node) urlsIn(item, found);
  else if (node && typeof node === 'object') for (const value of Object.values(node)) urlsIn(value, found);
  return found;
}

type Kind = 'filter' | 'dictionary' | 'businessDictionary' | 'button' | 'formatter' | 'widget' | 'action';

const kinds: Record<Kind, { zh: string; en: string }> = {
  filter: { zh: '筛选条件', en: 'filter' },
  dictionary: { zh: '系统字典', en: 'system dictionary' },
  businessDictionary: { zh: '业务字典', en: 'business dictionary' },
  button: { zh: '按钮', en: 'button' },
  formatter: { zh: '格式化', en: 'formatter' },
  widget: { zh: '控件', en: 'widget' },
  action: { zh: '动作', en: 'action' },
};

/** What the editor offers for `page` (its parsed definition) with the server's description. */
export function serverNames(
  page: unknown,
  pageId: string,
  description: ApiDescription | undefined,
  lang: 'zh' | 'en',
): ExtraCompletion[] {
  const names = new Map<string, ExtraCompletion>();
  const offer = (label: string, detail: string) => {
    if (!names.has(label)) names.set(label, { label, detail });
  };
  const of = (kind: Kind, where?: string) => (where ? `${kinds[kind][lang]} · ${where}` : kinds[kind][lang]);

  if (description) {
    const operations = [...urlsIn(page)].flatMap((url) => operationOf(description, url) ?? []);
    const offerFields = (record: Record<string, DescribedField>, prefix: string) => {
      for (const [name, described] of Object.entries(record)) {
        offer(
          `${prefix}${name}`,
          lang === 'en' ? `${described.en} · ${described.zh}` : `${described.zh} · ${described.en}`,
        );
        // A nested record's fields are offered written whole: `today.revenue`.
        if (described.fields) offerFields(described.fields, `${prefix}${name}.`);
      }
    };
    for (const operation of operations) offerFields(operation.record ?? {}, '');
    for (const operation of operations)
      for (const filter of operation.filters ?? []) offer(filter, of('filter', operation.path));
    for (const code of description.dictionaries.system) offer(code, of('dictionary'));
    for (const code of description.dictionaries.business) offer(code, of('businessDictionary'));
    const menu = description.menus.find((entry) => entry.path === `/${pageId}`);
    for (const code of menu?.buttons ?? []) offer(code, of('button', menu?.code));
  }
  for (const name of consoleNames.formatters) offer(name, of('formatter'));
  for (const name of consoleNames.widgets) offer(name, of('widget'));
  for (const name of consoleNames.actions) offer(name, of('action'));
  return [...names.values()];
}
