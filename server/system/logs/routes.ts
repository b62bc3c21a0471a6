// The log calls: lists and details of the three logs (pending rows written first) and of the audit trail, and the
// console's upload of its local error log (Saber posts it to /oauth/logout; the GET of that path is the sign-out).
import { NOTHING } from '../../platform/docs/record.js';
import { done } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { auditTrail } from './audit.js';
import { writeClientLogs } from './error-log.js';
import { flushLogs } from './queue.js';
import { apiLogs, errorLogs, usualLogs } from './resources.js';

const MAX_ENTRIES = 200;
const text = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;

const clientLogs = {
  type: 'array',
  maxItems: MAX_ENTRIES,
  items: {
    type: 'object',
    properties: {
      url: text(1000),
      time: text(64),
      type: text(64),
      message: text(4000),
      stack: text(20000),
      info: text(4000),
    },
  },
} as const;

export const logRoutes: RoutePlugin = async (app) => {
  app.addHook('preHandler', async (request) => {
    if (request.url.startsWith('/api/blade-log/')) await flushLogs(app.ctx);
  });
  await app.register(apiLogs.routes);
  await app.register(errorLogs.routes);
  await app.register(usualLogs.routes);
  await app.register(auditTrail.routes);
  app.post(
    '/blade-auth/oauth/logout',
    {
      config: { access: 'signedIn', answer: NOTHING },
      schema: { tags: ['错误日志'], summary: '上传前端错误日志', body: clientLogs },
    },
    async (request) => {
      writeClientLogs(app.ctx, request, request.body);
      return done();
    },
  );
};
