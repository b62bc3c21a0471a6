// Data scopes and API scopes (contract §7): rules attached to a menu, granted to roles through role/grant.
import { defineResource } from '../../platform/engine/define.js';
import type { Fields } from '../../platform/engine/types.js';

const menuFields: Fields = {
  menuId: { type: 'id', label: '菜单', en: 'Menu', required: '请选择菜单' },
  resourceCode: { type: 'text', label: '资源编号', en: 'Code', required: '请输入资源编号', maxLength: 255 },
  scopeName: { type: 'text', label: '权限名称', en: 'Name', required: '请输入权限名称', maxLength: 255 },
  remark: { type: 'text', label: '备注', en: 'Remark', maxLength: 255 },
};

export const dataScopes = defineResource({
  table: 'blade_scope_data',
  prefix: '/blade-system/data-scope',
  menu: 'datascope',
  title: '数据权限',
  audited: { kind: 'data_scope', subject: (row) => `${row.scopeName} (${row.resourceCode})` },
  fields: {
    ...menuFields,
    scopeField: { type: 'text', label: '权限字段', en: 'Column', maxLength: 255 },
    scopeClass: { type: 'text', label: '权限类名', en: 'Mapper method', maxLength: 500 },
    scopeColumn: { type: 'text', label: '权限字段列', en: 'Column', maxLength: 255 },
    // data_scope_type: 1 全部可见 2 本人可见 3 所在机构可见 4 所在机构及子级可见 5 自定义.
    scopeType: {
      type: 'integer',
      label: '规则类型',
      en: 'Rule type',
      required: '请选择规则类型',
      enum: [1, 2, 3, 4, 5],
    },
    scopeValue: { type: 'text', label: '规则值', en: 'Rule value', maxLength: 2000 },
  },
});

export const apiScopes = defineResource({
  table: 'blade_scope_api',
  prefix: '/blade-system/api-scope',
  menu: 'apiscope',
  title: '接口权限',
  audited: { kind: 'api_scope', subject: (row) => `${row.scopeName} (${row.resourceCode})` },
  fields: {
    ...menuFields,
    scopePath: { type: 'text', label: '权限路径', en: 'Path', required: '请输入权限路径', maxLength: 255 },
    // api_scope_type: 1 系统接口 2 业务接口.
    scopeType: { type: 'integer', label: '接口类型', en: 'API type', required: '请选择接口类型', enum: [1, 2] },
  },
});
