// GET /oauth/sms-code: texts a 6-digit sign-in code through the enabled SMS config (the SMS adapter's simulator by
// default). The code is then exchanged by the `sms_code` grant of /oauth/token with `phone` and `code`.
import { BladeError, done } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { writeErrorLog } from '../logs/error-log.js';
import { sendSms } from '../sms/send.js';
import { issueSmsCode, PHONE_PATTERN, SMS_CODE_SECONDS } from './sms-code.js';

export const MSG_SMS_UNAVAILABLE = '短信验证码暂时无法发送, 请使用账号密码登录';

export const smsCodeRoutes: RoutePlugin = async (app) => {
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
      const { phone } = request.query;
      await issueSmsCode(app.ctx, phone, async (to, code) => {
        try {
          await sendSms(app.ctx, { phones: to, templateParams: { code, minutes: String(SMS_CODE_SECONDS / 60) } });
        } catch (error) {
          // Why the text was not sent (no enabled config, a refusing provider) is for the admin: it goes to the
          // error log, and the anonymous visitor of the sign-in page is told only that SMS sign-in is unavailable.
          if (!(error instanceof BladeError)) throw error;
          writeErrorLog(app.ctx, request, error);
          throw new BladeError(MSG_SMS_UNAVAILABLE, 503);
        }
      });
      return done('验证码已发送');
    },
  );
};
