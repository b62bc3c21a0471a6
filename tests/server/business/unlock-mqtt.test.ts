// Unlocking through the MQTT gateway against an in-process broker (aedes), with simulated locks that answer,
// refuse, report low battery, stay silent, or have left their "offline" last will.
import net from 'node:net';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, openApi } from '../engine/api.js';
import { liveIdOf } from '../harness.js';
import { addEquipment, addSite, addType } from './rental-api.js';

let api: Api;
let broker: Aedes;
let listener: net.Server;
let lock: MqttClient;
const commands: Array<{ lockNo: string; port: unknown }> = [];

/** How each simulated lock answers an unlock command; a lock not listed stays silent. */
const BEHAVIOUR: Record<string, { result: string; battery: number }> = {
  'MQ-OK': { result: 'success', battery: 76 },
  'MQ-PILE': { result: 'success', battery: 100 },
  'MQ-LOW': { result: 'low_battery', battery: 3 },
  'MQ-NO': { result: 'refused', battery: 60 },
};

beforeAll(async () => {
  broker = await Aedes.createBroker();
  listener = net.createServer(broker.handle);
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const url = `mqtt://127.0.0.1:${(listener.address() as net.AddressInfo).port}`;
  lock = await mqtt.connectAsync(url, { clientId: 'simulated-locks' });
  lock.on('message', (topic, payload) => {
    const lockNo = topic.split('/')[2];
    const command = JSON.parse(payload.toString()) as { requestId: string; port: unknown };
    commands.push({ lockNo, port: command.port });
    const answer = BEHAVIOUR[lockNo];
    if (answer) lock.publish(`ride/lock/${lockNo}/ack`, JSON.stringify({ requestId: command.requestId, ...answer }));
  });
  await lock.subscribeAsync('ride/lock/+/command', { qos: 1 });
  await lock.publishAsync('ride/lock/MQ-GONE/status', 'offline', { retain: true, qos: 1 });
  api = await openApi({ LOCK_GATEWAY: 'mqtt', LOCK_MQTT_URL: url, LOCK_TIMEOUT_MS: '300' });
  const dept = await liveIdOf(api.server, 'blade_dept', 'deptName', '乐行租赁');
  const company = await liveIdOf(api.server, 'biz_company', 'shortName', '乐行租赁');
  const site = await addSite(api, '静安嘉里中心', company, dept);
  const type = await addType(api, '电动童车');
  for (const lockNo of ['MQ-OK', 'MQ-LOW', 'MQ-NO', 'MQ-MUTE', 'MQ-GONE']) {
    await addEquipment(api, `E-${lockNo}`, site, type, { lockNo });
  }
  await addEquipment(api, 'E-PILE-3', site, type, { lockNo: 'MQ-PILE', batch: 'P-3', port: 3 });
});
afterAll(async () => {
  await api?.close();
  await lock?.endAsync(true);
  await new Promise<void>((resolve) => broker.close(() => resolve()));
  listener?.close();
});

const unlock = (no: string) => api.get('/api/nb/unlock', { no });

describe('unlock through MQTT', () => {
  it('publishes the command and reports the lock’s acknowledgement', async () => {
    expect(await unlock('E-MQ-OK')).toMatchObject({ status: 200, msg: '开锁成功' });
    expect(commands).toContainEqual({ lockNo: 'MQ-OK', port: null });
    const row = await api.server.ctx.db
      .selectFrom('biz_equ')
      .select(['battery', 'lastHeartbeat'])
      .where('keyPair', '=', 'E-MQ-OK')
      .executeTakeFirstOrThrow();
    expect(row.battery).toBe(76);
    expect(row.lastHeartbeat).not.toBeNull();
  });

  it('sends a pile’s port with the command', async () => {
    expect(await unlock('E-PILE-3')).toMatchObject({ status: 200 });
    expect(commands).toContainEqual({ lockNo: 'MQ-PILE', port: 3 });
  });

  it('passes on a refusal and a low battery', async () => {
    expect(await unlock('E-MQ-NO')).toMatchObject({ status: 400, msg: '锁拒绝开锁: 请检查设备是否故障' });
    expect(await unlock('E-MQ-LOW')).toMatchObject({
      status: 400,
      msg: '电量过低: 锁电量不足以开锁,请先充电或更换电池',
    });
  });

  it('times out on a silent lock and knows an offline one without asking it', async () => {
    expect(await unlock('E-MQ-MUTE')).toMatchObject({
      status: 400,
      msg: '开锁超时: 锁未在规定时间内应答,请检查设备信号后重试',
    });
    expect(await unlock('E-MQ-GONE')).toMatchObject({
      status: 400,
      msg: '设备离线: 锁未连接物联网平台,请检查设备供电和网络',
    });
    expect(commands.map((command) => command.lockNo)).not.toContain('MQ-GONE');
  });
});
