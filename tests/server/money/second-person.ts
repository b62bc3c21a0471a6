// The second person changes to controls wait for: another administrator (the finance lead), who approves on 付款审批
// the change just filed. For suites whose premise is a parameter or a split set-up in place, made as staff would.
import { expect } from 'vitest';
import { addUser } from '../auth/fixtures.js';
import type { Api, Row } from '../engine/api.js';
import { signIn } from '../harness.js';

const SECOND = 'finance';
const tokens = new WeakMap<object, string>();

/** The second administrator's token, the account made once per server. */
export async function secondAdministrator(api: Api): Promise<string> {
  const known = tokens.get(api.server);
  if (known) return known;
  const db = api.server.ctx.db;
  const exists = await db.selectFrom('blade_user').select('id').where('account', '=', SECOND).executeTakeFirst();
  if (!exists) {
    const role = await db
      .selectFrom('blade_role')
      .select('id')
      .where('roleAlias', '=', 'administrator')
      .executeTakeFirstOrThrow();
    await addUser(api.server, { account: SECOND, realName: '财务主管', roleIds: [role.id] });
  }
  const token = await signIn(api.server, SECOND, 'secret1');
  tokens.set(api.server, token);
  return token;
}

/** The newest waiting request of a kind (4 参数变更, 5 分账设置). */
export async function newestWaiting(api: Api, kind: number): Promise<Row> {
  const answer = await api.get('/api/blade-system/approval/list', { kind, state: 0, size: 1 });
  const [request] = (answer.data as { records: Row[] }).records;
  expect(request, `a waiting request of kind ${kind}`).toBeDefined();
  return request;
}

/** Files a change to a control as its caller, then has the second administrator approve it; answers the approval. */
export async function approvedChange(
  api: Api,
  kind: number,
  call: () => Promise<{ status: number; msg: string }>,
): Promise<{ status: number; msg: string }> {
  const filed = await call();
  expect(filed, JSON.stringify(filed)).toMatchObject({ status: 200 });
  const request = await newestWaiting(api, kind);
  return api.post('/api/blade-system/approval/approve', {
    query: { id: String(request.id) },
    token: await secondAdministrator(api),
  });
}

/** A split set-up row added through its screen and approved; answers its id (found by a field of the body). */
export async function approvedSetUp(api: Api, base: string, body: Row, field: string): Promise<string> {
  const approved = await approvedChange(api, 5, () => api.post(`${base}/submit`, { body }));
  expect(approved, JSON.stringify(approved)).toMatchObject({ status: 200, msg: '已审批, 已生效' });
  const page = await api.get(`${base}/list`, { size: 1000 });
  const rows = (page.data as { records: Row[] }).records.filter((row) => String(row[field]) === String(body[field]));
  return String(rows[0]?.id);
}
