// The forms' own validator judges a record as ajv did before it (same rule, same field, same limit), for every kind
// of field a definition can write, without generating code in the browser.
import type { RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import ajvValidator from '@rjsf/validator-ajv8';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileForm } from '../../runtime/form/formSchema';
import { FORMATS, formValidator } from '../../runtime/form/validator';
import pageSchema from '../../runtime/schema/page.schema.json';
import type { FormField } from '../../runtime/schema/types';

const label = { zh: '字段', en: 'Field' };
const schemaOf = (fields: Record<string, FormField>) =>
  compileForm({ fields }, []).form.schema as unknown as RJSFSchema;
const errorsOf = (validator: typeof formValidator, schema: RJSFSchema, data: unknown) =>
  validator
    .validateFormData(data, schema)
    .errors.map((error: RJSFValidationError) => ({
      name: error.name,
      property: error.property,
      limit: error.params?.limit,
      missing: error.params?.missingProperty,
    }))
    .sort((a, b) => `${a.property}${a.name}`.localeCompare(`${b.property}${b.name}`));

const field: fc.Arbitrary<FormField> = fc.record(
  {
    type: fc.constantFrom('string', 'integer', 'number', 'boolean'),
    required: fc.boolean(),
    minLength: fc.nat(4),
    maxLength: fc.integer({ min: 2, max: 8 }),
    minimum: fc.integer({ min: -5, max: 5 }),
    maximum: fc.integer({ min: 5, max: 50 }),
    pattern: fc.constantFrom('^1[0-9]{10}$', '^[a-z]+$', '^\\p{Script=Han}+$'),
    format: fc.constantFrom('email', 'ipv4'),
    enum: fc.constantFrom([0, 1], ['a', 'b'], [1, '1']),
  },
  { requiredKeys: ['type'] },
);

const value = fc.oneof(
  fc.string({ maxLength: 10 }),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
  fc.constantFrom('13800138000', 'a@b.cn', '10.0.0.1', '骑乐', 'a', 'b', '1'),
  fc.integer({ min: -10, max: 60 }),
  fc.double({ min: -10, max: 60, noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
);

describe('the form validator', () => {
  it('finds the errors ajv found, field by field, with their limits', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('a', 'b', 'c'), field, { minKeys: 1 }),
        fc.array(value, { minLength: 3, maxLength: 3 }),
        (fields, values) => {
          const schema = schemaOf(fields);
          const data = Object.fromEntries(
            ['a', 'b', 'c'].map((name, index) => [name, values[index]]).filter(([, v]) => v !== undefined),
          );
          expect(errorsOf(formValidator, schema, data)).toEqual(errorsOf(ajvValidator, schema, data));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('knows the days of the calendar and the date widget with hours', () => {
    const schema = schemaOf({ day: { format: 'date' }, at: { format: 'date-time' }, site: { format: 'uri' } });
    const valid = (data: Record<string, string>) => formValidator.isValid(schema, data, schema);
    expect(valid({ day: '2028-02-29', at: '2026-03-04 05:06:07', site: 'https://example.com/a' })).toBe(true);
    expect(valid({ day: '2026-02-29' })).toBe(false);
    expect(valid({ day: '2026-13-01' })).toBe(false);
    expect(valid({ at: '2026-03-04T05:06:07+08:00' })).toBe(true);
    expect(valid({ at: '2026-03-04 25:06:07' })).toBe(false);
    expect(valid({ site: 'example com' })).toBe(false);
  });

  it('knows every format the page schema offers, and no other', () => {
    const offered = (pageSchema.definitions.formField.properties.format as { enum: string[] }).enum;
    expect(Object.keys(FORMATS).sort()).toEqual([...offered].sort());
  });

  it('hands rjsf the errors it shows under each field', () => {
    const schema = schemaOf({ phone: { required: true }, name: { label, maxLength: 2 } });
    const { errorSchema } = formValidator.validateFormData({ name: '骑乐童车' }, schema);
    expect(errorSchema.phone?.__errors).toEqual(["must have required property 'phone'"]);
    expect(errorSchema.name?.__errors).toEqual(['must NOT have more than 2 characters']);
  });
});
