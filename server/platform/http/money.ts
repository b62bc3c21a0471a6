// Money arrives as whole cents in a JSON integer, and as nothing else. The schema validator coerces (`true` would be
// 1 cent, `"1e3"` 1000 cents) because query strings need it, so every money field of a body carries the `x-money`
// mark (its names in both languages) and is checked here, before coercion, on every route that has one: a boolean,
// a text or a null where none is allowed is refused naming the field, as the validator names it (退款金额必须是整数).
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { FieldName } from './validation.js';

/** Money in cents: whole, at most ¥10,000,000. */
export const CENTS_MAX = 1_000_000_000;

/** The schema keyword marking a money field, with its names: `{ label, en }`. */
export const MONEY = 'x-money';

type Schema = Record<string, unknown>;

export interface CentsOptions {
  minimum?: number;
  maximum?: number;
  /** For an optional column: null (BladeX's empty) is accepted. */
  nullable?: boolean;
  /** What the OpenAPI document says of it, when more than its name. */
  description?: string;
}

/** A money field's schema, its type kept literal so that a route's input is typed from it (a number). */
interface CentsSchema<Type> {
  type: Type;
  minimum: number;
  maximum: number;
  description: string;
  [MONEY]: FieldName;
}

/** A money field of a hand-written body: 1 cent to ¥10,000,000 unless bounded otherwise. */
export function cents(
  name: FieldName,
  options: CentsOptions & { nullable: true },
): CentsSchema<readonly ['integer', 'null']>;
export function cents(name: FieldName, options?: CentsOptions & { nullable?: false }): CentsSchema<'integer'>;
export function cents(
  name: FieldName,
  options: CentsOptions = {},
): CentsSchema<'integer' | readonly ['integer', 'null']> {
  const { minimum = 1, maximum = CENTS_MAX, nullable = false, description = `${name.label}(分)` } = options;
  return {
    type: nullable ? ['integer', 'null'] : 'integer',
    minimum,
    maximum,
    description,
    [MONEY]: name,
  };
}

interface MoneyField {
  path: string[];
  name: FieldName;
  nullable: boolean;
}

/** The money fields of a body schema, at any depth of its objects. */
function moneyFields(schema: unknown, path: string[] = []): MoneyField[] {
  if (schema === null || typeof schema !== 'object') return [];
  const node = schema as Schema;
  const name = node[MONEY] as FieldName | undefined;
  if (name) return [{ path, name, nullable: [node.type].flat().includes('null') }];
  const properties = (node.properties ?? {}) as Record<string, unknown>;
  return Object.entries(properties).flatMap(([key, child]) => moneyFields(child, [...path, key]));
}

function valueAt(body: unknown, path: string[]): unknown {
  let value = body;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Schema)[key];
  }
  return value;
}

/** Refused as the validator refuses a wrong type, so the error handler names the field in the caller's language. */
function notCents(field: MoneyField): Error {
  return Object.assign(new Error(`${field.path.join('.')} must be integer`), {
    statusCode: 400,
    validationContext: 'body',
    validation: [
      {
        keyword: 'type',
        instancePath: `/${field.path.join('/')}`,
        schemaPath: `#/properties/${field.path.join('/properties/')}/type`,
        params: { type: field.nullable ? ['integer', 'null'] : 'integer' },
        message: 'must be integer',
      },
    ],
  });
}

function guardFor(fields: MoneyField[]) {
  return async (request: FastifyRequest): Promise<void> => {
    for (const field of fields) {
      const value = valueAt(request.body, field.path);
      if (value === undefined || (value === null && field.nullable)) continue;
      if (typeof value !== 'number' || !Number.isInteger(value)) throw notCents(field);
    }
  };
}

/** Each route with money in its body checks it before validation, and names its money fields in refusals. */
function guardMoney(route: RouteOptions): void {
  const body = (route.schema as Schema | undefined)?.body;
  const fields = moneyFields(body);
  if (fields.length === 0) return;
  const names = Object.fromEntries(fields.map((field) => [field.path.join('.'), field.name]));
  route.config = { ...route.config, fieldNames: { ...names, ...route.config?.fieldNames } };
  const own = route.preValidation ? [route.preValidation].flat() : [];
  route.preValidation = [guardFor(fields), ...own];
}

export function registerMoneyGuard(app: FastifyInstance): void {
  app.addHook('onRoute', guardMoney);
}
