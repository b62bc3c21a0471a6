// Doubles of the two SMS providers' HTTP APIs, for the tests and for development. Each checks a request as its
// provider does — 阿里云's ACS3-HMAC-SHA256 signature of Dysmsapi, 腾讯云's TC3-HMAC-SHA256 of SMS 2021-01-11 — and
// refuses with the provider's own codes: an unknown key, a wrong signature, a signature name the provider has not
// approved. They send (SendSms) and list the account's templates (QuerySmsTemplateList, DescribeSmsTemplateList).
// Both signatures are checked as the providers' documents compute them: tests/vectors replays their examples here.
import crypto from 'node:crypto';
import type http from 'node:http';
import { type Listening, listen } from './listen.js';

export interface SentText {
  phone: string;
  signName: string;
  template: string;
  params: unknown;
}

export interface SmsDouble extends Listening {
  accessKey: string;
  secretKey: string;
  /** The signature names the provider approved; any other is refused. */
  approvedSigns: string[];
  /** The account's approved templates (阿里云's 模板CODE, 腾讯云's 模板ID); any other is not found. */
  approvedTemplates: string[];
  sent: SentText[];
}

type DoubleOptions = Partial<typeof DEFAULTS> & { port?: number };

const sha256 = (data: string | Buffer): string => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string): Buffer => crypto.createHmac('sha256', key).update(data).digest();
const encode = (text: string): string =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const header = (request: http.IncomingMessage, name: string): string => String(request.headers[name] ?? '').trim();

function json(response: http.ServerResponse, status: number, body: unknown): void {
  response.statusCode = status;
  response.setHeader('content-type', 'application/json;charset=utf-8');
  response.end(JSON.stringify(body));
}

const DEFAULTS = {
  accessKey: 'RIDE-SMS-DOUBLE-KEY',
  secretKey: 'ride-sms-double-secret',
  approvedSigns: ['乐行租赁'],
  approvedTemplates: ['SMS_LOGIN', '1843210'],
};

