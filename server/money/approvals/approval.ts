// Two people for big payouts: a staff refund, a transfer or a withdrawal payout above `money.approvalCents` is kept
// as a request (待审批) instead of moving money; a second person approves it, and only then does the money move,
// through the same call as a small payout with all its rules and its idempotency, or rejects it with a reason and
// nothing moves (docs/orders-and-money.md, Approvals).
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { recordControlChange } from '../../platform/audit/record.js';
import type { AppContext } from '../../platform/context.js';
import { nextId } from '../../platform/db/ids.js';
import type { Database } from '../../platform/db/schema.js';
import { now } from '../../platform/db/time.js';
import { BladeError, badRequest, notFound } from '../../platform/http/envelope.js';
import { claimIn, completeIn, endRejected, FLOW_RUNNING, startProcess, TASK_OPEN } from '../../system/flow/engine.js';
import { yuan } from '../payments/yuan.js';
import { actorOf, PAYOUT_PROCESS, recordDecision, refuseUnlessMayDecide } from './controls.js';
import { type PaidOutToday, whyItWaits } from './day-limits.js';

/** Dictionary `approval_kind` (4 and 5, changes to controls: controls.ts). */
export const APPROVAL_REFUND = 1;
export const APPROVAL_TRANSFER = 2;
export const APPROVAL_WITHDRAWAL = 3;
export { APPROVAL_REFUND_OUTSIDE } from './controls.js';

/** Dictionary `approval_state`: 0 → 1 or 2; 1 → 3 when the approved payout was refused. */
export const APPROVAL_WAITING = 0;
export const APPROVAL_APPROVED = 1;
export const APPROVAL_REJECTED = 2;
export const APPROVAL_FAILED = 3;

export const MSG_OWN_REQUEST = '不能审批自己发起的付款, 请由另一人审批';
export const MSG_DECIDED = '该审批已处理';
export const MSG_NEXT_STEP = '已审批, 待下一步审批后付款';
export const MSG_SECOND_STEP = '同一笔付款的两步审批须由两个不同的人办理';

const APPROVAL_TABLE = 'biz_approval';

export interface ApprovalAsk {
  kind: number;
  /** The payout's own number (outRefundNo, outBatchNo, the withdrawal's batch): one waiting request per number. */
  bizNo: string;
  amount: number;
  orderId?: number;
  customerId?: number;
  withdrawalId?: number;
  remark: string;
  /** The launch call's input, replayed on approval. */
  ask: object;
}

/**
 * Files the payout for approval when it must wait (day-limits.ts: above the amount, or with the day's payouts to its
 * payee or by its requester past theirs), and answers the message saying why; null when it may move now (the caller
 * moves the money as always). Asking again for a payout already waiting is the same request.
 */
export async function holdForApproval(
  ctx: AppContext,
  request: FastifyRequest,
  paidOutToday: PaidOutToday,
  ask: ApprovalAsk,
): Promise<string | null> {
  const why = await whyItWaits(ctx, request, ask, paidOutToday);
  if (why === null) return null;
  const waiting = await ctx.db
    .selectFrom('biz_approval')
    .select(['amount', 'state'])
    .where('kind', '=', ask.kind)
    .where('bizNo', '=', ask.bizNo)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (waiting && Number(waiting.amount) !== ask.amount) throw badRequest('付款单号已用于另一笔付款');
  // Approved already: the money call answers it as the repeat it is.
  if (waiting && Number(waiting.state) === APPROVAL_APPROVED) return null;
  if (!waiting || Number(waiting.state) !== APPROVAL_WAITING) {
    // The request and its approval process begin together: the process names who approves, in what order.
    await ctx.db.transaction().execute(async (trx) => {
      const id = nextId();
      const inserted = await trx
        .insertInto('biz_approval')
        .values({
          id,
          kind: ask.kind,
          bizNo: ask.bizNo,
          amount: ask.amount,
          orderId: ask.orderId ?? null,
          customerId: ask.customerId ?? null,
          withdrawalId: ask.withdrawalId ?? null,
          remark: ask.remark,
          ask: JSON.stringify(ask.ask),
          createUser: request.user?.userId ?? null,
          createTime: now(),
        })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
      await startProcess(trx, PAYOUT_PROCESS, actorOf(request), {
        id,
        title: `${ask.remark} ${yuan(ask.amount)}`,
        variables: { amount: ask.amount, kind: ask.kind },
      });
    });
  }
  return why;
}

/**
 * Files a request that always waits for a second person, in the caller's transaction (which writes what it asks
 * for beside it), with its approval process, and keeps the filing in the audit trail. Answers the request's id; a
 * request of the same kind and number already waiting is refused by the caller before it gets here.
 */
