// `<records>/detail?transactionId=`: the rows one payment produced (its refunds, its split shares), paged, as the
// spec names the calls the order view makes.
import type { FastifyInstance } from 'fastify';
import type { DefinedResource } from '../../platform/engine/define.js';
import { type JsonSchema, pageQuery } from '../../platform/engine/schemas.js';
import { ok } from '../../platform/http/envelope.js';
import { madeTextFor } from '../../platform/http/made-text.js';

const byPaymentQuery = {
  ...pageQuery,
  required: ['transactionId'],
  properties: {
    ...(pageQuery.properties as JsonSchema),
    transactionId: { type: 'string', minLength: 1, maxLength: 64, description: '支付订单号' },
  },
};

export function paymentRecordsRoute(
  app: FastifyInstance,
  route: { path: string; menu: string; tags: string[]; summary: string; resource: DefinedResource },
): void {
  app.get(
    route.path,
    {
      config: {
        access: { menu: route.menu },
        fieldMessages: { transactionId: '请输入支付订单号' },
        record: route.resource.record,
      },
      schema: { tags: route.tags, summary: route.summary, querystring: byPaymentQuery },
    },
    async (request) => {
      const { transactionId, ...paging } = request.query as Record<string, unknown>;
      const page = await route.resource.page(app.ctx, request, { ...paging, transactionId_equal: transactionId });
      const translate = madeTextFor(request, route.resource.definition.madeText ?? []);
      return ok({ ...page, records: page.records.map(translate) });
    },
  );
}
