// The personal info calls (spec §7 users).
import { hashPassword, http, request } from '@ride-console/runtime';

export interface Profile {
  avatar: string;
  name: string;
  realName: string;
  phone: string;
  email: string;
}

export const fetchProfile = () => http.get<Profile>('/api/blade-user/info');

export const saveProfile = (profile: Profile) => http.post<unknown>('/api/blade-user/update-info', profile);

export async function uploadAvatar(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const answer = await request<{ link: string }>({
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
  request<unknown>({
    method: 'POST',
    url: '/api/blade-user/update-password',
    params: {
      oldPassword: await hashPassword(oldPassword),
      newPassword: await hashPassword(newPassword),
      newPassword1: await hashPassword(newPassword1),
    },
  });
