// The split set-up decides who receives a share of every fee for ever after, so a staff change to it (an add, an
// edit, a removal of a payee, a receiver or a setter) waits for a second person on 付款审批 (5 分账设置) instead of
// being made. Its checks run when it is filed and again when the approved write is made through the resource's own
// save or remove (things may have changed meanwhile); the change made is kept in the audit trail (`audited`).
import { type AnyDb, type AskedWrite, anyDb, type RemoveEvent, type Row } from '../../platform/engine/types.js';
import { APPROVAL_SPLIT_SETUP, fileControlRequest } from '../approvals/controls.js';

export interface SetUp {
  table: string;
  /** The screen's name for a row: 收款方, 分账接收方, 分账设置. */
  title: string;
  /** How a row is named to the approver and in the audit trail, and what one waiting add is known by. */
  nameOf: (row: Row) => string;
  /** Checks a removal must pass (a receiver still used by a setter), at filing and when made. */
  removable?: (db: AnyDb, ids: number[]) => Promise<void>;
}

const changes = (row: Row, existing: Row): boolean =>
  Object.keys(row).some((name) => String(row[name] ?? '') !== String(existing[name] ?? ''));

const liveRows = (db: AnyDb, table: string, ids: number[]) =>
  db.selectFrom(table).selectAll().where('id', 'in', ids).where('isDeleted', '=', 0).execute();

/** Only the fields a person set: what the approver and the audit trail are shown. */
const shown = (row: Row | null | undefined, fields: string[]) =>
  row ? Object.fromEntries(fields.filter((name) => name in row).map((name) => [name, row[name]])) : undefined;

/** The hooks that hold the set-up's writes for approval, check a removal, and audit what is made. */
export function setUpApproval(setUp: SetUp, fields: string[]) {
  const { table, title, nameOf, removable } = setUp;
  const subject = (row: Row) => `${title} ${nameOf(row)}`;

  const hold = async (write: AskedWrite): Promise<string | null> => {
    const { request, ctx } = write;
    if (write.action === 'remove') {
      const rows = await liveRows(anyDb(ctx), table, write.ids);
      if (rows.length === 0) return null;
      await removable?.(anyDb(ctx), write.ids);
      return fileControlRequest(request, {
        kind: APPROVAL_SPLIT_SETUP,
        bizNo: `${table}-${rows.map((row) => row.id).join(',')}`.slice(0, 64),
        remark: `删除${title} ${rows.map(nameOf).join(', ')}`,
        write: { table, action: 'remove', ids: rows.map((row) => Number(row.id)) },
        audit: { kind: 'split_setup', subject: subject(rows[0]), before: rows.map((row) => shown(row, fields)) },
      });
    }
    const { row, existing } = write;
    if (existing && !changes(row, existing)) return null;
    const after = { ...existing, ...row };
    return fileControlRequest(request, {
      kind: APPROVAL_SPLIT_SETUP,
      bizNo: (existing ? `${table}-${existing.id}` : `${table}+${nameOf(after)}`).slice(0, 64),
      remark: `${existing ? '修改' : '新增'}${title} ${nameOf(after)}`,
      write: { table, action: write.action, body: existing ? { ...row, id: existing.id } : row },
      audit: {
        kind: 'split_setup',
        subject: subject(after),
        before: shown(existing, fields),
        after: shown(after, fields),
      },
    });
  };

  const beforeRemove = async ({ db, ids }: RemoveEvent): Promise<void> => {
    await removable?.(db, ids);
  };

  return { hold, beforeRemove, audited: { kind: 'split_setup' as const, subject } };
}
