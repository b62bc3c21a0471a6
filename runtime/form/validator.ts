// The forms' validator: checks a record against the JSON Schema the runtime derives from a form definition, in plain
// code. rjsf's own validator (ajv) compiles every schema into a function at run time, which a Content-Security-Policy
// without 'unsafe-eval' forbids, and it brings ajv's weight to every screen with a form.
// It covers what a form field can say (formSchema.ts and the server's limits): the type, `required`, `enum`,
// `minLength`/`maxLength`, `pattern`, `format`, `minimum`/`maximum`, over nested `properties`. Errors have the shape
// ajv's give rjsf (`name`, `property`, `params`), so messages.ts words them the same way.
import {
  type CustomValidator,
  createErrorHandler,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  toErrorSchema,
  type UiSchema,
  unwrapErrorHandler,
  type ValidationData,
  type ValidatorType,
  validationDataMerge,
} from '@rjsf/utils';

type Schema = Record<string, unknown>;
type Value = unknown;

const TYPES: Record<string, (value: Value) => boolean> = {
  string: (value) => typeof value === 'string',
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  integer: (value) => typeof value === 'number' && Number.isInteger(value),
  boolean: (value) => typeof value === 'boolean',
  object: (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  array: (value) => Array.isArray(value),
  null: (value) => value === null,
};

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const leap = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

/** A day of the calendar written yyyy-MM-dd (2026-02-29 is not one). */
function isDate(text: string): boolean {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!parts) return false;
  const [year, month, day] = parts.slice(1).map(Number);
  const days = month === 2 && leap(year) ? 29 : DAYS[month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(z|[+-]([01]\d|2[0-3]):?[0-5]\d)?$/i;
const IPV4 = /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z0-9]([a-z0-9-]*[a-z0-9])?$/i;

/** The formats a form field may name (page.schema.json lists the same). */
export const FORMATS: Record<string, (text: string) => boolean> = {
  email: (text) => EMAIL.test(text),
  uri: (text) => /^[a-z][a-z0-9+.-]*:\S+$/i.test(text),
  date: isDate,
  /** As the console's date widget writes it with hours (2026-03-04 05:06:07); ISO's `T` and a zone also pass. */
  'date-time': (text) => {
    const parts = text.split(/[Tt ]/);
    return parts.length === 2 && isDate(parts[0]) && TIME.test(parts[1]);
  },
  ipv4: (text) => IPV4.test(text),
};

/** Characters as a person counts them (an emoji is one), as JSON Schema counts a string's length. */
const lengthOf = (text: string) => Array.from(text).length;

const patterns = new Map<string, RegExp>();
function patternOf(source: string): RegExp {
  let pattern = patterns.get(source);
  if (!pattern) {
    pattern = new RegExp(source, 'u');
    patterns.set(source, pattern);
  }
  return pattern;
}

interface RawError {
  keyword: string;
  /** `.phones`, or `` for the record itself. */
  path: string;
  params: Record<string, unknown>;
  message: string;
}

const typesOf = (schema: Schema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type.map(String) : [String(schema.type)];

function check(schema: Schema, value: Value, path: string, errors: RawError[]): void {
  const error = (keyword: string, params: Record<string, unknown>, message: string) =>
    errors.push({ keyword, path, params, message });
  const types = typesOf(schema);
  if (types.length && !types.some((type) => TYPES[type]?.(value))) {
    error('type', { type: types.join(',') }, `must be ${types.join(',')}`);
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((allowed) => allowed === value)) {
    error('enum', { allowedValues: schema.enum }, 'must be equal to one of the allowed values');
  }
  if (typeof value === 'string') {
    const length = lengthOf(value);
    if (typeof schema.maxLength === 'number' && length > schema.maxLength)
      error('maxLength', { limit: schema.maxLength }, `must NOT have more than ${schema.maxLength} characters`);
    if (typeof schema.minLength === 'number' && length < schema.minLength)
      error('minLength', { limit: schema.minLength }, `must NOT have fewer than ${schema.minLength} characters`);
    if (typeof schema.pattern === 'string' && !patternOf(schema.pattern).test(value))
      error('pattern', { pattern: schema.pattern }, `must match pattern "${schema.pattern}"`);
    if (typeof schema.format === 'string' && !(FORMATS[schema.format]?.(value) ?? true))
      error('format', { format: schema.format }, `must match format "${schema.format}"`);
  }
  if (typeof value === 'number') {
    if (typeof schema.maximum === 'number' && value > schema.maximum)
      error('maximum', { comparison: '<=', limit: schema.maximum }, `must be <= ${schema.maximum}`);
    if (typeof schema.minimum === 'number' && value < schema.minimum)
      error('minimum', { comparison: '>=', limit: schema.minimum }, `must be >= ${schema.minimum}`);
  }
  if (TYPES.object(value)) {
    const record = value as Record<string, Value>;
    for (const field of Array.isArray(schema.required) ? schema.required.map(String) : []) {
      if (record[field] === undefined)
        error('required', { missingProperty: field }, `must have required property '${field}'`);
    }
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const [field, property] of Object.entries(properties)) {
      if (record[field] !== undefined && typeof property === 'object')
        check(property, record[field], `${path}.${field}`, errors);
    }
  }
}

/** ajv's shape: a missing field's `property` is its name (`phones`), a wrong value's its path (`.phones`). */
function toRjsf(error: RawError): RJSFValidationError {
  const missing = error.params.missingProperty;
  const property = typeof missing === 'string' ? (error.path ? `${error.path}.${missing}` : missing) : error.path;
  const stack = typeof missing === 'string' ? error.message : `${error.path} ${error.message}`.trim();
  return { name: error.keyword, property, message: error.message, params: error.params, stack };
}

function rawErrors(schema: RJSFSchema, formData: unknown): RawError[] {
  const errors: RawError[] = [];
  check(schema as Schema, formData ?? {}, '', errors);
  return errors;
}

export const formValidator: ValidatorType = {
  validateFormData(
    formData: unknown,
    schema: RJSFSchema,
    customValidate?: CustomValidator,
    transformErrors?: ErrorTransformer,
    uiSchema?: UiSchema,
  ): ValidationData<unknown> {
    let errors = rawErrors(schema, formData).map(toRjsf);
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    const errorSchema = toErrorSchema(errors);
    if (!customValidate) return { errors, errorSchema };
    const handler = customValidate(formData, createErrorHandler(formData), uiSchema, errorSchema);
    return validationDataMerge({ errors, errorSchema }, unwrapErrorHandler(handler));
  },
  isValid(schema: RJSFSchema, formData: unknown): boolean {
    return rawErrors(schema, formData).length === 0;
  },
  rawValidation<Result>(schema: RJSFSchema, formData?: unknown) {
    return { errors: rawErrors(schema, formData) as Result[] };
  },
};
