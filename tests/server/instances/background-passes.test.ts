// Two instances on one database run every background pass at the same moment, as two servers behind a load balancer
// do: a workflow timer fires once, a payment left waiting is recovered once, a sandbox notification is delivered
// once per attempt and an article's publish is checked once. A piece an instance took and never gave back (the
// instance died) is worked by the other once its lease ran out. Each pass is driven directly, with one chosen `at`
// on both instances; both calls are counted, so the premise (both instances ran the pass) is part of the proof.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkPublishing } from '../../../server/channels/mp/publishing.js';
import type { PaymentSandbox } from '../../../server/money/payments/sandbox.js';
import { deliverSandboxNotifications } from '../../../server/money/recovery/notify.js';
import { RECOVERY_LEASE_SECONDS, recoverPayments } from '../../../server/money/recovery/worker.js';
import { RECHARGE_CREDITED, RECHARGE_UNPAID, startRecharge } from '../../../server/money/wallets/recharge.js';
import { nextId } from '../../../server/platform/db/ids.js';
import { claimWork } from '../../../server/platform/work/claims.js';
import { deploy } from '../../../server/system/flow/deployments.js';
import { type Actor, startProcess, TIMER_LEASE_SECONDS, wakeDueProcesses } from '../../../server/system/flow/engine.js';
import { call, placeUpload, signIn, startTestServer, type TestServer } from '../harness.js';
import { bankOf } from '../payments/bank.js';

let first: TestServer;
let second: TestServer;

// The passes run only when driven here: no timer of either instance steps in between.
const ENV = { PAY_SANDBOX_DELAY_MS: '0', PAY_RECOVERY_INTERVAL_MS: '0', PAY_RECOVERY_GRACE_MS: '1000' };

beforeAll(async () => {
  first = await startTestServer(ENV);
  second = await startTestServer({ ...ENV, DATABASE_URL: first.databaseUrl });
});

afterAll(async () => {
  await second?.close();
  await first?.close();
});

const later = (at: Date, seconds: number) => new Date(at.getTime() + seconds * 1000);

/** Runs `pass` on both instances at once and counts the calls that came back. */
async function onBoth<T>(pass: (server: TestServer) => Promise<T>): Promise<T[]> {
  let ran = 0;
  const results = await Promise.all(
    [first, second].map(async (server) => {
      const result = await pass(server);
      ran += 1;
      return result;
    }),
  );
  expect(ran).toBe(2);
  return results;
}

