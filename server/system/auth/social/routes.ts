// Social sign-in pages: the provider list for the sign-in screen, the provider's authorisation step, and the
// simulator's callback that hands a one-time code back to /login.
import { type AnswerDoc, listOf, shape, text } from '../../../platform/docs/record.js';
import { badRequest } from '../../../platform/http/envelope.js';
import type { RoutePlugin } from '../../../platform/http/route-plugin.js';
import { providerOf, socialProviders } from './provider.js';
import { authoriseSimulated, SIMULATOR } from './simulator.js';

const TAGS = ['认证'];

/** The sign-in screen's providers, flat as BladeX answers them: the source a link opens, the name it shows. */
const PROVIDERS: AnswerDoc = { name: 'SocialProviders', flat: listOf(shape({ source: text(), name: text() })) };

export const socialRoutes: RoutePlugin = async (app) => {
  app.get(
    '/blade-auth/oauth/providers',
    { config: { access: 'public', answer: PROVIDERS }, schema: { tags: TAGS, summary: '第三方登录方式 (flat list)' } },
    async () => socialProviders(app.ctx).map(({ source, name }) => ({ source, name })),
  );

  app.get(
    '/blade-auth/oauth/render/:source',
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        summary: '第三方授权页',
        params: { type: 'object', required: ['source'], properties: { source: { type: 'string', maxLength: 32 } } },
        querystring: { type: 'object', properties: { state: { type: 'string', maxLength: 255, default: '' } } },
      },
    },
    async (request, reply) => {
      const { source } = request.params;
      const { state } = request.query;
      const provider = providerOf(app.ctx, source);
      if (!provider) throw badRequest(`不支持的登录方式: ${source}`);
      const step = await provider.authorize(app.ctx, state);
      if ('redirect' in step) return reply.redirect(step.redirect);
      return reply.type('text/html; charset=utf-8').send(step.html);
    },
  );

  app.get(
    `/blade-auth/oauth/callback/${SIMULATOR}`,
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        summary: '模拟登录授权回调',
        querystring: {
          type: 'object',
          required: ['uuid'],
          properties: {
            uuid: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' },
            state: { type: 'string', maxLength: 255, default: '' },
          },
        },
      },
    },
    async (request, reply) => {
      const { uuid, state } = request.query;
      if (!providerOf(app.ctx, SIMULATOR)) throw badRequest(`不支持的登录方式: ${SIMULATOR}`);
      return reply.redirect(await authoriseSimulated(app.ctx, uuid, state));
    },
  );
};
