// Maps rjsf validation errors to the definition's texts (请输入参数名称 …) in the current language, and hides errors of
// fields the person has not left yet until the form is submitted.
import type { RJSFValidationError } from '@rjsf/utils';
import type { Label } from '../schema/types';

export interface MessageContext {
  messages: Record<string, Record<string, Label>>;
  fieldLabel: (field: string) => string;
  text: (label: Label | undefined) => string;
  fallback: (rule: 'required' | 'invalid', field: string) => string;
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
        : context.fallback(rule === 'required' ? 'required' : 'invalid', context.fieldLabel(field));
      return { ...error, message, stack: message };
    });
}

/** rjsf field ids look like `root_paramName`. */
export const fieldOfId = (id: string): string => id.replace(/^root_/, '').split('_')[0];
