// SMS configs (contract §7). Status 2 = enabled, 1 = disabled; `enable` keeps one active (enable.ts).
import { defineResource } from '../../platform/engine/define.js';

export const smsConfigs = defineResource({
  table: 'blade_sms',
  prefix: '/blade-resource/sms',
  menu: 'sms',
  title: '短信配置',
  fields: {
    // Dictionary `sms`: 1 云片 2 七牛云 3 阿里云 4 腾讯云.
    category: { type: 'integer', label: '分类', en: 'Provider', required: '请选择分类', enum: [1, 2, 3, 4] },
    smsCode: { type: 'text', label: '资源编号', en: 'Code', required: '请输入资源编号', maxLength: 32 },
    templateId: { type: 'text', label: '模板ID', en: 'Template', required: '请输入模板ID', maxLength: 64 },
    accessKey: { type: 'text', label: 'accessKey', en: 'Access key', required: '请输入accessKey', maxLength: 255 },
    secretKey: { type: 'text', label: 'secretKey', en: 'Secret key', maxLength: 255, filter: false },
    regionId: { type: 'text', label: 'regionId', en: 'Region id', maxLength: 255 },
    signName: { type: 'text', label: '短信签名', en: 'Signature', required: '请输入短信签名', maxLength: 64 },
    // 腾讯云's 短信应用 SdkAppId; the other providers need none.
    appId: { type: 'text', label: 'SdkAppId', en: 'SDK app id', maxLength: 64 },
    remark: { type: 'text', label: '备注', en: 'Remark', maxLength: 255 },
    status: { type: 'integer', label: '是否启用', en: 'Enabled', readOnly: true },
  },
});
