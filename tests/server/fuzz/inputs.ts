// Generated bad input (fast-check): wrong types, missing and empty values, huge and non-finite numbers, nested arrays
// and objects, SQL-looking and script-looking text, unknown ids and hostile sort keys.
import fc from 'fast-check';
import type { Operation } from './operations.js';

const HOSTILE_TEXT = [
  '',
  ' ',
  '   ',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '-1',
  '0',
  '1.5',
  '9'.repeat(30),
  '1234567890123456',
  "' OR '1'='1",
  '1; drop table blade_user; --',
  'id desc;drop table blade_user',
  'create_time desc, (select 1)',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'a\u0000b',
  '../../etc/passwd',
  '%00',
  '2024-13-45 25:61:61',
  '2024-02-30',
  'x'.repeat(5000),
  '𠜎😀',
  '{"a":1}',
  '[1,2]',
  'true',
  ',,,',
  '1,,2',
  'password',
];

export const badText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 1, arbitrary: fc.string({ maxLength: 24 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
);

const nested = (depth: number): unknown => {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
};

export const badValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: badText },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 2 ** 31, 2 ** 53, -(2 ** 60), 1e308, [], {}),
  },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.array(badText, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), badText, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.integer({ min: 2, max: 40 }).map(nested) },
);

export interface Request {
  query: Record<string, string>;
  path: string;
  /** The JSON text sent, or none. */
  payload?: string;
}

/** A subset of the named fields, each with a value from `value`. */
const someOf = <T>(names: string[], value: fc.Arbitrary<T>): fc.Arbitrary<Record<string, T>> =>
  names.length === 0 ? fc.constant({}) : fc.dictionary(fc.constantFrom(...names), value, { maxKeys: names.length });

/** Filter and sort keys any list might read, beside the documented parameters. */
const EXTRA_KEYS = ['ascs', 'descs', 'id', 'ids', 'createTime_datege', 'status_equal', 'name_like', 'x_notnull'];

export function requestFor(operation: Operation): fc.Arbitrary<Request> {
  const queryNames = operation.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const pathNames = operation.parameters.filter((p) => p.in === 'path').map((p) => p.name);
  const query = someOf([...queryNames, ...EXTRA_KEYS], badText);
  const path = fc
    .tuple(...pathNames.map(() => badText.filter((text) => text.length > 0)))
    .map((values) =>
      pathNames.reduce((url, name, i) => url.replace(`{${name}}`, encodeURIComponent(values[i])), operation.path),
    );
  const body: fc.Arbitrary<string | undefined> =
    operation.bodyFields === null
      ? fc.constant(undefined)
      : fc.oneof(
          { weight: 4, arbitrary: someOf(operation.bodyFields, badValue).map((fields) => JSON.stringify(fields)) },
          { weight: 1, arbitrary: badValue.map((value) => JSON.stringify(value) ?? 'null') },
          { weight: 1, arbitrary: fc.constantFrom('', '{', '{"a":', `${'['.repeat(100)}${']'.repeat(100)}`) },
        );
  return fc.record({ query, path, payload: body });
}
