// SEED_DEMO's leave requests: the operator's five, one in each state the workflow screens show.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, openApi, pageOf } from '../engine/api.js';
import { signIn } from '../harness.js';

let api: Api;
let manager: string;

beforeAll(async () => {
  api = await openApi({ SEED_DEMO: 'true', LOCK_SIMULATOR_DELAY_MS: '0' });
  manager = await signIn(api.server, 'manager', 'manager');
});
afterAll(async () => api?.close());

const list = async (name: string, token: string) =>
  pageOf(await api.get(`/api/blade-flow/work/${name}`, {}, token)).records;

it('seeds a leave in each state', async () => {
  const sent = await list('send-list', api.operatorToken);
  expect(sent.map((row) => row.processState).sort()).toEqual([1, 1, 1, 2, 3]);
  // The operator works at head office: its leaves are head office's to approve, never the franchisee's manager's.
  expect(await list('claim-list', manager)).toEqual([]);
  expect((await list('todo-list', api.adminToken)).map((row) => row.taskName)).toEqual(['主管审批']);
  expect((await list('done-list', api.adminToken)).map((row) => row.outcome).sort()).toEqual([
    'approve',
    'approve',
    'reject',
  ]);
  expect((await list('claim-list', api.adminToken)).map((row) => row.taskName).sort()).toEqual([
    '主管审批',
    '人事审批',
  ]);
});
