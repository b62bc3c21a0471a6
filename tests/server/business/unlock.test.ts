// Unlocking through the default simulator: each outcome reaches the operator as a clear message, disabled
// equipment is refused before any command leaves, and every attempt lands in the usual log and the equipment's
// unlock record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushLogs } from '../../../server/system/logs/queue.js';
import { addDept, addRole, addUser, grantCode } from '../auth/fixtures.js';
import { type Api, openApi, type Row } from '../engine/api.js';
import { liveIdOf, signIn } from '../harness.js';
import { addEquipment, addSite, addType } from './rental-api.js';

let api: Api;
let siteId: string;
let typeId: string;

const DELAY_MS = 30;

beforeAll(async () => {
  api = await openApi({ LOCK_SIMULATOR_DELAY_MS: String(DELAY_MS), LOCK_TIMEOUT_MS: '100' });
  const dept = await liveIdOf(api.server, 'blade_dept', 'deptName', '乐行租赁');
  const company = await liveIdOf(api.server, 'biz_company', 'shortName', '乐行租赁');
  siteId = await addSite(api, '虹桥天地', company, dept);
  typeId = await addType(api, '遛娃车');
});
afterAll(async () => api?.close());

const unlock = (no: string, token = api.adminToken) => api.get('/api/nb/unlock', { no }, token);

/** A lock the simulator knows in the given condition. */
const lockIn = async (lockNo: string, state: { online?: number; battery?: number; signalStrength?: number }) =>
  api.server.ctx.db
    .insertInto('biz_lock_sim')
    .values({ lockNo, online: 1, battery: 90, signalStrength: 25, unlocked: 0, ...state })
    .execute();

describe('unlock through the simulator', () => {
  it('opens a locked lock after the platform’s delay, then says it is already open', async () => {
    await addEquipment(api, 'HQ-001', siteId, typeId, { lockNo: 'NB-001' });
    const opened = await unlock('HQ-001');
    expect(opened).toMatchObject({ status: 200, success: true, msg: '开锁成功' });
    expect((opened.data as Row).durationMs).toBeGreaterThanOrEqual(DELAY_MS);
    expect(await unlock('HQ-001')).toMatchObject({ status: 400, msg: '锁已处于开启状态,无需重复开锁' });
  });

  it('tells the operator when the lock is offline, low on battery or does not answer', async () => {
    await lockIn('NB-OFF', { online: 0 });
    await lockIn('NB-LOW', { battery: 4 });
    await lockIn('NB-WEAK', { signalStrength: 2 });
    await addEquipment(api, 'HQ-OFF', siteId, typeId, { lockNo: 'NB-OFF' });
    await addEquipment(api, 'HQ-LOW', siteId, typeId, { lockNo: 'NB-LOW' });
    await addEquipment(api, 'HQ-WEAK', siteId, typeId, { lockNo: 'NB-WEAK' });
    expect(await unlock('HQ-OFF')).toMatchObject({
      status: 400,
      msg: '设备离线: 锁未连接物联网平台,请检查设备供电和网络',
    });
    expect(await unlock('HQ-LOW')).toMatchObject({
      status: 400,
      msg: '电量过低: 锁电量不足以开锁,请先充电或更换电池',
    });
    expect(await unlock('HQ-WEAK')).toMatchObject({
      status: 400,
      msg: '开锁超时: 锁未在规定时间内应答,请检查设备信号后重试',
    });
  });

  it('opens each port of a pile on its own', async () => {
    await addEquipment(api, 'PILE-1-1', siteId, typeId, { lockNo: 'PILE-NB-1', batch: 'PILE-1', port: 1 });
    await addEquipment(api, 'PILE-1-2', siteId, typeId, { lockNo: 'PILE-NB-1', batch: 'PILE-1', port: 2 });
    expect(await unlock('PILE-1-1')).toMatchObject({ status: 200 });
    expect(await unlock('PILE-1-2')).toMatchObject({ status: 200 });
  });

  it('refuses disabled equipment, equipment without a lock and an unknown number', async () => {
    const id = await addEquipment(api, 'HQ-DIS', siteId, typeId, { lockNo: 'NB-DIS' });
    await api.post('/api/blade-system/equ/enable', { query: { ids: id, enabled: 0 } });
    expect(await unlock('HQ-DIS')).toMatchObject({ status: 400, msg: '设备已停用,不能开锁,请先启用' });
    await addEquipment(api, 'HQ-BARE', siteId, typeId, { lockNo: '' });
    expect(await unlock('HQ-BARE')).toMatchObject({ status: 400, msg: '设备未绑定锁,请先填写锁设备号' });
    expect(await unlock('NOPE')).toMatchObject({ status: 404, msg: '设备不存在' });
    expect(await api.get('/api/nb/unlock', {})).toMatchObject({ status: 400, msg: '请输入设备编号' });
    expect(await api.get('/api/nb/unlock', { no: 'HQ\u0000' })).toMatchObject({ status: 400, msg: 'no 格式不正确' });
  });

  it('records who unlocked which equipment, the result and the time it took', async () => {
    const id = await addEquipment(api, 'HQ-LOG', siteId, typeId, { lockNo: 'NB-LOG' });
    await unlock('HQ-LOG');
    await unlock('HQ-LOG');
    await flushLogs(api.server.ctx);
    const record = (await api.get('/api/blade-system/equ/unlock-log', { id })).data as Row[];
    expect(record.map((line) => [line.createBy, line.logLevel])).toEqual([
      ['admin', 'warn'],
      ['admin', 'info'],
    ]);
    expect(String(record[1].logData)).toMatch(/^开锁 HQ-LOG \(锁 NB-LOG\): 开锁成功, 用时 \d+ ms$/);
    expect(String(record[0].logData)).toContain('锁已处于开启状态');
  });

  it('needs the unlock button, and a site manager cannot open another company’s equipment', async () => {
    await addEquipment(api, 'HQ-PERM', siteId, typeId, { lockNo: 'NB-PERM' });
    const role = await addRole(api.server, 'equ_viewer');
    await grantCode(api.server, role, 'equ');
    await addUser(api.server, {
      account: 'viewer',
      password: 'viewer-1',
      roleIds: [role],
      deptIds: [await addDept(api.server, '巡检')],
    });
    expect(await unlock('HQ-PERM', await signIn(api.server, 'viewer', 'viewer-1'))).toMatchObject({ status: 403 });
    expect(await unlock('HQ-PERM', await signIn(api.server, 'manager', 'manager'))).toMatchObject({
      status: 404,
      msg: '设备不存在',
    });
  });
});
