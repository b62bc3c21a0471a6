// The forms' validator is @rjsf/validator-ajv8 over validators ajv compiled ahead of time: the build's module of a
// shipped page, run as the console runs it, judges a record as rjsf's own ajv validator does (same rule, same field,
// same limit), knows the calendar and the date widget's hours, and adds the server's limits of the fields.
import type { RJSFSchema, RJSFValidationError, ValidatorType } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formSchemasOf } from '../../runtime/form/compile';
import { compileForm } from '../../runtime/form/formSchema';
import { formValidator, loadFormValidators } from '../../runtime/form/precompiled';
import { recordFormSource } from '../../runtime/form/sources';
import { VALIDATOR_OPTIONS } from '../../runtime/form/validator-options';
import { resolveExtends } from '../../runtime/page/extends';
import pageSchema from '../../runtime/schema/page.schema.json';
import type { FormField } from '../../runtime/schema/types';
import { shippedPageSource } from '../../scripts/form-validators';

const label = { zh: '字段', en: 'Field' };
const schemaOf = (fields: Record<string, FormField>) =>
  compileForm({ fields }, []).form.schema as unknown as RJSFSchema;
const errorsOf = (validator: ValidatorType, schema: RJSFSchema, data: unknown) =>
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
    format: fc.constantFrom('email', 'ipv4', 'date', 'date-time', 'uri'),
    enum: fc.constantFrom([0, 1], ['a', 'b'], [1, '1']),
  },
  { requiredKeys: ['type'] },
);

