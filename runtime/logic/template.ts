// The text template of confirms, messages and URLs, `确定结束订单 {{outTradeNo}}?`, which a value may also be
// (`"id": "{{row.id}}"`): one way to write "this field as text" in both places.
import jsonLogic from 'json-logic-js';
import { formatMoney } from '../format/money';
import type { Row } from '../schema/types';

/** How many names a `| list` shows before it stops with an ellipsis: the confirm's count says how many in all. */
const LISTED = 10;

/** `rows.keyPair` over the ticked rows: each row's device number. */
function listOf(path: string, data: Row): string {
  const [head, ...rest] = path.split('.');
  const value = jsonLogic.apply({ var: head }, data);
  const items = Array.isArray(value) ? value : [value];
  const names = items
    .map((item) => (rest.length > 0 ? jsonLogic.apply({ var: rest.join('.') }, item as Row) : item))
    .filter((name) => name !== undefined && name !== null && name !== '')
    .map(String);
  return names.length > LISTED ? `${names.slice(0, LISTED).join(', ')}, …` : names.join(', ');
}

/**
 * `确定结束订单 {{outTradeNo}}?` with the row's value; a dotted name reaches a nested field, `{{amount | money}}`
 * shows cents as yuan (600.00), as the money columns do, and `{{rows.keyPair | list}}` names the ticked rows (the
 * first ten, then …).
 */
export function fillTemplate(text: string, data: Row): string {
  return text.replace(/\{\{\s*([\w.]+)\s*(?:\|\s*(money|list)\s*)?\}\}/g, (_, path: string, pipe?: string) => {
    if (pipe === 'list') return listOf(path, data);
    const value = jsonLogic.apply({ var: path }, data);
    if (pipe === 'money') return formatMoney(value);
    return value === undefined || value === null ? '' : String(value);
  });
}