export async function startAliyunSmsDouble(options: DoubleOptions = {}) {
  const { port, ...chosen } = options;
  const settings = { ...DEFAULTS, ...chosen };
  const sent: SentText[] = [];
  const server = await listen(async (request, body, response) => {
    const url = new URL(request.url ?? '/', 'http://double');
    const requestId = crypto.randomUUID().toUpperCase();
    const refuse = (status: number, Code: string, Message: string) =>
      json(response, status, { RequestId: requestId, Code, Message, HostId: 'dysmsapi.aliyuncs.com' });
    const found = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
      header(request, 'authorization'),
    );
    if (!found)
      return refuse(400, 'IncompleteSignature', 'The request signature does not conform to Aliyun standards.');
    const [, accessKey, signedHeaders, signature] = found;
    if (accessKey !== settings.accessKey)
      return refuse(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    if (header(request, 'x-acs-content-sha256') !== sha256(body)) {
      return refuse(400, 'IncompleteSignature', 'The payload hash does not match.');
    }
    const query = [...url.searchParams.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, value]) => `${key}=${encode(value)}`)
      .join('&');
    const names = signedHeaders.split(';');
    const canonical = [
      request.method,
      url.pathname,
      query,
      names.map((name) => `${name}:${header(request, name)}\n`).join(''),
      signedHeaders,
      header(request, 'x-acs-content-sha256'),
    ].join('\n');
    const expected = hmac(settings.secretKey, `ACS3-HMAC-SHA256\n${sha256(canonical)}`).toString('hex');
    if (expected !== signature || !names.includes('host') || !names.includes('x-acs-date')) {
      return refuse(400, 'SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.');
    }
    const action = header(request, 'x-acs-action');
    if (action === 'QuerySmsTemplateList') {
      return json(response, 200, {
        RequestId: requestId,
        Code: 'OK',
        Message: 'OK',
        PageIndex: 1,
        PageSize: settings.approvedTemplates.length,
        TotalCount: settings.approvedTemplates.length,
        SmsTemplateList: settings.approvedTemplates.map((TemplateCode) => ({
          TemplateCode,
          TemplateName: TemplateCode,
          AuditStatus: 'AUDIT_STATE_PASS',
        })),
      });
    }
    if (action !== 'SendSms') return refuse(404, 'InvalidAction.NotFound', 'No such action.');
    const phone = url.searchParams.get('PhoneNumbers') ?? '';
    const signName = url.searchParams.get('SignName') ?? '';
    const answer = (Code: string, Message: string) => json(response, 200, { RequestId: requestId, Code, Message });
    if (!settings.approvedSigns.includes(signName))
      return answer('isv.SMS_SIGNATURE_ILLEGAL', '该账号下找不到对应签名');
    if (!/^1\d{10}$/.test(phone)) return answer('isv.MOBILE_NUMBER_ILLEGAL', '非法手机号');
    sent.push({
      phone,
      signName,
      template: url.searchParams.get('TemplateCode') ?? '',
      params: JSON.parse(url.searchParams.get('TemplateParam') || '{}'),
    });
    json(response, 200, { RequestId: requestId, Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0` });
  }, port);
  return { ...server, ...settings, sent } satisfies SmsDouble;
}

/** `now` is the double's clock (ms), for replaying a documented request of another day. */
export async function startTencentSmsDouble(options: DoubleOptions & { now?: () => number } = {}) {
  const { port, now = Date.now, ...chosen } = options;
  const settings = { ...DEFAULTS, ...chosen };
  const sent: SentText[] = [];
  const server = await listen(async (request, body, response) => {
    const RequestId = crypto.randomUUID();
    const refuse = (Code: string, Message: string) =>
      json(response, 200, { Response: { Error: { Code, Message }, RequestId } });
    const found =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
        header(request, 'authorization'),
      );
    if (!found) return refuse('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');
    const [, secretId, date, service, signedHeaders, signature] = found;
    if (secretId !== settings.accessKey) return refuse('AuthFailure.SecretIdNotFound', 'The SecretId is not found.');
    const timestamp = Number(header(request, 'x-tc-timestamp'));
    if (Math.abs(now() / 1000 - timestamp) > 300) return refuse('AuthFailure.SignatureExpire', 'Signature expired.');
    const values = (name: string) =>
      name === 'host' ? header(request, 'host').replace(/:\d+$/, '') : header(request, name);
    const canonical = [
      request.method,
      new URL(request.url ?? '/', 'http://double').pathname,
      '',
      signedHeaders
        .split(';')
        .map((name) => `${name}:${values(name)}\n`)
        .join(''),
      signedHeaders,
      sha256(body),
    ].join('\n');
    const scope = `${date}/${service}/tc3_request`;
    const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${scope}\n${sha256(canonical)}`;
    const key = hmac(hmac(hmac(`TC3${settings.secretKey}`, date), service), 'tc3_request');
    if (
      hmac(key, toSign).toString('hex') !== signature ||
      new Date(timestamp * 1000).toISOString().slice(0, 10) !== date
    ) {
      return refuse('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');
    }
    const action = header(request, 'x-tc-action');
    if (action === 'DescribeSmsTemplateList') {
      const asked = JSON.parse(body.toString('utf8')) as { TemplateIdSet?: number[] };
      const DescribeTemplateStatusSet = (asked.TemplateIdSet ?? [])
        .filter((id) => settings.approvedTemplates.includes(String(id)))
        .map((TemplateId) => ({ TemplateId, International: 0, StatusCode: 0, ReviewReply: '', TemplateName: '' }));
      return json(response, 200, { Response: { DescribeTemplateStatusSet, RequestId } });
    }
    if (action !== 'SendSms') return refuse('InvalidAction', 'No such action.');
    const payload = JSON.parse(body.toString('utf8')) as {
      PhoneNumberSet: string[];
      SmsSdkAppId: string;
      SignName: string;
      TemplateId: string;
      TemplateParamSet?: string[];
    };
    if (!/^14\d{8}$/.test(payload.SmsSdkAppId)) {
      return refuse('UnauthorizedOperation.SmsSdkAppIdVerifyFail', 'SmsSdkAppId verify fail.');
    }
    if (!settings.approvedSigns.includes(payload.SignName)) {
      return refuse(
        'FailedOperation.SignatureIncorrectOrUnapproved',
        'signature format error or signature not approved',
      );
    }
    const SendStatusSet = payload.PhoneNumberSet.map((number) => {
      const phone = number.replace(/^\+86/, '');
      if (!/^1\d{10}$/.test(phone)) {
        return { PhoneNumber: number, Code: 'InvalidParameterValue.IncorrectPhoneNumber', Message: 'incorrect number' };
      }
      sent.push({
        phone,
        signName: payload.SignName,
        template: payload.TemplateId,
        params: payload.TemplateParamSet ?? [],
      });
      return {
        SerialNo: crypto.randomUUID(),
        PhoneNumber: number,
        Fee: 1,
        Code: 'Ok',
        Message: 'send success',
        IsoCode: 'CN',
      };
    });
    json(response, 200, { Response: { SendStatusSet, RequestId } });
  }, port);
  return { ...server, ...settings, sent } satisfies SmsDouble;
}
