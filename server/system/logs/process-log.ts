// The process log (Fastify's pino logger on standard output, `npm start`): each request is logged by its method and
// URL, with the URL's secret query values masked by the API log's own list (secrets.ts). Bodies are never written
// to the process log.
import type { FastifyRequest } from 'fastify';
import { maskUrl } from './secrets.js';

// Fastify hands the serializer its own request (with ip and host).
function requestOf(value: unknown) {
  const request = value as FastifyRequest;
  return {
    method: request.method,
    url: maskUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export const processLogger = { serializers: { req: requestOf } };
