// What an action's rules, templates and requests see: the row of a row action, the ticked rows of a toolbar action
// (identified by the list's rowKey), and what its form holds.

import jsonLogic from 'json-logic-js';
import { evaluate } from '../logic/evaluate';

export { fillTemplate } from '../logic/template';

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

/** A field of the server's answer; an empty name is the whole answer. */
export function answerField(data: unknown, field: string): unknown {
  if (!field) return data;
  return jsonLogic.apply({ var: field }, data as Row);
}
