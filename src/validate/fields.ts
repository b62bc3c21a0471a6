// Field checks shared by the sign-in and profile forms (spec §5). The spec's phone helper reports 手机号码格式不正确
// when the value MATCHES a landline-style pattern, which is inverted; here a value is wrong when it is NOT a mainland
// mobile number (1, then 3–9, then nine digits). See src/README.md.
import { settings } from '../config/settings';

export type PhoneProblem = 'phone.empty' | 'phone.length' | 'phone.format';

const mobilePattern = /^1[3-9]\d{9}$/;

/** The i18n key of what is wrong with a phone number, or undefined when it is a valid mobile number. */
export function phoneProblem(value: string | undefined | null): PhoneProblem | undefined {
  const text = (value ?? '').trim();
  if (!text) return 'phone.empty';
  if (text.length !== settings.phoneLength) return 'phone.length';
  if (!mobilePattern.test(text)) return 'phone.format';
  return undefined;
}

/** Spec §5 URL check: an address must start with http:// or https://. */
export const isHttpUrl = (value: string | undefined | null): boolean => /^https?:\/\/\S+$/i.test((value ?? '').trim());
