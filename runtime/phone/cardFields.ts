// What a row's card shows on a phone: the fields the definition's `card` names, else the first two columns, the
// status and the money — the first of them is the card's title.
import type { Column, FormatSpec, ListScreen } from '../schema/types';

const formatName = (format: FormatSpec | undefined) => (typeof format === 'object' ? format.name : format);

/** A status: a field named like one, else the first column shown as a dictionary's or an enumeration's word. */
function statusOf(columns: Column[]): Column | undefined {
  const enumerated = (column: Column) =>
    column.dict !== undefined || ['dict', 'enum'].includes(`${formatName(column.format)}`);
  return (
    columns.find((column) => /(state|status)$/i.test(column.field) && enumerated(column)) ?? columns.find(enumerated)
  );
}

/** The columns of a row's card, in the definition's order when it names them, else in the columns' order. */
export function cardColumns(page: Pick<ListScreen, 'columns' | 'card'>, hidden: string[]): Column[] {
  const byField = new Map(page.columns.map((column) => [column.field, column]));
  if (page.card?.fields) return page.card.fields.flatMap((field) => byField.get(field) ?? []);
  const shown = page.columns.filter((column) => !hidden.includes(column.field));
  const chosen = new Set([...shown.slice(0, 2), statusOf(shown), shown.find((c) => formatName(c.format) === 'money')]);
  return shown.filter((column) => chosen.has(column));
}
