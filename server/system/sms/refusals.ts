// What 阿里云 and 腾讯云 answer when they refuse a text, in the operator's words (Chinese and English). The code stays
// in the text so the provider's console and its support can find it; a code not listed shows the provider's message.
import { addMessagesInEnglish } from '../../platform/http/messages-en.js';

export interface SmsRefusal {
  zh: string;
  en: string;
}

const refusal = (provider: string, code: string, zh: string, en: string): [string, SmsRefusal] => [
  `${provider}:${code}`,
  {
    zh: `${provider === 'aliyun' ? '阿里云' : '腾讯云'} ${code}: ${zh}`,
    en: `${provider === 'aliyun' ? 'Alibaba Cloud' : 'Tencent Cloud'} ${code}: ${en}`,
  },
];

const SIGNATURE = ['短信签名不正确或未通过审核', 'the SMS signature is wrong or not approved'] as const;
const TEMPLATE = ['短信模板不正确或未通过审核', 'the SMS template is wrong or not approved'] as const;
const PHONE = ['手机号码不正确', 'the phone number is wrong'] as const;
const TOO_OFTEN = [
  '发送过于频繁, 已触发服务商的流量控制',
  'too many texts: the provider’s rate limit was hit',
] as const;
const BALANCE = ['短信余额或套餐包不足, 请充值', 'the SMS balance or package is used up; top it up'] as const;
const KEY = ['accessKey 不存在', 'no such accessKey'] as const;
const SECRET = ['secretKey 不正确', 'the secretKey is wrong'] as const;
const PARAMS = ['模板参数与模板不符', 'the template parameters do not fit the template'] as const;

const REFUSALS = new Map<string, SmsRefusal>([
  refusal('aliyun', 'isv.SMS_SIGNATURE_ILLEGAL', ...SIGNATURE),
  refusal('aliyun', 'isv.SMS_TEMPLATE_ILLEGAL', ...TEMPLATE),
  refusal('aliyun', 'isv.MOBILE_NUMBER_ILLEGAL', ...PHONE),
  refusal('aliyun', 'isv.BUSINESS_LIMIT_CONTROL', ...TOO_OFTEN),
  refusal('aliyun', 'isv.DAY_LIMIT_CONTROL', '该号码今日接收已达上限', 'the number has had its most texts for today'),
  refusal('aliyun', 'isv.AMOUNT_NOT_ENOUGH', ...BALANCE),
  refusal('aliyun', 'isv.TEMPLATE_MISSING_PARAMETERS', ...PARAMS),
  refusal('aliyun', 'InvalidAccessKeyId.NotFound', ...KEY),
  refusal('aliyun', 'SignatureDoesNotMatch', ...SECRET),
  refusal('tencent', 'FailedOperation.SignatureIncorrectOrUnapproved', ...SIGNATURE),
  refusal('tencent', 'FailedOperation.TemplateIncorrectOrUnapproved', ...TEMPLATE),
  refusal('tencent', 'InvalidParameterValue.IncorrectPhoneNumber', ...PHONE),
  refusal('tencent', 'LimitExceeded.PhoneNumberThirtySecondLimit', ...TOO_OFTEN),
  refusal(
    'tencent',
    'LimitExceeded.PhoneNumberDailyLimit',
    '该号码今日接收已达上限',
    'the number has had its most texts for today',
  ),
  refusal('tencent', 'FailedOperation.InsufficientBalanceInSmsPackage', ...BALANCE),
  refusal('tencent', 'InvalidParameterValue.TemplateParameterFormatError', ...PARAMS),
  refusal('tencent', 'AuthFailure.SecretIdNotFound', ...KEY),
  refusal('tencent', 'AuthFailure.SignatureFailure', ...SECRET),
  refusal('tencent', 'UnauthorizedOperation.SmsSdkAppIdVerifyFail', 'SdkAppId 不正确', 'the SdkAppId is wrong'),
]);

/** The operator's words for a provider's refusal code, or the provider's own message under its code. */
export function refusalText(provider: 'aliyun' | 'tencent', code: string, message: string): string {
  return (
    REFUSALS.get(`${provider}:${code}`)?.zh ?? `${provider === 'aliyun' ? '阿里云' : '腾讯云'} ${code}: ${message}`
  );
}

// An English caller reads each listed refusal in English (inside 短信发送失败: …, too).
addMessagesInEnglish([...REFUSALS.values()].map(({ zh, en }) => [zh, en] as const));