describe('workflow timers', () => {
  const ESCALATING = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  xmlns:ride="http://ride-console/bpmn" targetNamespace="http://ride-console/processes">
  <process id="cart_fault" name="推车故障" ride:en="Cart fault" isExecutable="true">
    <startEvent id="report" name="报修" />
    <sequenceFlow id="toRepair" sourceRef="report" targetRef="repair" />
    <userTask id="repair" name="现场维修" ride:en="Repair on site" flowable:formKey="work/todo"
      flowable:candidateGroups="site_manager" />
    <boundaryEvent id="unclaimed" attachedToRef="repair" cancelActivity="false"
      flowable:candidateGroups="administrator">
      <timerEventDefinition><timeDuration>PT4H</timeDuration></timerEventDefinition>
    </boundaryEvent>
    <sequenceFlow id="toEscalated" sourceRef="unclaimed" targetRef="escalated" />
    <endEvent id="escalated" />
    <sequenceFlow id="toFixed" sourceRef="repair" targetRef="fixed" />
    <endEvent id="fixed" />
  </process>
</definitions>`;

  let actor: Actor;
  let title = 0;

  beforeAll(async () => {
    await deploy(first.ctx.db, ESCALATING, null);
    const admin = await first.ctx.db
      .selectFrom('blade_user')
      .select(['id', 'deptId'])
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    actor = { userId: admin.id, deptId: admin.deptId ?? '', roleAliases: ['administrator'] };
  });

  const reportFault = () => {
    title += 1;
    return first.ctx.db
      .transaction()
      .execute((trx) =>
        startProcess(trx, 'cart_fault', actor, { id: nextId(), title: `推车 ${title} 刹车失灵`, variables: {} }),
      );
  };
  const repairTask = (instanceId: number) =>
    first.ctx.db
      .selectFrom('blade_flow_task')
      .select('candidateRoles')
      .where('instanceId', '=', instanceId)
      .where('nodeKey', '=', 'repair')
      .executeTakeFirstOrThrow();
  const wakeTime = async (instanceId: number) =>
    (
      await first.ctx.db
        .selectFrom('blade_flow_instance')
        .select('wakeTime')
        .where('id', '=', instanceId)
        .executeTakeFirstOrThrow()
    ).wakeTime;

  /** The clock moved to `at` while `run` runs: the engine reads the time itself to know a timer is due. */
  async function atTime<T>(at: Date, run: () => Promise<T>): Promise<T> {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(at);
      return await run();
    } finally {
      vi.useRealTimers();
    }
  }

  it('fires a due timer once when both instances run the timer pass at the same moment', async () => {
    const instanceId = await reportFault();
    const due = new Date(Date.now() + 5 * 3600_000);
    expect(await onBoth((server) => wakeDueProcesses(server.ctx, new Date()))).toEqual([0, 0]);

    const woken = await atTime(due, () => onBoth((server) => wakeDueProcesses(server.ctx, due)));
    expect(woken.sort()).toEqual([0, 1]);
    expect(await repairTask(instanceId)).toEqual({ candidateRoles: ',site_manager,administrator,' });
    expect(await wakeTime(instanceId)).toBeNull();
    // Fired, it is not met again by either instance.
    const after = later(due, 60);
    expect(await atTime(after, () => onBoth((server) => wakeDueProcesses(server.ctx, after)))).toEqual([0, 0]);
  });

  it('fires a timer whose instance died mid-fire on the other instance, once the lease ran out', async () => {
    const instanceId = await reportFault();
    const due = new Date(Date.now() + 5 * 3600_000);
    // The first instance took the timer and died before its transaction committed: the lease stays, the wake time
    // is as it was (the transaction rolled back with the connection).
    const piece = { kind: 'flow-timer', key: String(instanceId) };
    expect(await claimWork(first.ctx, piece, TIMER_LEASE_SECONDS, due)).toBe(true);
    expect(await atTime(due, () => wakeDueProcesses(second.ctx, due))).toBe(0);
    expect(await repairTask(instanceId)).toEqual({ candidateRoles: ',site_manager,' });
    expect(await wakeTime(instanceId)).not.toBeNull();

    const lapsed = later(due, TIMER_LEASE_SECONDS + 1);
    expect(await atTime(lapsed, () => wakeDueProcesses(second.ctx, lapsed))).toBe(1);
    expect(await repairTask(instanceId)).toEqual({ candidateRoles: ',site_manager,administrator,' });
    expect(await wakeTime(instanceId)).toBeNull();
  });
});

describe('payments', () => {
  let sandbox: PaymentSandbox;
  const customerId = nextId();

  beforeAll(async () => {
    sandbox = bankOf(first);
    await first.ctx.db
      .insertInto('biz_customer')
      .values({ id: customerId, nickName: '小明妈妈', openId: `o-${customerId}` })
      .execute();
  });

  const rechargeState = async (rechargeNo: string) =>
    Number(
      (
        await first.ctx.db
          .selectFrom('biz_recharge')
          .select('state')
          .where('rechargeNo', '=', rechargeNo)
          .executeTakeFirstOrThrow()
      ).state,
    );
  const walletBalance = async () =>
    Number(
      (
        await first.ctx.db
          .selectFrom('biz_wallet')
          .select('amount')
          .where('customerId', '=', customerId)
          .executeTakeFirstOrThrow()
      ).amount,
    );
  const simRow = (rechargeNo: string) =>
    first.ctx.db
      .selectFrom('biz_pay_sim')
      .select(['attempts', 'notified'])
      .where('kind', '=', 'pay')
      .where('outNo', '=', rechargeNo)
      .executeTakeFirstOrThrow();

  /** A recharge the provider decided as paid whose notification nobody heard: the recovery worker's to find. */
  const unheardRecharge = async (amount: number) => {
    const { rechargeNo } = await startRecharge(first.ctx, customerId, amount);
    expect(await sandbox.deliverDue()).toHaveLength(1);
    expect(await rechargeState(rechargeNo)).toBe(RECHARGE_UNPAID);
    return rechargeNo;
  };

  it('delivers a sandbox notification once when both instances run the delivery pass at the same moment', async () => {
    const before = await walletBalance().catch(() => 0);
    const { rechargeNo } = await startRecharge(first.ctx, customerId, 1200);
    const at = new Date(Date.now() + 1000);

    const delivered = await onBoth((server) => deliverSandboxNotifications(server.ctx, at));
    expect(delivered.sort()).toEqual([0, 1]);
    expect(await simRow(rechargeNo)).toEqual({ attempts: 1, notified: 1 });
    expect(await rechargeState(rechargeNo)).toBe(RECHARGE_CREDITED);
    expect(await walletBalance()).toBe(before + 1200);
  });

  it('works a payment left waiting on one instance only when both run the recovery pass together', async () => {
    const rechargeNo = await unheardRecharge(1500);
    const before = await walletBalance();
    const at = new Date(Date.now() + 120_000);

    const passes = await onBoth((server) => recoverPayments(server.ctx, at));
    expect(passes.map((pass) => pass.settled.recharge ?? 0).sort()).toEqual([0, 1]);
    expect(passes.flatMap((pass) => pass.failures)).toEqual([]);
    expect(await rechargeState(rechargeNo)).toBe(RECHARGE_CREDITED);
    expect(await walletBalance()).toBe(before + 1500);
  });

  it('works a payment the first instance took and died on once its lease ran out, on the other', async () => {
    const rechargeNo = await unheardRecharge(1800);
    const before = await walletBalance();
    const at = new Date(Date.now() + 120_000);
    const piece = { kind: 'recovery:recharge', key: rechargeNo };
    expect(await claimWork(first.ctx, piece, RECOVERY_LEASE_SECONDS, at)).toBe(true);

    expect((await recoverPayments(second.ctx, at)).settled).toEqual({});
    expect(await rechargeState(rechargeNo)).toBe(RECHARGE_UNPAID);

    const pass = await recoverPayments(second.ctx, later(at, RECOVERY_LEASE_SECONDS + 1));
    expect(pass.settled).toEqual({ recharge: 1 });
    expect(await rechargeState(rechargeNo)).toBe(RECHARGE_CREDITED);
    expect(await walletBalance()).toBe(before + 1800);
  });
});

describe('the article publish check', () => {
  it('asks the platform about a publish once when both instances run the check pass at the same moment', async () => {
    const token = await signIn(first, 'admin', 'admin');
    const send = async (url: string, body?: unknown) =>
      (await call(first, 'POST', url, { token, body })).json() as { data: Record<string, unknown> };
    await send('/api/mp/wxaccount/submit', {
      accountName: '乐行租赁',
      accountType: 2,
      appId: 'wx0123456789abcdef',
      appSecret: '0123456789abcdef0123456789abcdef',
    });
    const account = await first.ctx.db.selectFrom('mp_account').select('id').executeTakeFirstOrThrow();
    const article = await send('/api/mp/wxmaterial/materialNews', {
      accountId: String(account.id),
      title: '新站点开业',
      content: '<p>新站点开业</p>',
      coverUrl: await placeUpload(first, 'rent-cover.png'),
    });
    const id = String(article.data.id);
    expect((await send(`/api/mp/wxmaterial/publish/${id}`)).data).toMatchObject({ publishState: 1 });

    const passes = await onBoth((server) => checkPublishing(server.ctx, new Date(Date.now() + 5 * 60_000)));
    expect(passes.map((pass) => pass.checked).sort()).toEqual([0, 1]);
    expect(passes.map((pass) => pass.settled).sort()).toEqual([0, 1]);
    expect(passes.flatMap((pass) => pass.failures)).toEqual([]);
    const row = await first.ctx.db
      .selectFrom('mp_material')
      .select('publishState')
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();
    expect(Number(row.publishState)).toBe(2);
  });
});

describe('stopping', () => {
  it('hands back what an instance holds when it stops, so the other takes it at once', async () => {
    const extra = await startTestServer({ ...ENV, DATABASE_URL: first.databaseUrl });
    const piece = { kind: 'flow-timer', key: 'handed-back' };
    expect(await claimWork(extra.ctx, piece, 600)).toBe(true);
    expect(await claimWork(second.ctx, piece, 600)).toBe(false);
    await extra.close();
    expect(await claimWork(second.ctx, piece, 600)).toBe(true);
  });
});
