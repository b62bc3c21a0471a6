// The BladeX base columns most tables carry (migrations/columns.ts `withBase`), as engine fields.
import type { Fields } from './types.js';

export const baseFields: Fields = {
  id: { type: 'id', label: '主键', en: 'Id', readOnly: true },
  tenantId: { type: 'text', label: '租户', en: 'Tenant', readOnly: true, filter: false, sortable: false },
  createUser: { type: 'id', label: '创建人', en: 'Created by', readOnly: true },
  createDept: { type: 'id', label: '创建部门', en: 'Creating department', readOnly: true },
  createTime: { type: 'datetime', label: '创建时间', en: 'Created', readOnly: true },
  updateUser: { type: 'id', label: '修改人', en: 'Updated by', readOnly: true },
  updateTime: { type: 'datetime', label: '修改时间', en: 'Updated', readOnly: true },
  // 1 normal (BladeX's default); configs use 1 disabled / 2 enabled; 0 is a switched-off row.
  status: { type: 'integer', label: '状态', en: 'Status', enum: [0, 1, 2] },
  isDeleted: { type: 'integer', label: '是否已删除', en: 'Deleted', readOnly: true, filter: false, sortable: false },
};
