// Object-storage configs (contract §7). Status 2 = enabled, 1 = disabled; `enable` keeps one active (enable.ts).
import { defineResource } from '../engine/define.js';

export const ossConfigs = defineResource({
  table: 'blade_oss',
  prefix: '/blade-resource/oss',
  menu: 'oss',
  title: '对象存储',
  fields: {
    // Dictionary `oss`: 1 minio 2 七牛云 3 阿里云 4 腾讯云.
    category: { type: 'integer', label: '分类', required: '请选择分类', enum: [1, 2, 3, 4] },
    ossCode: { type: 'text', label: '资源编号', required: '请输入资源编号', maxLength: 32 },
    endpoint: { type: 'text', label: '资源地址', required: '请输入资源地址', maxLength: 255 },
    accessKey: { type: 'text', label: 'accessKey', required: '请输入accessKey', maxLength: 255 },
    secretKey: { type: 'text', label: 'secretKey', required: '请输入secretKey', maxLength: 255, filter: false },
    bucketName: { type: 'text', label: '空间名', maxLength: 255 },
    appId: { type: 'text', label: 'appId', maxLength: 255 },
    region: { type: 'text', label: 'region', maxLength: 255 },
    remark: { type: 'text', label: '备注', maxLength: 255 },
    status: { type: 'integer', label: '是否启用', readOnly: true },
  },
});
