// `<records>/detail?transactionId=`: the rows one payment produced (its refunds, its split shares), paged, as the
// spec names the calls the order view makes.
import type { DefinedResource } from '../../platform/engine/define.js';
import { pageQuery } from '../../platform/engine/schemas.js';
import { ok } from '../../platform/http/envelope.js';
import { madeTextFor } from '../../platform/http/made-text.js';
import type { RouteApp } from '../../platform/http/route-plugin.js';

const byPaymentQuery = {
  ...pageQuery,
  required: ['transactionId'],
  properties: {
    ...pageQuery.properties,
    transactionId: { type: 'string', minLength: 1, maxLength: 64, description: '支付订单号' },
  },
} as const;

export function paymentRecordsRoute(
  app: RouteApp,
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
      const { transactionId, ...paging } = request.query;
      const page = await route.resource.page(app.ctx, request, { ...paging, transactionId_equal: transactionId });
      const translate = madeTextFor(request, route.resource.definition.madeText ?? []);
      return ok({ ...page, records: page.records.map(translate) });
    },
  );
}
