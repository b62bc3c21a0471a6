// The columns of an export written by the server, as the screen shows them: the header in the reader's language,
// a number column's kind, and for a column whose values are codes (a dictionary, a linked row's id, an enumeration)
// the screen's word for every code it can hold, so the file reads as the list does.
import { loadDictionary } from '../data/dictionary';
import { loadLookup } from '../data/lookup';
import type { DataProvider } from '../data/provider';
import { formatterOf } from '../format/Cell';
import type { Lang } from '../i18n/label';
import type { Registry } from '../registry';
import type { Column } from '../schema/types';
import { type NumberKind, numberKindOf } from './exportExcel';
import { formatOf } from './fields';

export interface ExportColumn {
  field: string;
  header: string;
  kind?: NumberKind;
  per?: number;
  /** Summed in the file's totals row, as the screen's totals row sums it. */
  total?: boolean;
  labels?: Record<string, string>;
  /** Written in place of every value: a secret the reader may not reveal. */
  mask?: string;
  /** Written after each value: a number's unit (分钟). */
  suffix?: string;
}

/** The codes a coded column can hold: its dictionary's keys, the linked list's keys, the enumeration's values. */
async function codesOf(
  provider: DataProvider,
  name: string,
  options: Record<string, unknown>,
): Promise<string[] | undefined> {
  if (name === 'dict')
    return (await loadDictionary(provider, String(options.code), Boolean(options.biz))).map((item) => item.dictKey);
  if (name === 'lookup' && !options.byKey) {
    return (await loadLookup(provider, options as unknown as Parameters<typeof loadLookup>[1])).map(
      (item) => item.value,
    );
  }
  if (name === 'enum') return Object.keys((options.values ?? {}) as Record<string, unknown>);
  return undefined;
}

export async function exportColumn(
  column: Column,
  header: string,
  lang: Lang,
  registry: Registry,
  provider: DataProvider,
  total = false,
): Promise<ExportColumn> {
  const kind = numberKindOf(column);
  const format = formatOf(column);
  const spec: ExportColumn = { field: column.field, header };
  if (kind) {
    spec.kind = kind;
    if (total && kind === 'number') spec.total = true;
    if (kind === 'percent' && typeof format === 'object' && typeof format.per === 'number') spec.per = format.per;
    return spec;
  }
  const found = formatterOf(format, registry);
  const name = typeof format === 'string' ? format : (format?.name ?? '');
  // A secret and a number with a unit read as the screen shows them: the text of a sample value tells which.
  if (found?.formatter.text && (name === 'secret' || name === 'number')) {
    const sample = await found.formatter.text('1', found.options, { lang, provider });
    if (name === 'secret' && sample !== '1') spec.mask = sample;
    if (name === 'number' && sample.startsWith('1 ')) spec.suffix = sample.slice(2);
    return spec;
  }
  const codes = found
    ? await codesOf(provider, typeof format === 'string' ? format : (format?.name ?? ''), found.options)
    : undefined;
  const text = found?.formatter.text;
  if (codes && text) {
    spec.labels = Object.fromEntries(
      await Promise.all(
        codes.map(async (code) => [code, await text(code, found.options, { lang, provider })] as const),
      ),
    );
  }
  return spec;
}
