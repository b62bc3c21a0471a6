// How the studio refuses a page that fails its checks: 400, each problem with its path and "did you mean" in `data`,
// the first named in the message.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DefinitionProblem } from '../../../runtime/schema/validate.js';
import { languageOf } from '../../platform/http/language.js';

/** Sends the refusal and answers true when there are problems (the reply itself is a thenable, never returned). */
export function refuse(request: FastifyRequest, reply: FastifyReply, problems: DefinitionProblem[]): boolean {
  if (problems.length === 0) return false;
  const english = languageOf(request) === 'en';
  const [first] = problems;
  const hint = first.suggestion
    ? english
      ? `; did you mean "${first.suggestion}"?`
      : `,是否想写 "${first.suggestion}"?`
    : '';
  const msg = english
    ? `The page is not valid at ${first.path}: ${first.message}${hint}`
    : `页面定义有误 ${first.path}: ${first.zh}${hint}`;
  reply.code(400).send({ code: 400, success: false, data: { problems }, msg });
  return true;
}
