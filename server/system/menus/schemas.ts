// Query schemas the tree calls share (menus, roles, departments); the 400 names the field. Each keeps its literal
// type, so the routes' input is typed from it.
import { ID_PATTERN, IDS_PATTERN, keyed } from '../../platform/engine/schemas.js';

const id = (description: string) => ({ type: 'string', pattern: ID_PATTERN, description }) as const;

/** A tree's query: the keys it reads itself, then any filter (the filters are named at run time). */
interface TreeQuery<Properties> {
  type: 'object';
  properties: Properties;
  additionalProperties: true;
}

/** Filters as contract §3 keys; `parentId` picks the level of a lazy call. */
export const lazyQuery = (filters: Record<string, string>): TreeQuery<{ parentId: ReturnType<typeof id> }> => ({
  type: 'object',
  properties: {
    parentId: id('上级主键, 0 为顶层'),
    ...Object.fromEntries(
      Object.entries(filters).map(([name, description]) => [name, { type: 'string', maxLength: 255, description }]),
    ),
  },
  additionalProperties: true,
});

export const filterQuery = (filters: Record<string, string>): TreeQuery<Record<never, never>> => {
  const schema = lazyQuery(filters);
  const { parentId: _parentId, ...properties } = schema.properties;
  return { ...schema, properties };
};

export const idsParam = <const Name extends string>(name: Name, description: string) => ({
  type: 'object' as const,
  required: [name] as const,
  properties: keyed(name, { type: 'string', pattern: IDS_PATTERN, description } as const),
});

export const optionalId = <const Name extends string>(name: Name, description: string) => ({
  type: 'object' as const,
  properties: keyed(name, id(description)),
});

/** A JSON body list of ids: strings (numbers are coerced), as BladeX clients send them. */
export const idArray = (description: string) =>
  ({
    type: 'array',
    maxItems: 10000,
    items: { type: 'string', pattern: ID_PATTERN },
    description,
  }) as const;
