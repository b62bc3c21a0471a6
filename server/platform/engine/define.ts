// defineResource: one definition → the list / page / detail / submit / remove calls of contract §3.
import type { FastifyRequest } from 'fastify';
import { addOrEdit } from '../access.js';
import { FIELD_LIMITS, NOTHING } from '../docs/record.js';
import { done, ok } from '../http/envelope.js';
import { madeTextFor } from '../http/made-text.js';
import type { RoutePlugin } from '../http/route-plugin.js';
import { knownResources } from './known.js';
import { compileResource, idsOf, type Resource } from './resource.js';
import {
  fieldLimits,
  fieldNames,
  idQuery,
  idsQuery,
  type ListQuery,
  listQuery,
  NOTHING_SELECTED,
  requiredMessages,
  submitBody,
} from './schemas.js';
import type { Fields, Operation, ResourceDefinition, Row } from './types.js';
import { wireEmptyNumbers } from './wire-empty.js';

export interface DefinedResource extends Resource {
  /** The Fastify plugin serving the resource's calls (register it under /api). */
  routes: RoutePlugin;
  /** What a row of its list answers (its fields on the wire): the record a hand-written read of it declares too. */
  record: Fields;
  /** What its detail answers: a list's row without the names its list links in. */
  detailRecord: Fields;
}

const DEFAULT_OPERATIONS: Operation[] = ['list', 'detail', 'submit', 'remove'];

export const CONCEALED = '******';

/**
 * What the caller may read of a record: fields of `revealTo` whose button it lacks are masked, so a secret never
 * leaves the server for someone who may only look at the list.
 */
async function concealerFor(
  request: FastifyRequest,
  revealTo: Record<string, string> | undefined,
): Promise<(record: Row) => Row> {
  const hidden: string[] = [];
  for (const [field, button] of Object.entries(revealTo ?? {})) {
    const { user, server } = request;
    if (!user || !(await server.access.holdsCode(server.ctx, user, button))) hidden.push(field);
  }
  if (hidden.length === 0) return (record) => record;
  return (record) => Object.assign({}, record, Object.fromEntries(hidden.map((field) => [field, CONCEALED])));
}

/** A record as the caller reads it: its secrets masked (`revealTo`), its made texts in the caller's language. */
export async function shownTo(request: FastifyRequest, definition: ResourceDefinition): Promise<(record: Row) => Row> {
  const conceal = await concealerFor(request, definition.revealTo);
  const translate = madeTextFor(request, definition.madeText ?? [], definition.madeTextEnglish);
  return (record) => translate(conceal(record));
}

export function defineResource(definition: ResourceDefinition): DefinedResource {
  const resource = compileResource(definition);
  knownResources.push(definition);
  const operations = new Set(definition.operations ?? DEFAULT_OPERATIONS);
  const { prefix, menu, title } = definition;
  const tags = [title];
  const access = { menu };
  const readAccess = { menu: [menu, ...(definition.readableUnder ?? [])] };

  const query = listQuery(resource.fields, definition.searches, definition.keywords);
  // What a row of the answer holds, declared for the OpenAPI document and the page checks (server/platform/docs/record.ts).
  const hidden = new Set(definition.hidden ?? []);
  const wire = Object.fromEntries(Object.entries(resource.fields).filter(([name]) => !hidden.has(name)));
  const detailRecord: Fields = { ...wire, ...definition.derivedFields };
  const listRecord: Fields = { ...detailRecord, ...definition.linked?.fields };
  const filters = Object.entries({ ...wire, ...definition.linked?.fields })
    .filter(([, spec]) => spec.filter !== false)
    .map(([name]) => name)
    .concat(Object.keys(definition.keywords ?? {}));
  const routes: RoutePlugin = async (app) => {
    // The list's query and the submit's body are built from the fields at run time: their types are declared here.
    const listRoute = (path: string, summary: string) =>
      app.get<{ Querystring: ListQuery }>(
        path,
        {
          config: { access: readAccess, record: listRecord, filters },
          schema: { tags, summary, querystring: query },
        },
        async (request) => {
          const page = await resource.page(app.ctx, request, request.query);
          const shown = await shownTo(request, definition);
          return ok({ ...page, records: page.records.map(shown) });
        },
      );
    if (operations.has('list')) listRoute(`${prefix}/list`, `${title}分页`);
    if (operations.has('page')) listRoute(`${prefix}/page`, `${title}分页`);
    if (operations.has('detail')) {
      app.get(
        `${prefix}/detail`,
        {
          config: { access: readAccess, record: detailRecord, answers: 'record' },
          schema: { tags, summary: `${title}详情`, querystring: idQuery },
        },
        async (request) => {
          const { id } = request.query;
          const shown = await shownTo(request, definition);
          return ok(shown(resource.toWire(await resource.find(app.ctx, request, Number(id)))));
        },
      );
    }
    if (operations.has('submit')) {
      const limits = fieldLimits(resource.fields);
      app.get(
        `${prefix}/fields`,
        { config: { access, answer: FIELD_LIMITS }, schema: { tags, summary: `${title}字段 (表单校验用的限制)` } },
        async () => ok(limits),
      );
      app.post<{ Body: Row }>(
        `${prefix}/submit`,
        {
          config: {
            access,
            ...(definition.answerSaved ? { record: detailRecord, answers: 'record' as const } : { answer: NOTHING }),
            button: addOrEdit(menu),
            fieldMessages: requiredMessages(resource.fields),
            fieldNames: fieldNames(resource.fields),
          },
          schema: { tags, summary: `新增或修改${title}`, body: submitBody(resource.fields) },
          preValidation: wireEmptyNumbers(resource.fields, definition.table),
        },
        async (request) => {
          const saved = await resource.submit(app.ctx, request, request.body);
          if ('held' in saved) return done(saved.held);
          const { answerSaved } = definition;
          if (!answerSaved) return done();
          const record = resource.toWire(await resource.find(app.ctx, request, saved.id));
          return ok(answerSaved === true ? record : await answerSaved(record, app.ctx));
        },
      );
    }
    if (operations.has('remove')) {
      app.post(
        `${prefix}/remove`,
        {
          config: { access, answer: NOTHING, button: `${menu}_delete`, fieldMessages: { ids: NOTHING_SELECTED } },
          schema: { tags, summary: `删除${title}`, querystring: idsQuery },
        },
        async (request) => {
          const held = await resource.removeAsked(app.ctx, request, idsOf(request.query.ids));
          return done(held ?? undefined);
        },
      );
    }
  };

  return { ...resource, routes, record: listRecord, detailRecord };
}
