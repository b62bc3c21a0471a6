// Every failure answers the BladeX envelope with the HTTP status equal to its code (contract §1).
import type { FastifyError, FastifyInstance } from 'fastify';
import { BladeError } from './envelope.js';

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof BladeError) {
      return reply.status(error.code).send({ code: error.code, success: false, data: null, msg: error.message });
    }
    if (error.validation) {
      const first = error.validation[0];
      const field =
        (first?.params as { missingProperty?: string } | undefined)?.missingProperty ??
        first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ??
        '';
      const msg = `${field ? `${field}: ` : ''}${first?.message ?? error.message}`;
      return reply.status(400).send({ code: 400, success: false, data: null, msg });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error(error);
    const msg = status === 500 && app.ctx.config.env === 'production' ? '服务器异常' : error.message;
    return reply.status(status).send({ code: status, success: false, data: null, msg });
  });
}
