// Changes to controls wait for a second person like a big payout: an administrator's change to a controlled
// parameter (4 参数变更, approved only by another administrator) and a change to the split set-up (5 分账设置) are kept
// as requests on 付款审批 and made when approved, through the resource's own save or remove, so every check runs
// again then (docs/orders-and-money.md, Approvals). Every decision on any request is kept in the audit trail.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ADMIN_ROLE_ALIAS } from '../../../facts/role-aliases.js';
import { recordControlChange } from '../../platform/audit/record.js';
import type { ControlRequest, FileControlRequest } from '../../platform/control-requests.js';
import { nextId } from '../../platform/db/ids.js';
import type { Database } from '../../platform/db/schema.js';
import { now } from '../../platform/db/time.js';
import { badRequest, forbidden } from '../../platform/http/envelope.js';
import { type Actor, startProcess } from '../../system/flow/engine.js';

/** Dictionary `approval_kind`, after the payouts' 1 退款, 2 转账, 3 提现. */
export const APPROVAL_PARAM = 4;
export const APPROVAL_SPLIT_SETUP = 5;
/**
 * 6 线下退款确认: a failed refund recorded as paid outside the console (the merchant platform's 异常退款处理); it
 * counts as paid out only once a second person approves (orders/refund-resolution.ts).
 */
export const APPROVAL_REFUND_OUTSIDE = 6;

export const isControlChange = (kind: number): boolean => kind === APPROVAL_PARAM || kind === APPROVAL_SPLIT_SETUP;

export const MSG_PARAM_FILED = '参数 {} 的修改已提交审批, 需另一位管理员审批后生效';
export const MSG_SETUP_FILED = '分账设置的修改已提交审批, 需另一人审批后生效';
export const MSG_OTHER_CHANGE_WAITING = '{} 已有一项待审批的修改, 请先审批或驳回';
export const MSG_OWN_CHANGE = '不能审批自己发起的修改, 请由另一人审批';
export const MSG_ADMINISTRATORS_DECIDE = '参数变更须由另一位管理员审批';

/** The process that decides who approves a payout or a change, and in what order (processes/payout_approval.bpmn). */
export const PAYOUT_PROCESS = 'payout_approval';

/** The person deciding or asking, as the approval process knows them. */
export const actorOf = (request: FastifyRequest): Actor => ({
  userId: request.user?.userId ?? 0,
  roleAliases: request.user?.roleAliases ?? [],
  deptId: request.user?.deptId ?? '',
});

const filedMessage = (ask: ControlRequest): string =>
  ask.kind === APPROVAL_PARAM ? MSG_PARAM_FILED.replace('{}', ask.audit.subject) : MSG_SETUP_FILED;

/**
 * Files the change with its approval process, and records the request in the audit trail, in one transaction. The
 * same change asked again while it waits is the same request; another change to the same control is refused until
 * the waiting one is decided.
 */
export const fileControlRequest: FileControlRequest = async (request, ask) => {
  const stored = JSON.stringify(ask.write);
  await request.server.ctx.db.transaction().execute(async (trx) => {
    const id = nextId();
    const inserted = await trx
      .insertInto('biz_approval')
      .values({
        id,
        kind: ask.kind,
        bizNo: ask.bizNo,
        amount: 0,
        remark: ask.remark.slice(0, 200),
        ask: stored,
        createUser: request.user?.userId ?? null,
        createTime: now(),
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
      const waiting = await trx
        .selectFrom('biz_approval')
        .select('ask')
        .where('kind', '=', ask.kind)
        .where('bizNo', '=', ask.bizNo)
        .where('state', '=', 0)
        .executeTakeFirst();
      if (waiting?.ask !== stored) throw badRequest(MSG_OTHER_CHANGE_WAITING.replace('{}', ask.audit.subject));
      return;
    }
    await startProcess(trx, PAYOUT_PROCESS, actorOf(request), {
      id,
      title: ask.remark.slice(0, 100),
      variables: { amount: 0, kind: ask.kind },
    });
    await recordControlChange(trx, request, { ...ask.audit, action: 'request', subjectId: id });
  });
  return filedMessage(ask);
};

/**
 * Who may decide a change to a control: never its requester; a parameter change only another administrator. Checked
 * before the request is claimed, so a refused decider leaves it waiting.
 */
export function refuseUnlessMayDecide(
  request: FastifyRequest,
  approval: { kind: number; createUser: number | null },
): void {
  if (!isControlChange(Number(approval.kind))) return;
  const decider = request.user?.userId ?? null;
  if (approval.createUser !== null && Number(approval.createUser) === decider) throw badRequest(MSG_OWN_CHANGE);
  if (Number(approval.kind) === APPROVAL_PARAM && !request.user?.roleAliases.includes(ADMIN_ROLE_ALIAS)) {
    throw forbidden(MSG_ADMINISTRATORS_DECIDE);
  }
}

/** The state names of dictionary `approval_state`, as the audit trail shows a decision. */
const STATES = ['待审批', '已通过', '已驳回', '付款失败'];

/** Keeps a decision on a request (付款审批 #id) in the audit trail, in the decision's transaction. */
export async function recordDecision(
  db: Kysely<Database>,
  request: FastifyRequest | null,
  approval: { id: number; kind: number; bizNo: string; amount: number },
  action: 'approve' | 'reject',
  after: { state: number; reason?: string },
): Promise<void> {
  const { id, kind, bizNo, amount } = approval;
  await recordControlChange(db, request, {
    kind: 'approval',
    action,
    subject: `付款审批 #${id}`,
    subjectId: Number(id),
    before: { kind: Number(kind), bizNo, amount: Number(amount), state: STATES[0] },
    after: { kind: Number(kind), bizNo, amount: Number(amount), state: STATES[after.state], reason: after.reason },
  });
}
