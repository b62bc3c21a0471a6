// JSON Schemas of the engine's calls, built from the resource's fields: Fastify validates with them (the 400 names
// the field) and the OpenAPI document at /api/docs is generated from them.
import type { FromSchema } from 'json-schema-to-ts';
import { MONEY } from '../http/money.js';
import { NOT_BLANK } from '../http/validation.js';
import type { FieldSpec, Fields } from './types.js';

export const MAX_PAGE_SIZE = 1000;

export const ID_PATTERN = '^[0-9]{1,16}$';
export const IDS_PATTERN = '^[0-9]{1,16}(,[0-9]{1,16})*$';
// Months 01-12, days 01-31, hours 00-23, minutes and seconds 00-59; the engine then refuses days a month lacks.
const DATE_PATTERN = '^$|^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])([ T]([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d)?$';
/** An `integer` field is an SQL `integer` column: 32 bits on PostgreSQL. */
const INT_MIN = -2147483648;
const INT_MAX = 2147483647;

export type JsonSchema = Record<string, unknown>;

/**
 * Paging: `size` is bounded to 1..1000 because one page is read into memory and serialized at once; a larger
 * export belongs to a dedicated call, not to a list any caller can ask a million rows from.
 */
export const pageQuery = {
  type: 'object',
  properties: {
    current: { type: 'integer', minimum: 1, default: 1, description: '页码' },
    size: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: 10, description: '每页条数 (1..1000)' },
    ascs: { type: 'string', description: '升序字段, 逗号分隔' },
    descs: { type: 'string', description: '降序字段, 逗号分隔' },
    afterId: {
      type: 'string',
      pattern: '^[0-9]{1,16}$',
      description: '接着这一行读下一页 (导出按行号续读, 不再跳过前面的行)',
    },
    searchCount: {
      type: 'boolean',
      default: true,
      description: '是否查总数; false 时不查, total 答 0 (同 MyBatis-Plus), 导出续读时用',
    },
  },
  additionalProperties: true,
} as const;

/** What a list's query holds once validated: the page asked for, and the filters its screens send. */
export type ListQuery = FromSchema<typeof pageQuery>;

/** The list's query with the filter keys its screens offer declared, each named by its field (see `searches`). */
export function listQuery(
  fields: Fields,
  searches: string[] = [],
  keywords: Record<string, string[]> = {},
): JsonSchema {
  if (searches.length === 0 && Object.keys(keywords).length === 0) return pageQuery;
  const properties: Record<string, JsonSchema> = { ...(pageQuery.properties as Record<string, JsonSchema>) };
  for (const [key, searched] of Object.entries(keywords)) {
    const labels = searched.map((name) => {
      const spec = fields[name];
      if (spec?.type !== 'text') throw new Error(`keywords ${key} names ${name}, which is no text field`);
      return spec.label;
    });
    properties[key] = { type: 'string', maxLength: 255, description: labels.join('或') };
  }
  for (const key of searches) {
    const cut = key.lastIndexOf('_');
    const spec = fields[cut > 0 ? key.slice(0, cut) : key];
    if (!spec) throw new Error(`searches names ${key}, which is no field`);
    const schema: JsonSchema = { type: 'string', description: spec.label };
    if (spec.type === 'id') schema.pattern = '^$|^[0-9]{1,16}$';
    else if (spec.type === 'integer') schema.pattern = '^$|^-?[0-9]{1,9}$';
    else if (spec.type === 'datetime') schema.pattern = DATE_PATTERN;
    else schema.maxLength = 255;
    properties[key] = schema;
  }
  return { ...pageQuery, properties };
}

/** `{ [name]: value }` keeping the name's literal type (TypeScript widens a computed key to any text). */
export function keyed<Name extends string, Value>(name: Name, value: Value): Record<Name, Value> {
  return { [name]: value } as Record<Name, Value>;
}

export const idQuery = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: ID_PATTERN, description: '主键' } },
} as const;

/** A refusal of one record with the reason the person gives (a withdrawal's review, a payout's approval). */
export const rejectBody = {
  type: 'object',
  required: ['id', 'reason'],
  properties: {
    id: idQuery.properties.id,
    reason: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S', description: '驳回原因' },
  },
} as const;

/** What a person sees when deleting with nothing selected (spec §5). */
export const NOTHING_SELECTED = '请选择至少一条数据';

