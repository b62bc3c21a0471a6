// The sign-in, refresh and session calls of the auth service (contract §4).

import type { AnswerOf, QueryOf, Schema } from '@ride-console/runtime/shell';
import { api, hashPassword, request } from '@ride-console/runtime/shell';
import { settings } from '../config/settings';

/** The flat answer of the token endpoint, as the server's document declares it (runtime/http/wire.ts). */
export type TokenAnswer = AnswerOf<'/api/blade-auth/oauth/token', 'post'>;

/** The captcha the sign-in form shows; the answer also says whether captcha mode is on (`enabled`). */
export type Captcha = Pick<Schema<'Captcha'>, 'key' | 'image'>;

export type SocialProvider = Schema<'SocialProviders'>[number];

export interface AccountSignIn {
  username: string;
  password: string;
  captchaKey?: string;
  captchaCode?: string;
}

const tokenUrl = '/api/blade-auth/oauth/token';

/** A failed sign-in: the server's error_description, shown as it is (spec §8). */
export class SignInError extends Error {}

async function token(params: Record<string, string>, headers: Record<string, string> = {}): Promise<TokenAnswer> {
  // A refusal comes back in its own flat shape, `{error_code, error_description}`.
  const answer = await request<Partial<TokenAnswer & Schema<'TokenRefusal'>>>({
    method: 'POST',
    url: tokenUrl,
    params: { tenantId: settings.tenantId, scope: 'all', ...params },
    headers: { 'Tenant-Id': settings.tenantId, ...headers },
    auth: false,
    raw: true,
    quiet: true,
  });
  if (answer?.error_description || !answer?.access_token) {
    throw new SignInError(answer?.error_description || 'sign-in failed');
  }
  return answer as TokenAnswer;
}

export async function signInWithAccount(form: AccountSignIn, captchaMode: boolean): Promise<TokenAnswer> {
  const headers: Record<string, string> = {};
  if (captchaMode) {
    headers['Captcha-Key'] = form.captchaKey ?? '';
    headers['Captcha-Code'] = form.captchaCode ?? '';
  }
  return token(
    {
      username: form.username,
      password: await hashPassword(form.password),
      grant_type: captchaMode ? 'captcha' : 'password',
      type: 'account',
    },
    headers,
  );
}

export function signInWithPhone(phone: string, code: string): Promise<TokenAnswer> {
  return token({ phone, code, grant_type: 'sms_code', type: 'phone' });
}

export function signInWithSocial(source: string, code: string, state: string): Promise<TokenAnswer> {
  return token({ source, code, state, grant_type: 'social' });
}

export function refreshAccessToken(refreshToken: string): Promise<TokenAnswer> {
  return token({ refresh_token: refreshToken, grant_type: 'refresh_token' });
}

export const fetchCaptcha = () =>
  request<AnswerOf<'/api/blade-auth/oauth/captcha'>>({
    url: '/api/blade-auth/oauth/captcha',
    auth: false,
    raw: true,
    quiet: true,
  });

/** Texts a sign-in code; the server sends one only with the shown captcha solved, and uses the captcha up. */
export const sendSmsCode = (phone: string, captcha: { key: string; code: string }) =>
  api.get(
    '/api/blade-auth/oauth/sms-code',
    { phone },
    { headers: { 'Captcha-Key': captcha.key, 'Captcha-Code': captcha.code }, auth: false, quiet: true },
  );

/** The server answers a flat list; an enveloped one (another BladeX server) is accepted too. */
export async function fetchSocialProviders(): Promise<SocialProvider[]> {
  const answer = await request<AnswerOf<'/api/blade-auth/oauth/providers'> | { data?: SocialProvider[] }>({
    url: '/api/blade-auth/oauth/providers',
    auth: false,
    raw: true,
    quiet: true,
  });
  const list = Array.isArray(answer) ? answer : answer?.data;
  return Array.isArray(list) ? list : [];
}

export const socialRenderUrl = (source: string) => `/api/blade-auth/oauth/render/${encodeURIComponent(source)}`;

export const revokeSession = () => api.get('/api/blade-auth/oauth/logout');

export const clearServerCache = () => api.get('/api/blade-auth/oauth/clear-cache');

export type GuestRegistration = QueryOf<'/api/blade-user/register-guest', 'post'>;

// Like creating a user, registration sends the password as typed; the server stores its hash.
export const registerGuest = (form: GuestRegistration) =>
  api.post('/api/blade-user/register-guest', undefined, { query: form, quiet: true });