const value = fc.oneof(
  fc.string({ maxLength: 10 }),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
  fc.constantFrom('13800138000', 'a@b.cn', '10.0.0.1', '骑乐', 'a', 'b', '1', '2026-02-29', '2026-03-04 05:06:07'),
  fc.integer({ min: -10, max: 60 }),
  fc.double({ min: -10, max: 60, noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
);

const rjsfAjv = customizeValidator(VALIDATOR_OPTIONS);

describe('the form validator', () => {
  it("runs the build's compiled module of a shipped page, as the console loads it", async () => {
    const source = await shippedPageSource('system/param');
    expect(source).toContain('export default function formValidators(require)');
    expect(source).not.toMatch(/new Function|eval\(/);
    recordFormSource('system/param');
    await loadFormValidators();
    const page = await resolveExtends(
      (await import('../../pages/system/param.json')).default,
      'pages/system/param.json',
      async () => undefined,
    );
    const [schema] = formSchemasOf(page);
    const validator = formValidator(schema, {});
    expect(errorsOf(validator, schema, { paramName: '骑乐' })).toEqual([
      { name: 'required', property: 'paramKey', limit: undefined, missing: 'paramKey' },
      { name: 'required', property: 'paramValue', limit: undefined, missing: 'paramValue' },
    ]);
  });

  it('finds the errors ajv finds, field by field, with their limits', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('a', 'b', 'c'), field, { minKeys: 1 }),
        fc.array(value, { minLength: 3, maxLength: 3 }),
        (fields, values) => {
          const schema = schemaOf(fields);
          const data = Object.fromEntries(
            ['a', 'b', 'c'].map((name, index) => [name, values[index]]).filter(([, v]) => v !== undefined),
          );
          expect(errorsOf(formValidator(schema, {}), schema, data)).toEqual(errorsOf(rjsfAjv, schema, data));
        },
      ),
      { numRuns: 100 },
    );
  });

  it("checks a form that borrows a page's fields by its parts' validators, as the whole would be checked", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('a', 'b', 'c'), field, { minKeys: 1 }),
        fc.dictionary(fc.constantFrom('b', 'c', 'd'), field, { minKeys: 1 }),
        fc.array(value, { minLength: 4, maxLength: 4 }),
        (borrowed, own, values) => {
          const parts = [schemaOf(borrowed), schemaOf(own)];
          // Each part compiled on its own, as its page's module brings it; the whole never is.
          for (const part of parts) formValidator(part, {});
          const whole = schemaOf({ ...borrowed, ...own });
          const data = Object.fromEntries(
            ['a', 'b', 'c', 'd'].map((name, index) => [name, values[index]]).filter(([, v]) => v !== undefined),
          );
          expect(errorsOf(formValidator(whole, {}, parts), whole, data)).toEqual(errorsOf(rjsfAjv, whole, data));
        },
      ),
      { numRuns: 100 },
    );
    // The action's own field replaces the borrowed one of its name: its rule, not the page's, is checked.
    const parts = [schemaOf({ comment: { required: true, maxLength: 2 } }), schemaOf({ comment: { maxLength: 9 } })];
    for (const part of parts) formValidator(part, {});
    const whole = schemaOf({ comment: { maxLength: 9 } });
    expect(errorsOf(formValidator(whole, {}, parts), whole, { comment: '同意，按时归还' })).toEqual([]);
    expect(errorsOf(formValidator(whole, {}, parts), whole, { comment: '同意，按时归还。谢谢各位' })).toEqual([
      { name: 'maxLength', property: '.comment', limit: 9, missing: undefined },
    ]);
  });

  it('knows the days of the calendar and the date widget with hours', () => {
    const schema = schemaOf({ day: { format: 'date' }, at: { format: 'date-time' }, site: { format: 'uri' } });
    const validator = formValidator(schema, {});
    const valid = (data: Record<string, string>) => validator.isValid(schema, data, schema);
    expect(valid({ day: '2028-02-29', at: '2026-03-04 05:06:07', site: 'https://example.com/a' })).toBe(true);
    expect(valid({ day: '2026-02-29' })).toBe(false);
    expect(valid({ day: '2026-13-01' })).toBe(false);
    expect(valid({ at: '2026-03-04T05:06:07+08:00' })).toBe(true);
    expect(valid({ at: '2026-03-04 25:06:07' })).toBe(false);
    expect(valid({ site: 'example com' })).toBe(false);
  });

  it('checks every format the page schema offers', () => {
    const offered = (pageSchema.definitions.formField.properties.format as { enum: FormField['format'][] }).enum;
    for (const format of offered) expect(() => formValidator(schemaOf({ a: { format } }), {})).not.toThrow();
  });

  it("adds the server's limits where the definition has none, and counts only the fields drawn", () => {
    const schema = schemaOf({ name: { label }, code: { label, maxLength: 4 }, sort: { type: 'integer' } });
    const validator = formValidator(schema, {
      name: { maxLength: 2, required: true },
      code: { maxLength: 64 },
      sort: { minimum: 0, maximum: 9 },
    });
    expect(errorsOf(validator, schema, { name: '骑乐童车', code: '12345', sort: 10 })).toEqual([
      { name: 'maxLength', property: '.code', limit: 4, missing: undefined },
      { name: 'maxLength', property: '.name', limit: 2, missing: undefined },
      { name: 'maximum', property: '.sort', limit: 9, missing: undefined },
    ]);
    expect(errorsOf(validator, schema, {})).toEqual([
      { name: 'required', property: 'name', limit: undefined, missing: 'name' },
    ]);
    const drawn = { ...schema, properties: { code: schema.properties?.code } } as RJSFSchema;
    expect(errorsOf(validator, drawn, { name: '骑乐童车', code: '12345' })).toEqual([
      { name: 'maxLength', property: '.code', limit: 4, missing: undefined },
    ]);
  });

  it('hands rjsf the errors it shows under each field', () => {
    const schema = schemaOf({ phone: { required: true }, name: { label, maxLength: 2 } });
    const { errorSchema } = formValidator(schema, {}).validateFormData({ name: '骑乐童车' }, schema);
    expect(errorSchema.phone?.__errors).toEqual(["must have required property 'phone'"]);
    expect(errorSchema.name?.__errors).toEqual(['must NOT have more than 2 characters']);
  });
});
