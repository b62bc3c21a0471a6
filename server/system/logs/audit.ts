// 审计日志 (docs/audit.md): the audit trail of control changes, read-only like the other logs. The engine serves its
// list and detail only: nothing edits or removes a row through the API (the trail is only ever appended to, by
// platform/audit/record.ts). Only a role granted `log_audit` reads it: the administrator.
import { defineResource } from '../../platform/engine/define.js';

export const AUDIT_MENU = 'log_audit';

export const auditTrail = defineResource({
  table: 'blade_audit',
  prefix: '/blade-log/audit',
  menu: AUDIT_MENU,
  title: '审计日志',
  base: false,
  operations: ['list', 'detail'],
  defaultOrder: [['createTime', 'desc']],
  // One box finds a person by account or by name.
  keywords: { person: ['account', 'realName'] },
  searches: ['kind_equal', 'action_equal', 'subject', 'createTime_dategt', 'createTime_datelt'],
  fields: {
    id: { type: 'id', label: '主键', en: 'Id', readOnly: true },
    kind: { type: 'text', label: '类别', en: 'Kind' },
    action: { type: 'text', label: '操作', en: 'Action' },
    subject: { type: 'text', label: '对象', en: 'Subject' },
    subjectId: { type: 'id', label: '对象主键', en: 'Subject id' },
    beforeValue: { type: 'text', label: '变更前', en: 'Before', sortable: false },
    afterValue: { type: 'text', label: '变更后', en: 'After', sortable: false },
    userId: { type: 'id', label: '操作人主键', en: 'Person id' },
    account: { type: 'text', label: '操作账号', en: 'Account' },
    realName: { type: 'text', label: '操作人', en: 'Person' },
    remoteIp: { type: 'text', label: '来源IP', en: 'IP' },
    createTime: { type: 'datetime', label: '时间', en: 'Time' },
  },
});
