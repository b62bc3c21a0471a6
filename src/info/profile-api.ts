// The personal info calls (spec §7 users).
import { api, hashPassword, request } from '@ride-console/runtime';
import type { DataOf, Schema } from '@ride-console/runtime/shell';

export type Profile = Pick<Schema<'User'>, 'avatar' | 'name' | 'realName' | 'phone' | 'email'>;

export const fetchProfile = () => api.get('/api/blade-user/info');

export const saveProfile = (profile: Profile) => api.post('/api/blade-user/update-info', profile);

export async function uploadAvatar(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  // A multipart body, which the typed calls do not send: the answer's type is still the server's.
  const answer = await request<DataOf<'/api/blade-resource/oss/endpoint/put-file', 'post'>>({
    method: 'POST',
    url: '/api/blade-resource/oss/endpoint/put-file',
    data: form,
  });
  return answer.link;
}

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

/** All three go as md5, as the sign-in password does. */
export const changePassword = async ({ oldPassword, newPassword, newPassword1 }: PasswordChange) =>
  api.post('/api/blade-user/update-password', undefined, {
    query: {
      oldPassword: await hashPassword(oldPassword),
      newPassword: await hashPassword(newPassword),
      newPassword1: await hashPassword(newPassword1),
    },
  });
