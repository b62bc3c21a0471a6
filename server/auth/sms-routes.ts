// GET /oauth/sms-code: texts a 6-digit sign-in code through the enabled SMS config (the SMS adapter's simulator by
// default). The code is then exchanged by the `sms_code` grant of /oauth/token with `phone` and `code`.
import type { FastifyPluginAsync } from 'fastify';
import { done } from '../http/envelope.js';
import { sendSms } from '../sms/send.js';
import { issueSmsCode, PHONE_PATTERN, SMS_CODE_SECONDS } from './sms-code.js';

export const smsCodeRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/blade-auth/oauth/sms-code',
    {
      config: { access: 'public' },
      schema: {
        tags: ['认证'],
        summary: '发送短信登录验证码',
        querystring: {
          type: 'object',
          required: ['phone'],
          properties: { phone: { type: 'string', pattern: PHONE_PATTERN, description: '11-digit mobile number' } },
        },
      },
    },
    async (request) => {
      const { phone } = request.query as { phone: string };
      await issueSmsCode(app.ctx, phone, async (to, code) => {
        await sendSms(app.ctx, { phones: to, templateParams: { code, minutes: String(SMS_CODE_SECONDS / 60) } });
      });
      return done('验证码已发送');
    },
  );
};
