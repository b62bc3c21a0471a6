// Direct calls to the test server, for data a browser test needs before it starts (the screen under test is driven
// through the browser only).
import { createHash } from 'node:crypto';

const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

export async function adminToken(url: string): Promise<string> {
  const password = createHash('md5').update('admin').digest('hex');
  const query = new URLSearchParams({
    tenantId: '000000',
    username: 'admin',
    password,
    grant_type: 'password',
    scope: 'all',
    type: 'account',
  });
  const response = await fetch(`${url}/api/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { Authorization: BASIC },
  });
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.access_token;
}

export async function post(url: string, token: string, path: string, data: unknown): Promise<void> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { Authorization: BASIC, 'Blade-Auth': `bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(data),
  });
  const body = (await response.json()) as { success?: boolean; msg?: string };
  if (!body.success) throw new Error(`${path}: ${body.msg}`);
}

export async function get<T>(url: string, token: string, path: string): Promise<T> {
  const response = await fetch(`${url}${path}`, { headers: { Authorization: BASIC, 'Blade-Auth': `bearer ${token}` } });
  const body = (await response.json()) as { success?: boolean; msg?: string; data: T };
  if (!body.success) throw new Error(`${path}: ${body.msg}`);
  return body.data;
}
