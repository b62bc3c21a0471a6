// The customer app's own account calls under /api/blade-auth/app (customer tokens only).
import { type AnswerDoc, shape, text } from '../../../platform/docs/record.js';
import { ok } from '../../../platform/http/envelope.js';
import type { RoutePlugin } from '../../../platform/http/route-plugin.js';
import { bindPhone } from './phone.js';

/** The number as kept on the customer: a mainland one without its country code, another with it (+852…). */
const PHONE_ANSWER: AnswerDoc = { name: 'BoundPhone', data: shape({ phoneNumber: text() }) };

export const miniAppRoutes: RoutePlugin = async (app) => {
  app.post(
    '/blade-auth/app/phone',
    {
      config: { access: 'customer', answer: PHONE_ANSWER, fieldMessages: { code: '请提供手机号授权凭证' } },
      schema: {
        tags: ['认证'],
        summary: '绑定手机号 (getPhoneNumber 的 code)',
        body: {
          type: 'object',
          required: ['code'],
          additionalProperties: false,
          properties: {
            code: { type: 'string', minLength: 1, maxLength: 128, description: 'getPhoneNumber 按钮给出的 code' },
          },
        },
      },
    },
    async (request) => {
      const phoneNumber = await bindPhone(app.ctx, Number(request.user?.customerId), request.body.code);
      return ok({ phoneNumber });
    },
  );
};
