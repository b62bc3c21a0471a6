// Object-storage configs (contract §7). Status 2 = enabled, 1 = disabled; `enable` keeps one active (enable.ts).
import { defineResource } from '../../platform/engine/define.js';

export const ossConfigs = defineResource({
  table: 'blade_oss',
  prefix: '/blade-resource/oss',
  menu: 'oss',
  title: '对象存储',
  fields: {
    // Dictionary `oss`: 1 minio 2 七牛云 3 阿里云 4 腾讯云.
    category: { type: 'integer', label: '分类', en: 'Provider', required: '请选择分类', enum: [1, 2, 3, 4] },
    ossCode: { type: 'text', label: '资源编号', en: 'Code', required: '请输入资源编号', maxLength: 32 },
    endpoint: { type: 'text', label: '资源地址', en: 'Endpoint', required: '请输入资源地址', maxLength: 255 },
    accessKey: { type: 'text', label: 'accessKey', en: 'Access key', required: '请输入accessKey', maxLength: 255 },
    secretKey: {
      type: 'text',
      label: 'secretKey',
      en: 'Secret key',
      required: '请输入secretKey',
      maxLength: 255,
      filter: false,
    },
    bucketName: { type: 'text', label: '空间名', en: 'Bucket', maxLength: 255 },
    appId: { type: 'text', label: 'appId', en: 'App id', maxLength: 255 },
    region: { type: 'text', label: 'region', en: 'Region', maxLength: 255 },
    remark: { type: 'text', label: '备注', en: 'Remark', maxLength: 255 },
    status: { type: 'integer', label: '是否启用', en: 'Enabled', readOnly: true },
  },
});
