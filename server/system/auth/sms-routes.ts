// GET /oauth/sms-code: texts a 6-digit sign-in code through the enabled SMS config (the SMS adapter's simulator by
// default). The code is then exchanged by the `sms_code` grant of /oauth/token with `phone` and `code`. A text costs
// money, so the caller first solves a captcha (headers Captcha-Key and Captcha-Code, as the password grant), and the
// texts are limited per address (limit.smsPerIpHour) and per phone (limit.smsPerPhoneHour): docs/rate-limits.md.
import { NOTHING } from '../../platform/docs/record.js';
import { BladeError, badRequest, done } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { writeErrorLog } from '../logs/error-log.js';
import { sendSms } from '../sms/send.js';
import { consumeCaptcha } from './captcha.js';
import { phoneLimit } from './rate-limits.js';
import { issueSmsCode, PHONE_PATTERN, SMS_CODE_SECONDS } from './sms-code.js';
import { MSG_BAD_CAPTCHA } from './token-answer.js';

export const MSG_SMS_UNAVAILABLE = '短信验证码暂时无法发送, 请使用账号密码登录';

const header = (value: string | string[] | undefined): string => (Array.isArray(value) ? value[0] : (value ?? ''));

export const smsCodeRoutes: RoutePlugin = async (app) => {
  const countPhone = phoneLimit(app);
  app.get(
    '/blade-auth/oauth/sms-code',
    {
      config: { answer: NOTHING, access: 'public', limit: 'sms' },
      schema: {
        tags: ['认证'],
        summary: '发送短信登录验证码 (先通过图形验证码)',
        description: 'Headers Captcha-Key and Captcha-Code: a captcha of /oauth/captcha, solved; used up either way.',
        querystring: {
          type: 'object',
          required: ['phone'],
          properties: { phone: { type: 'string', pattern: PHONE_PATTERN, description: '11-digit mobile number' } },
        },
      },
    },
    async (request, reply) => {
      const { phone } = request.query;
      const solved = await consumeCaptcha(
        app.ctx,
        header(request.headers['captcha-key']),
        header(request.headers['captcha-code']),
      );
      if (!solved) throw badRequest(MSG_BAD_CAPTCHA);
      await issueSmsCode(app.ctx, phone, async (to, code) => {
        // Counted only for a text about to go: a refused captcha or resend takes none of the phone's texts.
        await countPhone(request, reply);
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
