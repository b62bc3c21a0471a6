// Maps rjsf validation errors to the definition's texts (请输入参数名称 …) in the current language, and hides errors of
// fields the person has not left yet until the form is submitted.
import type { RJSFValidationError } from '@rjsf/utils';
import type { Label } from '../schema/types';

/** Rules with a message of their own when the definition gives none; any other says the field is invalid. */
const OWN_RULES = ['required', 'maxLength', 'minimum', 'maximum'] as const;
export type FallbackRule = (typeof OWN_RULES)[number] | 'invalid';
const fallbackRule = (rule: string): FallbackRule =>
  (OWN_RULES as readonly string[]).includes(rule) ? (rule as FallbackRule) : 'invalid';

export interface MessageContext {
  messages: Record<string, Record<string, Label>>;
  fieldLabel: (field: string) => string;
  text: (label: Label | undefined) => string;
  /** The text of a rule without a message of its own, given the field's label and name. */
  fallback: (rule: FallbackRule, label: string, limit: unknown, field: string) => string;
  /** Fields already blurred; undefined once the form was submitted (every error shows). */
  touched: Set<string> | undefined;
}

/** `.paramName` or `.parent.child` → the top-level field name. */
export function fieldOf(error: RJSFValidationError): string {
  if (error.name === 'required') return String(error.params?.missingProperty ?? '');
  return (error.property ?? '').replace(/^\./, '').split(/[.[]/)[0];
}

export function transformErrors(errors: RJSFValidationError[], context: MessageContext): RJSFValidationError[] {
  return errors
    .filter((error) => !context.touched || context.touched.has(fieldOf(error)))
    .map((error) => {
      const field = fieldOf(error);
      const rule = error.name ?? '';
      const own = context.messages[field]?.[rule];
      const message = own
        ? context.text(own)
        : context.fallback(fallbackRule(rule), context.fieldLabel(field), error.params?.limit, field);
      return { ...error, message, stack: message };
    });
}

/** rjsf field ids look like `root_paramName`. */
export const fieldOfId = (id: string): string => id.replace(/^root_/, '').split('_')[0];