export async function fileRequestIn(
  trx: Transaction<Database>,
  request: FastifyRequest,
  ask: ApprovalAsk,
): Promise<number> {
  const id = nextId();
  await trx
    .insertInto('biz_approval')
    .values({
      id,
      kind: ask.kind,
      bizNo: ask.bizNo,
      amount: ask.amount,
      orderId: ask.orderId ?? null,
      customerId: ask.customerId ?? null,
      remark: ask.remark.slice(0, 200),
      ask: JSON.stringify(ask.ask),
      createUser: request.user?.userId ?? null,
      createTime: now(),
    })
    .execute();
  await startProcess(trx, PAYOUT_PROCESS, actorOf(request), {
    id,
    title: `${ask.remark} ${yuan(ask.amount)}`.slice(0, 100),
    variables: { amount: ask.amount, kind: ask.kind },
  });
  await recordControlChange(trx, request, {
    kind: 'approval',
    action: 'request',
    subject: `付款审批 #${id}`,
    subjectId: id,
    after: { kind: ask.kind, bizNo: ask.bizNo, amount: ask.amount, remark: ask.remark, ...ask.ask },
  });
  return id;
}

/** What a rejected request of a kind undoes beside it, in the rejection's transaction (a refund's resolution). */
export type OnRejected = Record<number, (trx: Transaction<Database>, approval: ApprovalRow) => Promise<void>>;

export interface ApprovalRow {
  id: number;
  kind: number;
  bizNo: string;
  amount: number;
  withdrawalId: number | null;
  ask: string;
  createUser: number | null;
}

/** What moves the money of an approved request: the same calls a payout under the amount makes. */
export type PayOut = (approval: ApprovalRow) => Promise<void>;

/**
 * The payout of each kind (dictionary `approval_kind`), for the request that approves it. The refunds, transfers and
 * withdrawals that hold their big payouts here sit above this folder, so the money routes hand them in.
 */
export type PayOuts = Record<number, (request: FastifyRequest, approval: ApprovalRow) => Promise<void>>;

async function findApproval(ctx: AppContext, id: number): Promise<ApprovalRow & { state: number }> {
  const row = await ctx.db
    .selectFrom('biz_approval')
    .select(['id', 'kind', 'bizNo', 'amount', 'withdrawalId', 'ask', 'createUser', 'state'])
    .where('id', '=', id)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row as ApprovalRow & { state: number };
}

/**
 * A second person approves: the request is claimed (待审批 → 已通过, so of two approvers at once one goes on), then
 * the money moves. A refusal of the payout itself (the order was refunded meanwhile, the provider said no) leaves
 * the request 付款失败 with the reason, and is answered.
 */
export async function approve(
  ctx: AppContext,
  request: FastifyRequest,
  id: number,
  payOut: PayOut,
): Promise<string | null> {
  const approval = await findApproval(ctx, id);
  const approver = request.user?.userId ?? null;
  refuseUnlessMayDecide(request, approval);
  if (approval.createUser !== null && Number(approval.createUser) === approver) throw badRequest(MSG_OWN_REQUEST);
  // The step waiting now is read before the approver's own steps: a step they did while this call was on its way
  // (a double click) is the one it meant, already handled; only a later step is the second person's.
  const current = await openStep(ctx, id);
  const done = await approvedSteps(ctx, id, approver);
  if (done.length > 0)
    throw badRequest(current !== undefined && !done.includes(current) ? MSG_SECOND_STEP : MSG_DECIDED);
  if (approval.state === APPROVAL_WAITING && !(await processApproves(ctx, request, id, current))) return MSG_NEXT_STEP;
  const claimed = await ctx.db.transaction().execute(async (trx) => {
    const claim = await trx
      .updateTable('biz_approval')
      .set({ state: APPROVAL_APPROVED, approveUser: approver, approveTime: now(), updateTime: now() })
      .where('id', '=', id)
      .where('state', '=', APPROVAL_WAITING)
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) > 0) {
      await recordDecision(trx, request, approval, 'approve', { state: APPROVAL_APPROVED });
    }
    return claim;
  });
  if (Number(claimed.numUpdatedRows) === 0) throw badRequest(MSG_DECIDED);
  try {
    await payOut(approval);
  } catch (error) {
    if (!(error instanceof BladeError)) throw error;
    await ctx.db
      .updateTable('biz_approval')
      .set({ state: APPROVAL_FAILED, reason: error.message.slice(0, 200), updateTime: now() })
      .where('id', '=', id)
      .execute();
    throw error;
  }
  return null;
}

/**
 * The steps of the request's process the approver approved already: a payout's steps are two people's, whatever the
 * deployed model says.
 */
async function approvedSteps(ctx: AppContext, id: number, approver: number | null): Promise<number[]> {
  if (approver === null) return [];
  const steps = await ctx.db
    .selectFrom('blade_flow_task as t')
    .innerJoin('blade_flow_instance as i', 'i.id', 't.instanceId')
    .select('t.id')
    .where('i.businessTable', '=', APPROVAL_TABLE)
    .where('i.businessId', '=', id)
    .where('t.assigneeId', '=', approver)
    .where('t.outcome', '=', 'approve')
    .execute();
  return steps.map((step) => Number(step.id));
}

