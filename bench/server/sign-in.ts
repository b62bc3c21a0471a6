// The admin's headers for calls to a bench server listening at `address`: the client's Basic header and a bearer
// token from the password grant, as the console sends them.
import { md5 } from 'js-md5';

const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

export async function adminHeaders(address: string): Promise<Record<string, string>> {
  const query = new URLSearchParams({
    tenantId: '000000',
    username: 'admin',
    password: md5('admin'),
    grant_type: 'password',
    scope: 'all',
    type: 'account',
  });
  const signIn = await fetch(`${address}/api/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { authorization: BASIC },
  });
  const { access_token: token } = (await signIn.json()) as { access_token: string };
  return { authorization: BASIC, 'blade-auth': `bearer ${token}` };
}
