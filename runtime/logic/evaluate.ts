// json-logic decides visibleWhen / disabledWhen and computes request parameters from a row.
import jsonLogic from 'json-logic-js';
import { sessionUserId } from '../permissions';
import type { Logic, Row } from '../schema/types';
import { fillTemplate } from './template';

// `{ "me": [] }` is the signed-in person's user id, as the rows carry ids (text): a rule can tell their own rows.
jsonLogic.add_operation('me', sessionUserId);

export function evaluate(rule: Logic | undefined, data: Row, fallback: boolean): boolean {
  if (rule === undefined) return fallback;
  if (typeof rule === 'boolean') return rule;
  return Boolean(jsonLogic.apply(rule as Parameters<typeof jsonLogic.apply>[0], data));
}

/** A text with `{{…}}` in it is a template: the value is that text filled in (`"退款 {{row.outTradeNo}}"`). */
const isTemplate = (value: unknown): value is string => typeof value === 'string' && value.includes('{{');

/** Each value is a json-logic rule (`{ "var": "id" }`), a text template or a constant. */
export function computeValues(spec: Record<string, unknown> | undefined, data: Row): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, rule] of Object.entries(spec ?? {})) {
    if (isTemplate(rule)) out[key] = fillTemplate(rule, data);
    else
      out[key] =
        typeof rule === 'object' && rule !== null
          ? jsonLogic.apply(rule as Parameters<typeof jsonLogic.apply>[0], data)
          : rule;
  }
  return out;
}
