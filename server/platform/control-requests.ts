// A change to a control that needs a second person (a money or account parameter, the split set-up) is filed as a
// request instead of made, and made only when another person approves it. The money area keeps the requests beside
// the big payouts (付款审批); the app hands their filing in when it is built (server/app.ts), so the system's
// parameters file their changes without knowing that area.
import type { FastifyRequest } from 'fastify';
import type { AuditKind } from './audit/record.js';
import type { Row } from './engine/types.js';

export interface ControlRequest {
  /** Dictionary `approval_kind`: 4 参数变更, 5 分账设置. */
  kind: number;
  /** The control changed (a parameter's key, a set-up row): one waiting request per number. */
  bizNo: string;
  /** The change in words, for the approver. */
  remark: string;
  /** The write approved, made then through the resource's own save or remove. */
  write: { table: string; action: 'add' | 'edit' | 'remove'; body?: Row; ids?: number[] };
  /** For the audit trail: the control's kind and name, before and after. */
  audit: { kind: AuditKind; subject: string; before?: unknown; after?: unknown };
}

/** Files the request and answers the message that says it waits; the same change asked again is the same request. */
export type FileControlRequest = (request: FastifyRequest, ask: ControlRequest) => Promise<string>;

declare module 'fastify' {
  interface FastifyInstance {
    fileControlRequest: FileControlRequest;
  }
}
