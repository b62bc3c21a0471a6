// System parameters (contract §7): paramKey is unique among live rows. Controlled parameters restrain people:
// `account.*` steers sign-in and passwords, `money.*` the payout limits the approvals read. Only an administrator may
// ask to add, edit or remove one, and the change waits for another administrator (付款审批, 4 参数变更) before it takes
// effect; it is then made through this resource's save or remove, so every check runs again. Every parameter change
// that takes effect is kept in the audit trail, in its own transaction.

import type { FastifyRequest } from 'fastify';
import { ADMIN_ROLE_ALIAS } from '../../../facts/role-aliases.js';
import { defineResource } from '../../platform/engine/define.js';
import type { AnyDb, AskedWrite, RemoveEvent, Row, SaveEvent } from '../../platform/engine/types.js';
import { anyDb } from '../../platform/engine/types.js';
import { unique } from '../../platform/engine/unique.js';
import { badRequest, forbidden } from '../../platform/http/envelope.js';

/** Parameters a control reads: sign-in and passwords, payout limits, the anonymous calls' rate limits. */
export const CONTROLLED_PREFIXES = ['account.', 'money.', 'limit.'];
/** Dictionary `approval_kind`: a parameter change waiting for a second administrator. */
const APPROVAL_PARAM = 4;
export const MSG_CONTROLLED_PARAM = '参数 {} 为受控参数, 仅管理员可修改';
export const MSG_CONTROLLED_ONE_BY_ONE = '受控参数 {} 须单独删除';

const isControlledKey = (key: unknown): key is string =>
  typeof key === 'string' && CONTROLLED_PREFIXES.some((prefix) => key.trim().startsWith(prefix));

function refuseUnlessAdministrator(request: FastifyRequest, key: string): void {
  if (!request.user?.roleAliases.includes(ADMIN_ROLE_ALIAS)) throw forbidden(MSG_CONTROLLED_PARAM.replace('{}', key));
}

const keyUnique = unique('blade_param', 'paramKey', '参数键名已存在');

/** What the audit trail and the approver see of a parameter. */
const shown = (row: Row | null | undefined) =>
  row
    ? { paramName: row.paramName, paramKey: row.paramKey, paramValue: row.paramValue, remark: row.remark }
    : undefined;

const changes = (row: Row, existing: Row): boolean =>
  Object.keys(row).some((name) => String(row[name] ?? '') !== String(existing[name] ?? ''));

async function liveParams(db: AnyDb, ids: number[]): Promise<Row[]> {
  return db.selectFrom('blade_param').selectAll().where('id', 'in', ids).where('isDeleted', '=', 0).execute();
}

/** A change to a controlled parameter asked by an administrator is filed for another one; others are refused. */
async function hold(write: AskedWrite): Promise<string | null> {
  const { request, ctx } = write;
  if (write.action === 'remove') {
    const rows = await liveParams(anyDb(ctx), write.ids);
    const controlled = rows.find((row) => isControlledKey(row.paramKey));
    if (!controlled) return null;
    const key = String(controlled.paramKey);
    refuseUnlessAdministrator(request, key);
    if (rows.length > 1) throw badRequest(MSG_CONTROLLED_ONE_BY_ONE.replace('{}', key));
    return request.server.fileControlRequest(request, {
      kind: APPROVAL_PARAM,
      bizNo: key.slice(0, 64),
      remark: `删除参数 ${key} (${controlled.paramValue})`,
      write: { table: 'blade_param', action: 'remove', ids: [Number(controlled.id)] },
      audit: { kind: 'param', subject: key, before: shown(controlled) },
    });
  }
  const { row, existing } = write;
  const key = String(existing?.paramKey ?? row.paramKey);
  const controlled = [row.paramKey, existing?.paramKey].find(isControlledKey);
  if (controlled === undefined) return null;
  refuseUnlessAdministrator(request, controlled);
  if (existing && !changes(row, existing)) return null;
  await keyUnique({ db: anyDb(ctx), row, existing });
  const after = { ...existing, ...row };
  let remark = `新增参数 ${key} = ${row.paramValue}`;
  if (existing) remark = `修改参数 ${key}: ${existing.paramValue} → ${after.paramValue}`;
  return request.server.fileControlRequest(request, {
    kind: APPROVAL_PARAM,
    bizNo: key.slice(0, 64),
    remark,
    write: { table: 'blade_param', action: write.action, body: existing ? { ...row, id: existing.id } : row },
    audit: { kind: 'param', subject: key, before: shown(existing), after: shown(after) },
  });
}

async function beforeSave(event: SaveEvent): Promise<void> {
  const controlled = [event.row.paramKey, event.existing?.paramKey].find(isControlledKey);
  if (controlled !== undefined) refuseUnlessAdministrator(event.request, controlled);
  await keyUnique(event);
}

async function beforeRemove({ request, db, ids }: RemoveEvent): Promise<void> {
  for (const row of await liveParams(db, ids)) {
    if (isControlledKey(row.paramKey)) refuseUnlessAdministrator(request, row.paramKey);
  }
}

export const params = defineResource({
  table: 'blade_param',
  prefix: '/blade-system/param',
  menu: 'param',
  title: '参数',
  fields: {
    paramName: { type: 'text', label: '参数名称', en: 'Name', required: '请输入参数名称', maxLength: 255 },
    paramKey: { type: 'text', label: '参数键名', en: 'Key', required: '请输入参数键名', maxLength: 255 },
    paramValue: { type: 'text', label: '参数键值', en: 'Value', required: '请输入参数键值', maxLength: 2000 },
    remark: { type: 'text', label: '备注', en: 'Remark', maxLength: 255 },
  },
  // Every change that takes effect, controlled or not, in its own transaction.
  audited: { kind: 'param', subject: (row) => String(row.paramKey) },
  hold,
  beforeSave,
  beforeRemove,
});
