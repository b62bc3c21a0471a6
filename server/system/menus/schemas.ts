// Query schemas the tree calls share (menus, roles, departments); the 400 names the field.
import { ID_PATTERN, IDS_PATTERN, type JsonSchema } from '../../platform/engine/schemas.js';

const id = (description: string): JsonSchema => ({ type: 'string', pattern: ID_PATTERN, description });

/** Filters as contract §3 keys; `parentId` picks the level of a lazy call. */
export const lazyQuery = (filters: Record<string, string>): JsonSchema => ({
  type: 'object',
  properties: {
    parentId: id('上级主键, 0 为顶层'),
    ...Object.fromEntries(
      Object.entries(filters).map(([name, description]) => [name, { type: 'string', maxLength: 255, description }]),
    ),
  },
  additionalProperties: true,
});

export const filterQuery = (filters: Record<string, string>): JsonSchema => {
  const schema = lazyQuery(filters);
  const { parentId: _parentId, ...properties } = schema.properties as Record<string, JsonSchema>;
  return { ...schema, properties };
};

export const idsParam = (name: string, description: string, required = true): JsonSchema => ({
  type: 'object',
  required: required ? [name] : [],
  properties: { [name]: { type: 'string', pattern: IDS_PATTERN, description } },
});

export const optionalId = (name: string, description: string): JsonSchema => ({
  type: 'object',
  properties: { [name]: id(description) },
});

/** A JSON body list of ids: strings (numbers are coerced), as BladeX clients send them. */
export const idArray = (description: string): JsonSchema => ({
  type: 'array',
  maxItems: 10000,
  items: { type: 'string', pattern: ID_PATTERN },
  description,
});
