// The API describes itself: an OpenAPI 3.1 document generated from the route schemas, browsable at /api/docs
// (JSON at /api/docs/json). Registered before the routes so every route is captured.
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import { responsesOf, SharedRecords } from './answers.js';
import { finishDocument, openapiPath } from './document.js';

export const DOCS_PATH = '/api/docs';

/** The document is always built (routes describe themselves); the pages are served only when `served`. */
export async function registerDocs(app: FastifyInstance, served: boolean): Promise<void> {
  const records = new SharedRecords();
  // Each call's answers by `<method> <path>`, set into the finished document as they are (document.ts).
  const answers = new Map<string, object>();
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Ride Console API',
        description:
          'BladeX 兼容接口。每个请求带 `Authorization: Basic base64(clientId:clientSecret)`; 登录后再带 `Blade-Auth: bearer <access_token>`。',
        version: '1.0.0',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/', description: '本服务' }],
      components: {
        securitySchemes: {
          client: { type: 'http', scheme: 'basic', description: '客户端 (saber / saber_secret)' },
          bladeAuth: { type: 'apiKey', in: 'header', name: 'Blade-Auth', description: 'bearer <access_token>' },
        },
      },
      security: [{ client: [], bladeAuth: [] }],
    },
    // Each call says who may make it: public calls need no session (`security: []`), and `x-access` repeats the
    // route's own declaration (`public`, `signedIn` or `{menu}`) so a client, or our own fuzz suite, can read it;
    // `x-button` the button it needs beyond the menu (a code, or the add and edit codes of a submit).
    // Its answers are described here, for the document only (answers.ts): a read call's record
    // (`config.record`, record.ts) in the envelope, another call's `config.answer`, and the refusals it can meet.
    // A list names the fields it filters on in `x-filters` (each also with a suffix), not as one query parameter
    // per field: a client reads them there, and a list's documented parameters stay the ones its screens send.
    transform: ({ schema, url, route }) => {
      const config = route.config as FastifyContextConfig | undefined;
      const access = config?.access;
      if (!schema || !access) return { schema, url };
      const button = config.button;
      const buttons =
        button === undefined ? {} : { 'x-button': typeof button === 'string' ? button : [button.add, button.edit] };
      const { filters } = config;
      const responses = responsesOf(config, schema as Record<string, unknown>, url, records);
      for (const method of [route.method].flat()) answers.set(`${method.toLowerCase()} ${openapiPath(url)}`, responses);
      return {
        url,
        schema: {
          ...schema,
          ...(filters ? { 'x-filters': filters } : {}),
          'x-access': access,
          ...buttons,
          ...(access === 'public' ? { security: [] } : {}),
        },
      };
    },
    transformObject: (document) =>
      'openapiObject' in document ? finishDocument(document.openapiObject, records, answers) : document.swaggerObject,
  });
  if (!served) return;
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PATH,
    uiConfig: { docExpansion: 'none', deepLinking: true },
    // Its pages carry their own policy, which allows the inline parts swagger-ui needs. Its script sets element
    // styles as it draws (a style attribute no hash can allow), so its styles may be inline; its scripts stay hashed.
    staticCSP: true,
    transformStaticCSP: (header) => header.replace(/style-src [^;]*;/, "style-src 'self' https: 'unsafe-inline';"),
  });
}