/** The step the request's process waits at; none once it ended (or for a request filed before processes). */
async function openStep(ctx: AppContext, id: number): Promise<number | undefined> {
  const step = await ctx.db
    .selectFrom('blade_flow_task as t')
    .innerJoin('blade_flow_instance as i', 'i.id', 't.instanceId')
    .select('t.id')
    .where('i.businessTable', '=', APPROVAL_TABLE)
    .where('i.businessId', '=', id)
    .where('i.flowState', '=', FLOW_RUNNING)
    .where('t.taskState', '=', TASK_OPEN)
    .executeTakeFirst();
  return step === undefined ? undefined : Number(step.id);
}

/** The running approval process of a request; none for a request filed before payouts ran on processes. */
async function runningProcess(ctx: AppContext, id: number) {
  return ctx.db
    .selectFrom('blade_flow_instance')
    .select('id')
    .where('businessTable', '=', APPROVAL_TABLE)
    .where('businessId', '=', id)
    .where('flowState', '=', FLOW_RUNNING)
    .executeTakeFirst();
}

/**
 * The approver takes the request's current step and approves it: true when that ends the process approved (the
 * money may move), false when the model has a next step. A step someone else took or did, or one past the step the
 * call found waiting, is 该审批已处理, and an approver who is none of the step's candidates is refused by the process.
 */
async function processApproves(
  ctx: AppContext,
  request: FastifyRequest,
  id: number,
  seen: number | undefined,
): Promise<boolean> {
  const instance = await runningProcess(ctx, id);
  if (!instance) return true;
  const actor = actorOf(request);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const task = await trx
        .selectFrom('blade_flow_task')
        .select('id')
        .where('instanceId', '=', instance.id)
        .where('taskState', '=', TASK_OPEN)
        .executeTakeFirst();
      if (!task || Number(task.id) !== seen) throw badRequest(MSG_DECIDED);
      await claimIn(trx, actor, task.id);
      await completeIn(trx, actor, { taskId: task.id, pass: true, comment: '同意' });
      const after = await trx
        .selectFrom('blade_flow_instance')
        .select('flowState')
        .where('id', '=', instance.id)
        .executeTakeFirstOrThrow();
      return after.flowState !== FLOW_RUNNING;
    });
  } catch (error) {
    if (error instanceof BladeError && error.code === 400) throw badRequest(MSG_DECIDED);
    throw error;
  }
}

/** A request decided without its process (rejected, withdrawn) ends the process rejected. */
async function endProcessOf(ctx: AppContext, id: number): Promise<void> {
  const instance = await runningProcess(ctx, id);
  if (instance) await ctx.db.transaction().execute((trx) => endRejected(trx, instance.id, now()));
}

/** Rejects a waiting request with a reason; nothing moves. The requester may withdraw their own request this way. */
export async function reject(
  ctx: AppContext,
  request: FastifyRequest,
  id: number,
  reason: string,
  onRejected: OnRejected = {},
): Promise<void> {
  const approval = await findApproval(ctx, id);
  if (Number(approval.createUser) !== request.user?.userId) refuseUnlessMayDecide(request, approval);
  const claimed = await ctx.db.transaction().execute(async (trx) => {
    const claim = await trx
      .updateTable('biz_approval')
      .set({
        state: APPROVAL_REJECTED,
        reason,
        approveUser: request.user?.userId ?? null,
        approveTime: now(),
        updateTime: now(),
      })
      .where('id', '=', id)
      .where('state', '=', APPROVAL_WAITING)
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) > 0) {
      await recordDecision(trx, request, approval, 'reject', { state: APPROVAL_REJECTED, reason });
      await onRejected[Number(approval.kind)]?.(trx, approval);
    }
    return claim;
  });
  if (Number(claimed.numUpdatedRows) === 0) throw badRequest(MSG_DECIDED);
  await endProcessOf(ctx, id);
}

/** A withdrawal rejected on its own screen ends its waiting request too. */
export async function closeWaiting(
  ctx: AppContext,
  request: FastifyRequest,
  kind: number,
  bizNo: string,
  reason: string,
): Promise<void> {
  const open = await ctx.db
    .selectFrom('biz_approval')
    .select(['id', 'kind', 'bizNo', 'amount'])
    .where('kind', '=', kind)
    .where('bizNo', '=', bizNo)
    .where('state', '=', APPROVAL_WAITING)
    .execute();
  for (const row of open) {
    await endProcessOf(ctx, row.id);
    await ctx.db.transaction().execute(async (trx) => {
      const closed = await trx
        .updateTable('biz_approval')
        .set({ state: APPROVAL_REJECTED, reason, approveTime: now(), updateTime: now() })
        .where('id', '=', row.id)
        .where('state', '=', APPROVAL_WAITING)
        .executeTakeFirst();
      if (Number(closed.numUpdatedRows) > 0) {
        await recordDecision(trx, request, row, 'reject', { state: APPROVAL_REJECTED, reason });
      }
    });
  }
}
