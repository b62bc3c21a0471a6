// Builds the Fastify application: error envelope, API routes under /api, and the built console at `/`.
import Fastify, { type FastifyInstance } from 'fastify';
import { fileControlRequest } from './money/approvals/controls.js';
import { moneyWaitingGauges } from './money/recovery/waiting-metrics.js';
import type { AppContext } from './platform/context.js';
import { registerDocs } from './platform/docs/index.js';
import { registerFilterKeys } from './platform/engine/filter-keys.js';
import { registerExportFields } from './platform/exports/fields.js';
import { registerBrowserHeaders } from './platform/http/browser-headers.js';
import { clientErrorHandler } from './platform/http/client-errors.js';
import { registerConsole } from './platform/http/console.js';
import { frameworkErrors, registerErrorHandler } from './platform/http/errors.js';
import { MAX_BODY_BYTES, registerInputGuards } from './platform/http/input-guards.js';
import { registerAnswerLanguage } from './platform/http/language.js';
import { MONEY, registerMoneyGuard } from './platform/http/money.js';
import { buildValidator } from './platform/http/validators.js';
import { registerHealth } from './platform/ops/health.js';
import { registerGauge, registerMetrics } from './platform/ops/metrics.js';
import { checkMetricsAllow } from './platform/ops/metrics-access.js';
import { apiRoutes } from './routes.js';
import { registerAuth } from './system/auth/plugin.js';
import { registerRateLimits } from './system/auth/rate-limits.js';
import { registerApiLog } from './system/logs/api-log.js';
import { writeErrorLog } from './system/logs/error-log.js';
import { processLogger } from './system/logs/process-log.js';
import { folderStore } from './system/oss/store.js';
import { dataScopeOf } from './system/permissions/data-scope.js';
import { holdsCode } from './system/permissions/grants.js';

export interface AppOptions {
  logger?: boolean;
}

export async function buildApp(ctx: AppContext, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? processLogger : false,
    // Off unless configured: otherwise any caller could forge the logged address with X-Forwarded-For.
    trustProxy: ctx.config.trustProxy,
    bodyLimit: MAX_BODY_BYTES,
    frameworkErrors,
    clientErrorHandler,
    // Query strings carry numbers and comma lists; coercion turns `size=10` into 10 before the schema checks it.
    // Money is the exception, checked before coercion (http/money.ts) by the mark its schema carries. Union types
    // (`['string', 'null']`, a process variable's scalar) are how the schemas say "or empty": strict mode takes them.
    ajv: {
      customOptions: {
        coerceTypes: 'array',
        removeAdditional: false,
        useDefaults: true,
        allowUnionTypes: true,
        keywords: [MONEY],
      },
    },
    schemaController: { compilersFactory: { buildValidator } },
    // A request arriving on an open connection while the instance closes is served, not refused with 503: the
    // balancer stopped sending during the drain (ops/drain.ts), so such a request was already on its way.
    return503OnClosing: false,
  });
  app.decorate('ctx', ctx);
  // What the engine asks about a caller, answered by the system's permissions.
  app.decorate('access', { holdsCode, dataScopeOf });
  // Where a change to a control waits for a second person: the money area's approvals (付款审批).
  app.decorate('fileControlRequest', fileControlRequest);
  // Where finished exports wait for their download: the file store's own folder (or prefix) for them.
  app.decorate('exportFiles', folderStore(ctx, 'exports'));
  registerErrorHandler(app, writeErrorLog);
  registerAnswerLanguage(app);
  await registerBrowserHeaders(app);
  // Before the routes: its onRoute hook bounds every route's numbers as the route registers.
  registerInputGuards(app);
  registerMoneyGuard(app);
  registerFilterKeys(app);
  // Before the routes: its onRoute hook refuses routes without config.access, its onRequest hook enforces it.
  await registerAuth(app);
  // Before the routes too: its onRoute hook limits every public one as it registers, the OpenAPI pages included.
  await registerRateLimits(app);
  // Before the routes too: the OpenAPI document collects them as they register; the API log covers every call.
  await registerDocs(app, ctx.config.docsEnabled);
  registerApiLog(app);
  // Outside /api: plain answers for the load balancer and the scraper, counted but never logged or rate-limited.
  checkMetricsAllow(ctx.config);
  for (const gauge of moneyWaitingGauges) registerGauge(gauge);
  registerMetrics(app);
  registerHealth(app);
  registerExportFields(app);
  for (const routes of apiRoutes) await app.register(routes, { prefix: '/api' });
  await registerConsole(app, ctx.config.distDir);
  return app;
}
