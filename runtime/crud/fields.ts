// What a column says about its field, turned into what the screen needs: the formatter of its cells and its entry in
// the search panel. A column's own `format` wins over the one its dictionary implies.
import { loadDictionary } from '../data/dictionary';
import type { DataProvider } from '../data/provider';
import type { Column, DictSpec, FormatSpec, SearchField, SearchKind } from '../schema/types';

export interface Dictionary {
  code: string;
  biz: boolean;
  empty?: (string | number)[];
}

export const dictionaryOf = (spec: DictSpec | undefined): Dictionary | undefined =>
  spec === undefined
    ? undefined
    : typeof spec === 'string'
      ? { code: spec, biz: false }
      : { code: spec.code, biz: spec.biz === true, empty: spec.empty };

/**
 * Settles once the dictionaries the columns' cells show have answered (or failed: the cells then show the codes). A
 * list's rows wait for them, so a cell never shows a code and then its name; a dictionary is asked for once a session.
 */
export function columnDictionaries(provider: DataProvider, columns: Column[]): Promise<void> {
  const asked = columns.map((column) => {
    const format = formatOf(column);
    return typeof format === 'object' && format.name === 'dict' && typeof format.code === 'string'
      ? loadDictionary(provider, format.code, format.biz === true).catch(() => undefined)
      : undefined;
  });
  return Promise.all(asked).then(() => undefined);
}

const formatName = (format: FormatSpec | undefined) => (typeof format === 'object' ? format.name : format);

export function formatOf(column: Column): FormatSpec | undefined {
  if (column.format) return column.format;
  const dict = dictionaryOf(column.dict);
  if (!dict) return undefined;
  return {
    name: 'dict',
    code: dict.code,
    ...(dict.biz ? { biz: true } : {}),
    ...(dict.empty ? { empty: dict.empty } : {}),
  };
}

/** The kind of search a column implies: a choice for a dictionary, a range for dates and money, else text. */
function searchKind(column: Column): SearchKind {
  if (column.dict) return 'dict';
  const format = formatName(column.format);
  if (format === 'date' || format === 'datetime') return 'dateRange';
  if (format === 'money') return 'numberRange';
  if (format === 'lookup') return 'lookup';
  return 'text';
}

/** The other resource's list behind a `lookup` column. */
function lookupOf(format: FormatSpec | undefined): SearchField['lookup'] {
  if (typeof format !== 'object' || format.name !== 'lookup') return undefined;
  const { url, labelField, valueField, filters } = format;
  return {
    url: String(url),
    labelField: String(labelField),
    ...(valueField ? { valueField: String(valueField) } : {}),
    ...(filters ? { filters: filters as NonNullable<SearchField['lookup']>['filters'] } : {}),
  };
}

/** The search panel's entries, in the order of the columns that have `search`. */
export function searchFieldsOf(columns: Column[]): SearchField[] {
  return columns.flatMap((column) => {
    const spec = column.search;
    if (spec === undefined) return [];
    const own = typeof spec === 'object' ? spec : {};
    const type = typeof spec === 'string' ? spec : (own.type ?? searchKind(column));
    const dict = dictionaryOf(column.dict);
    const lookup = type === 'lookup' ? lookupOf(column.format) : undefined;
    return [
      {
        field: column.field,
        label: own.label ?? column.label,
        type,
        ...(dict ? { dict: dict.code, biz: dict.biz } : {}),
        ...(lookup ? { lookup } : {}),
        ...(own.sendAs ? { sendAs: own.sendAs } : {}),
      },
    ];
  });
}
