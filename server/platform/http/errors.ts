// Every failure answers the BladeX envelope with the HTTP status equal to its code (contract §1): a validation
// error is a 400 naming the field by its label in the caller's language, a bug is a 500 whose internals production
// hides. (Other messages are put in the caller's language as the answer leaves: language.ts.)
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { bodyTooLarge, drainBody } from './body-limit.js';
import { BladeError } from './envelope.js';
import { MAX_BODY_BYTES } from './input-guards.js';
import { languageOf } from './language.js';
import { validationMessage } from './validation.js';

/** Fastify's own refusals of malformed requests, in the console's language. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求内容类型',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求体不能为空',
  FST_ERR_CTP_INVALID_JSON_BODY: '请求体不是合法的 JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求体长度不正确',
  FST_ERR_BAD_URL: '请求地址不正确',
  FST_ERR_MAX_PARAM_LENGTH: '请求地址过长',
};

const send = (status: number, msg: string) => ({ code: status, success: false, data: null, msg });

/** Two writers racing past a uniqueness check meet the database's unique index: a refusal, not a bug. */
const isUniqueViolation = (error: FastifyError): boolean =>
  error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || error.code === '23505';

/** The router's own refusals (a malformed or overlong URL), which never reach the error handler. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 400;
  reply.status(status).send(send(status, FASTIFY_MESSAGES[error.code] ?? '请求地址不正确'));
}

/** Where a bug is recorded (the error log, system/logs/error-log.ts), handed in when the app is built. */
export type ErrorLogWriter = (ctx: AppContext, request: FastifyRequest, error: Error) => void;

/**
 * A body over the route's limit: answered once the client has sent it (drainBody), so the answer reaches it, and the
 * connection goes on unless the rest was too much to wait for.
 */
async function answerTooLarge(request: FastifyRequest, reply: FastifyReply) {
  const refusal = bodyTooLarge(request.routeOptions.bodyLimit ?? MAX_BODY_BYTES);
  if (await drainBody(request.raw)) reply.removeHeader('connection');
  reply.status(refusal.code);
  return send(refusal.code, refusal.message);
}

export function registerErrorHandler(app: FastifyInstance, logError: ErrorLogWriter): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const refusal: unknown = error;
    if (refusal instanceof BladeError) return reply.status(refusal.code).send(send(refusal.code, refusal.message));
    if (error.validation) {
      const config = request.routeOptions.config;
      const msg = validationMessage(error.validation, error.validationContext, {
        language: languageOf(request),
        messages: config?.fieldMessages,
        names: config?.fieldNames,
      });
      return reply.status(400).send(send(400, msg));
    }
    if (error.name === 'SyntaxError' || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return reply.status(400).send(send(400, FASTIFY_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY));
    }
    if (isUniqueViolation(error)) return reply.status(400).send(send(400, '数据已存在, 请勿重复提交'));
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return answerTooLarge(request, reply);
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status !== 500) return reply.status(status).send(send(status, FASTIFY_MESSAGES[error.code] ?? error.message));
    request.log.error(error);
    logError(app.ctx, request, error);
    const msg = app.ctx.config.env === 'production' ? '服务器异常' : error.message;
    return reply.status(500).send(send(500, msg));
  });
}
