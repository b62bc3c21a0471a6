// The language of a request's messages: the console sends Accept-Language with its own language; Chinese is the
// default for everything else (BladeX clients send none).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { inLanguage } from './messages-en.js';

export type Language = 'zh' | 'en';

/** The first language the caller names decides: `en`, `en-US` … → English; anything else → Chinese. */
export function languageOf(request: Pick<FastifyRequest, 'headers'>): Language {
  const header = request.headers['accept-language'];
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first === 'en' || first.startsWith('en-') ? 'en' : 'zh';
}

/** Answers in the caller's language: the envelope's `msg` and the token endpoint's `error_description`. */
export function registerAnswerLanguage(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    if (languageOf(request) === 'zh' || !payload || typeof payload !== 'object') return payload;
    const answer = payload as Record<string, unknown>;
    for (const key of ['msg', 'error_description']) {
      if (typeof answer[key] === 'string') return { ...answer, [key]: inLanguage(answer[key], 'en') };
    }
    return payload;
  });
}
