// The audit trail of controls (docs/audit.md): every change to a rule that restrains someone — parameters, roles and
// grants, data scopes, users' roles, page publishes and rollbacks, model deploys, split set-up, approval decisions —
// is one appended row: who, when, from where, before and after. Written in the transaction of the change itself, so
// a change is never kept without its row, nor a row without its change.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { nextId } from '../db/ids.js';
import type { Database } from '../db/schema.js';
import { now } from '../db/time.js';

/** Dictionary `audit_kind`: what sort of control changed. */
export const AUDIT_KINDS = [
  'param',
  'role',
  'role_grant',
  'data_scope',
  'api_scope',
  'user_role',
  'page',
  'process_model',
  'split_setup',
  'approval',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export interface ControlChange {
  kind: AuditKind;
  /** What was done: add, edit, remove, publish, rollback, revert, deploy, request, approve, reject… */
  action: string;
  /** The control in words a reader knows it by: a parameter's key, a role's name, a page's id. */
  subject: string;
  subjectId?: number | null;
  /** The control before and after, as JSON; undefined where it did not exist. */
  before?: unknown;
  after?: unknown;
}

/** Keys whose values are never kept, even in the audit trail. */
const SECRET = /pass(word)?|secret|token|private.?key|apiv3/i;
/** Indented, so the detail shows one key a line and an exported cell reads the same. */
const asJson = (value: unknown): string | null =>
  value === undefined || value === null
    ? null
    : JSON.stringify(value, (key, inner) => (SECRET.test(key) ? '******' : inner), 2);

/**
 * Appends one change to the trail, in `db` (the change's own transaction where there is one). `by` is the request
 * whose caller made the change; a change no request made (a migration, the seed) names nobody.
 */
export async function recordControlChange(
  db: Kysely<Database>,
  by: FastifyRequest | null,
  change: ControlChange,
): Promise<void> {
  const user = by?.user;
  await db
    .insertInto('blade_audit')
    .values({
      id: nextId(),
      kind: change.kind,
      action: change.action,
      subject: change.subject.slice(0, 255),
      subjectId: change.subjectId ?? null,
      beforeValue: asJson(change.before),
      afterValue: asJson(change.after),
      userId: user ? user.userId : null,
      account: user?.account ?? null,
      realName: user?.realName ?? null,
      remoteIp: by?.ip ?? null,
      createTime: now(),
    })
    .execute();
}
