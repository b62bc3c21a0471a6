// The customer apps (/blade-system/app): each mini program or web app the business runs, by its platform app id.
import { defineResource } from '../engine/define.js';
import { unique } from '../engine/unique.js';

export const apps = defineResource({
  table: 'biz_app',
  prefix: '/blade-system/app',
  menu: 'app',
  title: '应用',
  fields: {
    appName: { type: 'text', label: '应用名称', en: 'App name', required: '请输入应用名称', maxLength: 100 },
    appKey: { type: 'text', label: '应用标识', en: 'App id', required: '请输入应用标识', maxLength: 64 },
    // Dictionary `app_kind`: 1 微信小程序, 2 支付宝小程序, 3 H5.
    appKind: { type: 'integer', label: '应用类型', en: 'Kind', required: '请选择应用类型', enum: [1, 2, 3] },
    remark: { type: 'text', label: '备注', en: 'Remark', maxLength: 500 },
  },
  beforeSave: unique('biz_app', 'appKey', '应用标识已存在'),
});
