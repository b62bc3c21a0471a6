// System parameters (contract §7): paramKey is unique among live rows.
import { defineResource } from '../engine/define.js';
import { unique } from '../engine/unique.js';

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
  beforeSave: unique('blade_param', 'paramKey', '参数键名已存在'),
});
