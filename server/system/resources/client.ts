// OAuth clients (contract §4, §7): clientId is unique among live rows; token lifetimes are in seconds. The secret is
// read only by those who may edit clients; others see it masked.
import { defineResource } from '../../platform/engine/define.js';
import { unique } from '../../platform/engine/unique.js';

export const clients = defineResource({
  table: 'blade_client',
  prefix: '/blade-system/client',
  menu: 'client',
  title: '应用',
  fields: {
    clientId: { type: 'text', label: '应用id', en: 'Client id', required: '请输入客户端id', maxLength: 48 },
    clientSecret: {
      type: 'text',
      label: '应用密钥',
      en: 'Client secret',
      required: '请输入客户端密钥',
      maxLength: 256,
      filter: false,
    },
    resourceIds: { type: 'text', label: '资源集合', en: 'Resource ids', maxLength: 256 },
    scope: { type: 'text', label: '授权范围', en: 'Scope', required: '请输入授权范围', maxLength: 256 },
    authorizedGrantTypes: {
      type: 'text',
      label: '授权类型',
      en: 'Grant types',
      required: '请输入授权类型',
      maxLength: 256,
    },
    webServerRedirectUri: { type: 'text', label: '回调地址', en: 'Redirect URI', maxLength: 256 },
    authorities: { type: 'text', label: '权限', en: 'Authorities', maxLength: 256 },
    accessTokenValidity: {
      type: 'integer',
      label: '令牌过期秒数',
      en: 'Access token seconds',
      required: '请输入令牌过期秒数',
      minimum: 60,
      maximum: 31536000,
    },
    refreshTokenValidity: {
      type: 'integer',
      label: '刷新令牌过期秒数',
      en: 'Refresh token seconds',
      required: '请输入刷新令牌过期秒数',
      minimum: 60,
      maximum: 31536000,
    },
    additionalInformation: { type: 'text', label: '附加说明', en: 'Additional information', maxLength: 4096 },
    autoapprove: { type: 'text', label: '自动授权', en: 'Auto-approve', maxLength: 256 },
  },
  revealTo: { clientSecret: 'client_edit' },
  beforeSave: unique('blade_client', 'clientId', '客户端id已存在'),
});
