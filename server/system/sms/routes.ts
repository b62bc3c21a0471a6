// POST /api/blade-resource/sms/endpoint/send-message?code=&phones=&params= (Saber sends them as query parameters).
import { NOTHING } from '../../platform/docs/record.js';
import { badRequest, done } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { sendSms } from './send.js';

function templateParams(text: string | undefined): Record<string, string> {
  if (!text) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest('params 必须是 JSON 对象, 例如 {"code":"123456"}');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badRequest('params 必须是 JSON 对象, 例如 {"code":"123456"}');
  }
  return Object.fromEntries(Object.entries(parsed).map(([key, value]) => [key, String(value)]));
}

export const smsSendRoutes: RoutePlugin = async (app) => {
  app.post(
    '/blade-resource/sms/endpoint/send-message',
    {
      config: { answer: NOTHING, access: { menu: 'sms' }, button: 'sms_send' },
      schema: {
        tags: ['短信配置'],
        summary: '发送短信',
        querystring: {
          type: 'object',
          required: ['phones'],
          properties: {
            code: { type: 'string', maxLength: 32, description: '短信配置编号 (空 = 已启用的配置)' },
            phones: { type: 'string', minLength: 1, maxLength: 2000, description: '手机号, 逗号分隔' },
            params: { type: 'string', maxLength: 2000, description: '模板参数 JSON, 例如 {"code":"123456"}' },
          },
        },
      },
    },
    async (request) => {
      const { query } = request;
      const params = templateParams(query.params);
      await sendSms(
        app.ctx,
        { code: query.code || undefined, phones: query.phones, templateParams: params },
        request.user?.account,
      );
      return done('发送成功');
    },
  );
};
