// What an action's rules, templates and requests see: the row of a row action, the ticked rows of a toolbar action
// (identified by the list's rowKey), and what its form holds.

import jsonLogic from 'json-logic-js';
import { formatMoney } from '../format/money';
import { evaluate } from '../logic/evaluate';
import type { Action, Row } from '../schema/types';

export interface ActionTarget {
  /** The row a row action was started from; undefined for toolbar actions. */
  row?: Row;
  rows: Row[];
  /** A number made when the action starts, the same for every send of its form: a business number sent once. */
  requestNo?: string;
}

/** The ticked rows' keys as BladeX takes them: `1,2,3`. */
export const idsOf = (rows: Row[], rowKey: string): string => rows.map((row) => String(row[rowKey])).join(',');

/** Row actions judge the row's own fields; toolbar actions the selection. */
export function ruleData(target: ActionTarget, rowKey: string): Row {
  if (target.row) return target.row;
  return { rows: target.rows, ids: idsOf(target.rows, rowKey), count: target.rows.length };
}

export const isVisible = (action: Action, data: Row): boolean => evaluate(action.visibleWhen, data, true);
export const isDisabled = (action: Action, data: Row): boolean => evaluate(action.disabledWhen, data, false);

/** The data a request's `query` and `body` (and a form's `defaults` and `load`) are computed over. */
export function requestData(target: ActionTarget, rowKey: string, form?: Row): Row {
  return {
    row: target.row,
    rows: target.rows,
    ids: idsOf(target.rows, rowKey),
    form: form ?? {},
    requestNo: target.requestNo,
  };
}

/** 20 letters and digits: the time in milliseconds, then random ones, so numbers sort by when they were made. */
export function newRequestNo(): string {
  const time = Date.now().toString(36).toUpperCase().padStart(9, '0');
  const random = Array.from(crypto.getRandomValues(new Uint8Array(11)), (byte) => (byte % 36).toString(36));
  return `${time}${random.join('').toUpperCase()}`;
}

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

/** A field of the server's answer; an empty name is the whole answer. */
export function answerField(data: unknown, field: string): unknown {
  if (!field) return data;
  return jsonLogic.apply({ var: field }, data as Row);
}