export const idsQuery = {
  type: 'object',
  required: ['ids'],
  properties: { ids: { type: 'string', minLength: 1, pattern: IDS_PATTERN, description: '主键, 逗号分隔' } },
} as const;

export function fieldSchema(spec: FieldSpec): JsonSchema {
  const description = spec.label;
  switch (spec.type) {
    case 'integer': {
      const schema: JsonSchema = {
        type: spec.required ? 'integer' : ['integer', 'null'],
        description,
        minimum: spec.minimum ?? INT_MIN,
        maximum: spec.maximum ?? INT_MAX,
      };
      if (spec.enum) schema.enum = spec.required ? spec.enum : [...spec.enum, null];
      if (spec.money) schema[MONEY] = { label: spec.label, en: spec.en };
      return schema;
    }
    case 'id':
      return { type: ['string', 'null'], pattern: '^[0-9]{0,16}$', description };
    case 'ids':
      return { type: ['string', 'null'], pattern: '^([0-9]{1,16}(,[0-9]{1,16})*)?$', description };
    case 'datetime':
      return { type: ['string', 'null'], pattern: DATE_PATTERN, description };
    default: {
      const schema: JsonSchema = { type: spec.required ? 'string' : ['string', 'null'], description };
      if (spec.maxLength) schema.maxLength = spec.maxLength;
      if (spec.required) Object.assign(schema, { minLength: 1, pattern: spec.pattern ?? NOT_BLANK });
      // An optional text may be left empty; whatever it holds has the field's shape.
      else if (spec.pattern) schema.pattern = `^$|${spec.pattern}`;
      return schema;
    }
  }
}

/** The submit body: an add without id must carry every required field; an update may send any subset. */
export function submitBody(fields: Fields): JsonSchema {
  const properties: Record<string, JsonSchema> = { id: { type: ['string', 'null'], pattern: '^[0-9]{0,16}$' } };
  const required: string[] = [];
  for (const [name, spec] of Object.entries(fields)) {
    if (spec.readOnly) continue;
    properties[name] = fieldSchema(spec);
    if (spec.required) required.push(name);
  }
  const schema: JsonSchema = { type: 'object', properties, additionalProperties: true };
  if (required.length) {
    schema.if = { required: ['id'], properties: { id: { type: 'string', minLength: 1 } } };
    schema.else = { required };
  }
  return schema;
}

/** What a form needs to check a field before it is sent: the same limits the submit schema enforces. */
export interface FieldLimits {
  label: string;
  en: string;
  required?: boolean;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  enum?: number[];
}

/** The writable fields' limits, answered by `<prefix>/fields` so the console's forms check them as the user types. */
export function fieldLimits(fields: Fields): Record<string, FieldLimits> {
  const limits: Record<string, FieldLimits> = {};
  for (const [name, spec] of Object.entries(fields)) {
    if (spec.readOnly) continue;
    const { label, en, maxLength, minimum, maximum } = spec;
    limits[name] = { label, en, required: spec.required !== undefined, maxLength, minimum, maximum, enum: spec.enum };
  }
  return limits;
}

/** The limits of a hand-written submit schema (a call not built by the engine), named by the resource's fields. */
export function limitsOfSchema(body: JsonSchema, fields: Fields): Record<string, FieldLimits> {
  const required = new Set((body.required as string[] | undefined) ?? []);
  const limits: Record<string, FieldLimits> = {};
  for (const [name, property] of Object.entries(body.properties as Record<string, JsonSchema>)) {
    const spec = fields[name];
    limits[name] = {
      label: spec?.label ?? name,
      en: spec?.en ?? name,
      required: required.has(name),
      maxLength: property.maxLength as number | undefined,
      minimum: property.minimum as number | undefined,
      maximum: property.maximum as number | undefined,
    };
  }
  return limits;
}

/** Field → its names in both languages, so a refusal names the field as the screen does (read by the error handler). */
export function fieldNames(fields: Fields): Record<string, { label: string; en: string }> {
  return Object.fromEntries(Object.entries(fields).map(([name, spec]) => [name, { label: spec.label, en: spec.en }]));
}

/** Field → message shown when a required field is missing or empty (read by the error handler). */
export function requiredMessages(fields: Fields): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const [name, spec] of Object.entries(fields)) if (spec.required) messages[name] = spec.required;
  return messages;
}
