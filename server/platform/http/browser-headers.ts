// What the browser is told about our pages (@fastify/helmet): scripts only from our origin's files (no inline script,
// the way stored markup would run), styles also inline (antd writes its styles at run time), no framing by other
// sites, no MIME sniffing, no referrer to other sites.
// Other sites' pages may call the API only from the origins CORS_ORIGINS names (@fastify/cors); none by default.
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  // No 'unsafe-eval': forms and definitions are checked by validators ajv compiled ahead (the build's, and for a
  // published page the server's module, imported from our own origin), never by code made in the browser.
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // The captcha is a data: image; avatars may live on another site.
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  // A menu entry may frame an outside page (a report, a monitoring screen).
  frameSrc: ["'self'", 'https:', 'http:'],
  frameAncestors: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  // Off: a console served over plain HTTP on an intranet must still load its own files.
  upgradeInsecureRequests: null,
};

export async function registerBrowserHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    referrerPolicy: { policy: 'same-origin' },
    frameguard: { action: 'sameorigin' },
    // The console loads no cross-origin resources that would need these.
    crossOriginEmbedderPolicy: false,
    // Plain-HTTP intranet installs must not be pinned to HTTPS by a header they cannot honour.
    strictTransportSecurity: false,
  });
  const origins = app.ctx.config.corsOrigins;
  if (origins.length > 0) await app.register(fastifyCors, { origin: origins, credentials: false });
}
