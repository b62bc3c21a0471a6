// How the forms' validators are compiled (runtime/form/compile.ts) and what the compiled code asks of the console
// (runtime/form/precompiled.ts): one place, so the build, the server and the browser agree.
import type { CustomValidatorOptionsType } from '@rjsf/validator-ajv8';

/**
 * rjsf's ajv settings (every error, ajv-formats' full formats) with the code kept compact: no line breaks of ajv's
 * and no copy of the schema in each error (the messages come from the definition, never from ajv's text).
 */
export const VALIDATOR_OPTIONS: CustomValidatorOptionsType = {
  ajvOptionsOverrides: { verbose: false, code: { lines: false } },
};

/**
 * The server's limits of a resource's fields (`<resource>/fields`) are data known only once the form opens, so their
 * check is compiled once with the limits as `$data`: a field's value is checked as `{ value, maxLength, minimum,
 * maximum, required }`, where `required` is `["value"]` when the server requires the field.
 */
export const LIMITS_SCHEMA = {
  type: 'object',
  required: { $data: '/required' },
  properties: {
    value: { maxLength: { $data: '1/maxLength' }, minimum: { $data: '1/minimum' }, maximum: { $data: '1/maximum' } },
  },
} as unknown as import('@rjsf/utils').RJSFSchema;

export const LIMITS_OPTIONS: CustomValidatorOptionsType = {
  ajvOptionsOverrides: { ...VALIDATOR_OPTIONS.ajvOptionsOverrides, $data: true },
};
