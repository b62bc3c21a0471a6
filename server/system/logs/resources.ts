// The three log tables as read-only engine resources (no base columns: logs are never edited or deleted).
import { defineResource } from '../../platform/engine/define.js';
import type { Fields, ResourceDefinition } from '../../platform/engine/types.js';
import { apiTitleInEnglish } from './api-titles-en.js';

const common: Fields = {
  id: { type: 'id', label: '主键', en: 'Id', readOnly: true },
  tenantId: { type: 'text', label: '租户', en: 'Tenant', filter: false, sortable: false },
  serviceId: { type: 'text', label: '服务', en: 'Service' },
  serverHost: { type: 'text', label: '服务器名', en: 'Host' },
  serverIp: { type: 'text', label: '服务器IP', en: 'IP' },
  env: { type: 'text', label: '环境', en: 'Environment' },
  method: { type: 'text', label: '请求方法', en: 'Method' },
  requestUri: { type: 'text', label: '请求地址', en: 'Request URI' },
  userAgent: { type: 'text', label: '用户代理', en: 'User agent' },
  remoteIp: { type: 'text', label: '请求IP', en: 'Client IP' },
  methodClass: { type: 'text', label: '方法类', en: 'Method class' },
  methodName: { type: 'text', label: '方法名', en: 'Method name' },
  params: { type: 'text', label: '请求参数', en: 'Parameters' },
  createBy: { type: 'text', label: '操作人', en: 'Operator' },
  createTime: { type: 'datetime', label: '时间', en: 'Time' },
};

/** A log list: read-only, newest first, the common columns and the table's own. */
const logResource = (
  table: string,
  prefix: string,
  menu: string,
  title: string,
  own: Fields,
  madeText?: Pick<ResourceDefinition, 'madeText' | 'madeTextEnglish'>,
) =>
  defineResource({
    ...madeText,
    table,
    prefix,
    menu,
    title,
    base: false,
    operations: ['list', 'detail'],
    defaultOrder: [['createTime', 'desc']],
    fields: { ...common, ...own },
  });

export const apiLogs = logResource(
  'blade_log_api',
  '/blade-log/api',
  'log_api',
  '接口日志',
  {
    type: { type: 'text', label: '类型', en: 'Type' },
    title: { type: 'text', label: '标题', en: 'Title' },
    time: { type: 'integer', label: '耗时(毫秒)', en: 'Time (ms)' },
  },
  // Stored in Chinese, as BladeX clients read it; an English console reads it in English (api-titles-en.ts).
  { madeText: ['title'], madeTextEnglish: apiTitleInEnglish },
);

export const errorLogs = logResource('blade_log_error', '/blade-log/error', 'log_error', '错误日志', {
  stackTrace: { type: 'text', label: '堆栈', en: 'Stack trace' },
  exceptionName: { type: 'text', label: '异常名', en: 'Exception' },
  message: { type: 'text', label: '异常信息', en: 'Message' },
  fileName: { type: 'text', label: '文件名', en: 'File' },
  lineNumber: { type: 'integer', label: '行号', en: 'Line' },
});

export const usualLogs = logResource('blade_log_usual', '/blade-log/usual', 'log_usual', '通用日志', {
  logLevel: { type: 'text', label: '日志级别', en: 'Level' },
  logId: { type: 'text', label: '日志业务id', en: 'Log id' },
  logData: { type: 'text', label: '日志数据', en: 'Data' },
});
