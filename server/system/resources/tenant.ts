// Tenants: this product runs one tenant, 000000, and offers no tenant management. BladeX clients still ask for the
// tenant list (login page, user form) and for the tenant of a domain, so both answer that one tenant.
import { type AnswerDoc, listOf, shape, text } from '../../platform/docs/record.js';
import { ok } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';

export const TENANT_ID = '000000';
export const TENANT_NAME = '乐行租赁';

/** The tenants a BladeX client offers: this one. */
const TENANTS: AnswerDoc = { name: 'Tenants', data: listOf(shape({ tenantId: text(), tenantName: text() })) };

/** A domain's tenant: none, as no tenant is told apart by its domain. */
const DOMAIN_TENANT: AnswerDoc = { data: { type: 'object', properties: {}, additionalProperties: false } };

export const tenantRoutes: RoutePlugin = async (app) => {
  app.get(
    '/blade-system/tenant/select',
    {
      config: { access: 'signedIn', answer: TENANTS },
      schema: { tags: ['租户'], summary: '租户列表 (仅一个租户 000000)' },
    },
    async () => ok([{ tenantId: TENANT_ID, tenantName: TENANT_NAME }]),
  );

  app.get(
    '/blade-system/tenant/info',
    {
      config: { access: 'public', answer: DOMAIN_TENANT },
      schema: {
        tags: ['租户'],
        summary: '域名对应的租户 (无按域名区分的租户: 空对象)',
        querystring: { type: 'object', properties: { domain: { type: 'string', maxLength: 255 } } },
      },
    },
    async () => ok({}),
  );
};
