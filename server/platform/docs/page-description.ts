// The server's description for the page checks (runtime/schema/description.ts): the calls of the OpenAPI document
// with the records and filters they declare, the seeded dictionaries and each menu's buttons. The studio reads it
// through GET /api/blade-system/page-check/description; the server checks a page with it before publishing.
import type { FastifyInstance } from 'fastify';
import type { ApiDescription, DescribedField, DescribedOperation } from '../../../runtime/schema/description.js';
import { ok } from '../http/envelope.js';
import type { RoutePlugin } from '../http/route-plugin.js';
import { type AnswerDoc, component, listOf, shape, text } from './record.js';

interface DocSchema {
  $ref?: string;
  type?: string;
  title?: string;
  'x-en'?: string;
  properties?: Record<string, DocSchema>;
  items?: DocSchema;
}

interface DocOperation {
  'x-filters'?: string[];
  responses?: Record<string, { content?: Record<string, { schema?: DocSchema }> }>;
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];

/** The row an answer's `data` holds: the record itself, a page's `records` or the rows of a list. */
function recordOf(
  answer: DocSchema | undefined,
  schemas: Record<string, DocSchema>,
): Record<string, DescribedField> | undefined {
  // Records are shared components, referred to as `#/components/schemas/<Name>`.
  const resolved = (schema: DocSchema | undefined) =>
    schema?.$ref ? schemas[schema.$ref.slice('#/components/schemas/'.length)] : schema;
  let data = resolved(answer?.properties?.data);
  if (data?.properties?.records) data = data.properties.records;
  if (data?.type === 'array') data = data.items;
  const properties = resolved(data)?.properties;
  if (!properties || !Object.values(properties).some((field) => field.title)) return undefined;
  return fieldsOf(properties);
}

/** Each property as a described field, a nested record's own properties with it. */
const fieldsOf = (properties: Record<string, DocSchema>): Record<string, DescribedField> =>
  Object.fromEntries(
    Object.entries(properties).map(([name, field]) => [
      name,
      {
        type: field.type ?? 'string',
        zh: field.title ?? name,
        en: field['x-en'] ?? field.title ?? name,
        ...(field.properties ? { fields: fieldsOf(field.properties) } : {}),
      },
    ]),
  );

/** The calls of the app's OpenAPI document, a key in the path written `:name`. */
export function describedOperations(app: FastifyInstance): DescribedOperation[] {
  const document = app.swagger() as {
    paths?: Record<string, Record<string, DocOperation>>;
    components?: { schemas?: Record<string, DocSchema> };
  };
  const schemas = document.components?.schemas ?? {};
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => {
        const record = recordOf(operation.responses?.['200']?.content?.['application/json']?.schema, schemas);
        const filters = operation['x-filters'];
        return {
          method: method.toUpperCase(),
          path: path.replace(/\{(\w+)\}/g, ':$1'),
          ...(record ? { record } : {}),
          ...(filters ? { filters } : {}),
        };
      }),
  );
}

/** The whole description, read from the running app: its document and its database. */
export async function pageDescription(app: FastifyInstance): Promise<ApiDescription> {
  const { db } = app.ctx;
  const codes = async (table: 'blade_dict' | 'blade_dict_biz') =>
    (await db.selectFrom(table).select('code').where('isDeleted', '=', 0).distinct().execute())
      .map((row) => row.code)
      .sort();
  const menus = await db
    .selectFrom('blade_menu')
    .select(['id', 'parentId', 'code', 'path', 'category'])
    .where('isDeleted', '=', 0)
    .execute();
  const buttonsOf = (id: number) =>
    menus.filter((entry) => entry.parentId === id && entry.category === 2).map((entry) => entry.code);
  return {
    operations: describedOperations(app),
    dictionaries: { system: await codes('blade_dict'), business: await codes('blade_dict_biz') },
    menus: menus
      .filter((entry) => entry.category === 1)
      .map((entry) => ({ code: entry.code, path: entry.path ?? '', buttons: buttonsOf(entry.id) })),
  };
}

/** A record's fields by name, each a DescribedField. */
const describedFields = { type: 'object', additionalProperties: component('DescribedField') };

/** The description as runtime/schema/description.ts types it. */
const DESCRIPTION_ANSWER: AnswerDoc = {
  name: 'ApiDescription',
  components: {
    DescribedField: shape({ type: text(), zh: text(), en: text(), fields: describedFields }, ['fields']),
    DescribedOperation: shape(
      {
        method: text(),
        path: text('under /api, a key in the path written `:name`'),
        record: describedFields,
        filters: listOf(text()),
      },
      ['record', 'filters'],
    ),
    DescribedMenu: shape({ code: text(), path: text(), buttons: listOf(text()) }),
  },
  data: shape({
    operations: listOf(component('DescribedOperation')),
    dictionaries: shape({ system: listOf(text()), business: listOf(text()) }),
    menus: listOf(component('DescribedMenu')),
  }),
};

/** GET /api/blade-system/page-check/description: for a signed-in person (the studio, a developer's checks). */
export const pageDescriptionRoutes: RoutePlugin = async (app) => {
  app.get(
    '/blade-system/page-check/description',
    {
      config: { access: 'signedIn', answer: DESCRIPTION_ANSWER },
      schema: { tags: ['页面检查'], summary: '页面检查用的接口描述: 接口的记录与筛选, 字典, 菜单按钮' },
    },
    async () => ok(await pageDescription(app)),
  );
};
