// The spec's shape of the official account calls beside the console's BladeX ones: GET and DELETE `<prefix>/{id}`,
// POST (add) and PUT (change) `<prefix>` with the record as JSON. They reuse the resource's checks and hooks.
import { NOTHING } from '../../platform/docs/record.js';
import { type DefinedResource, shownTo } from '../../platform/engine/define.js';
import { fieldNames, ID_PATTERN, requiredMessages, submitBody } from '../../platform/engine/schemas.js';
import type { Row } from '../../platform/engine/types.js';
import { wireEmptyNumbers } from '../../platform/engine/wire-empty.js';
import { badRequest, done, ok } from '../../platform/http/envelope.js';
import type { RouteApp } from '../../platform/http/route-plugin.js';

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: ID_PATTERN, description: '主键' } },
} as const;

export type RestCall = 'get' | 'post' | 'put' | 'delete';

/** An add carries no id; a change carries one. */
export const MSG_NO_ID = '请选择要修改的数据';

export function restRoutes(
  app: RouteApp,
  resource: DefinedResource,
  calls: RestCall[],
  path = resource.definition.prefix,
): void {
  const { prefix, menu, title } = resource.definition;
  const tags = [title];
  const access = { menu };
  // Reads and writes answer the record as its detail does, its secrets masked from a caller who may not see them.
  const answersRecord = { record: resource.detailRecord, answers: 'record' as const };
  const bodyConfig = {
    access,
    ...answersRecord,
    fieldMessages: requiredMessages(resource.fields),
    fieldNames: fieldNames(resource.fields),
  };
  if (calls.includes('get')) {
    app.get(
      `${prefix}/:id`,
      { config: { access, ...answersRecord }, schema: { tags, summary: `${title}详情`, params: idParams } },
      async (request) => {
        const { id } = request.params;
        const shown = await shownTo(request, resource.definition);
        return ok(shown(resource.toWire(await resource.find(app.ctx, request, Number(id)))));
      },
    );
  }
  // The body is built from the resource's fields at run time: its type is declared here.
  const write = (method: 'POST' | 'PUT') =>
    app.route<{ Body: Row }>({
      method,
      url: path,
      // POST adds, PUT changes the record its body names.
      config: { ...bodyConfig, button: `${menu}_${method === 'POST' ? 'add' : 'edit'}` },
      schema: { tags, summary: `${method === 'POST' ? '新增' : '修改'}${title}`, body: submitBody(resource.fields) },
      preValidation: wireEmptyNumbers(resource.fields),
      handler: async (request) => {
        const body = { ...request.body };
        if (method === 'POST') delete body.id;
        else if (body.id === undefined || body.id === null || body.id === '') throw badRequest(MSG_NO_ID);
        const id = await resource.save(app.ctx, request, body);
        const shown = await shownTo(request, resource.definition);
        return ok(shown(resource.toWire(await resource.find(app.ctx, request, id))));
      },
    });
  if (calls.includes('post')) write('POST');
  if (calls.includes('put')) write('PUT');
  if (calls.includes('delete')) {
    app.delete(
      `${prefix}/:id`,
      {
        config: { access, answer: NOTHING, button: `${menu}_delete` },
        schema: { tags, summary: `删除${title}`, params: idParams },
      },
      async (request) => {
        await resource.remove(app.ctx, request, [Number(request.params.id)]);
        return done();
      },
    );
  }
}
