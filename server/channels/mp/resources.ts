// The official account's records as engine resources under /mp/... (docs/official-account.md). Fans, messages and
// replies come from the platform (sync, the fans writing, 回复), so the console reads and removes them but never types
// them; accounts, materials and auto-replies are written by marketing staff.

import { type DefinedResource, defineResource } from '../../platform/engine/define.js';
import type { Operation, ValidateEvent } from '../../platform/engine/types.js';
import { unique } from '../../platform/engine/unique.js';
import { badRequest } from '../../platform/http/envelope.js';
import { linkWhenTouched, savedValue } from '../../rental/business/rules.js';

const SCREEN_CALLS: Operation[] = ['list', 'page', 'detail', 'submit', 'remove'];
const READ_CALLS: Operation[] = ['list', 'page', 'detail', 'remove'];

/** Dictionary `mp_reply_kind`. */
export const REPLY_ON_SUBSCRIBE = 1;
export const REPLY_ON_KEYWORD = 2;
export const REPLY_BY_DEFAULT = 3;
/** Dictionary `mp_reply_state`. */
export const MSG_UNANSWERED = 0;
export const MSG_ANSWERED = 1;
export const MSG_AUTO_ANSWERED = 2;

const accountField = {
  type: 'id' as const,
  label: '公众号',
  en: 'Account',
  required: '请选择公众号',
};

export const accounts = defineResource({
  table: 'mp_account',
  prefix: '/mp/wxaccount',
  menu: 'wxaccount',
  title: '公众号',
  operations: SCREEN_CALLS,
  // Every screen of the area names the account its rows belong to.
  readableUnder: ['wxaccountfans', 'wxfansmsg', 'wxmaterial', 'wxautoreply', 'wxmenu'],
  revealTo: { appSecret: 'wxaccount_edit', aesKey: 'wxaccount_edit' },
  fields: {
    accountName: { type: 'text', label: '公众号名称', en: 'Name', required: '请输入公众号名称', maxLength: 64 },
    // Dictionary `mp_account_type`: 1 订阅号, 2 服务号.
    accountType: {
      type: 'integer',
      label: '公众号类型',
      en: 'Type',
      required: '请选择公众号类型',
      enum: [1, 2],
    },
    originalId: { type: 'text', label: '原始ID', en: 'Original ID', maxLength: 64 },
    appId: { type: 'text', label: 'AppID', en: 'AppID', required: '请输入AppID', maxLength: 64 },
    appSecret: { type: 'text', label: 'AppSecret', en: 'AppSecret', required: '请输入AppSecret', maxLength: 128 },
    // What the platform's 服务器配置 holds for the push URL /api/mp/portal/{AppID} (docs/going-live.md).
    pushToken: {
      type: 'text',
      label: '令牌(Token)',
      en: 'Push token',
      maxLength: 32,
      pattern: '^[A-Za-z0-9]{3,32}$',
      filter: false,
    },
    aesKey: {
      type: 'text',
      label: 'EncodingAESKey',
      en: 'EncodingAESKey',
      maxLength: 43,
      pattern: '^[A-Za-z0-9]{43}$',
      filter: false,
    },
    qrScene: { type: 'text', label: '二维码场景', en: 'QR scene', readOnly: true },
    qrUrl: { type: 'text', label: '二维码地址', en: 'QR code URL', readOnly: true, filter: false },
    qrExpireTime: { type: 'datetime', label: '二维码过期时间', en: 'QR code expires', readOnly: true },
    remark: { type: 'text', label: '备注', en: 'Remark', maxLength: 255 },
  },
  beforeSave: unique('mp_account', 'appId', '该AppID已接入'),
});

export const fans = defineResource({
  table: 'mp_fans',
  prefix: '/mp/wxaccountfans',
  menu: 'wxaccountfans',
  title: '粉丝',
  operations: READ_CALLS,
  defaultOrder: [['subscribeTime', 'desc']],
  fields: {
    accountId: { ...accountField, readOnly: true },
    openId: { type: 'text', label: 'OpenID', en: 'OpenID', readOnly: true },
    nickname: { type: 'text', label: '昵称', en: 'Nickname', readOnly: true },
    // Dictionary `mp_subscribe_state`: 1 已关注, 0 已取消关注.
    subscribeState: { type: 'integer', label: '关注状态', en: 'Following', readOnly: true, enum: [0, 1] },
    subscribeTime: { type: 'datetime', label: '关注时间', en: 'Followed at', readOnly: true, sortable: true },
    subscribeScene: { type: 'text', label: '关注渠道', en: 'Followed through', readOnly: true },
    syncTime: { type: 'datetime', label: '同步时间', en: 'Synced at', readOnly: true },
  },
});

export const fanMessages = defineResource({
  table: 'mp_fans_msg',
  prefix: '/mp/wxfansmsg',
  menu: 'wxfansmsg',
  title: '粉丝消息',
  operations: READ_CALLS,
  defaultOrder: [['receiveTime', 'desc']],
  fields: {
    accountId: accountField,
    openId: { type: 'text', label: 'OpenID', en: 'OpenID', required: '请输入OpenID', maxLength: 64 },
    nickname: { type: 'text', label: '粉丝昵称', en: 'Fan', maxLength: 64 },
    // Dictionary `mp_msg_type`: 1 文本, 2 图片, 3 语音, 4 事件.
    msgType: { type: 'integer', label: '消息类型', en: 'Kind', enum: [1, 2, 3, 4] },
    content: { type: 'text', label: '消息内容', en: 'Message', required: '请输入消息内容', maxLength: 2000 },
    // Dictionary `mp_reply_state`: 0 待回复, 1 已回复, 2 已自动回复.
    replyState: {
      type: 'integer',
      label: '回复状态',
      en: 'Reply state',
      readOnly: true,
      enum: [MSG_UNANSWERED, MSG_ANSWERED, MSG_AUTO_ANSWERED],
    },
    receiveTime: { type: 'datetime', label: '接收时间', en: 'Received at', sortable: true },
  },
  validate: async (event) => {
    await accountLink(event);
  },
});

export const fanReplies = defineResource({
  table: 'mp_fans_msg_res',
  prefix: '/mp/wxfansmsgres',
  menu: 'wxfansmsg',
  title: '回复记录',
  operations: READ_CALLS,
  defaultOrder: [['createTime', 'asc']],
  fields: {
    fansMsgId: { type: 'id', label: '粉丝消息', en: 'Fan message', required: '请选择粉丝消息' },
    accountId: { ...accountField, readOnly: true },
    openId: { type: 'text', label: 'OpenID', en: 'OpenID', readOnly: true },
    content: { type: 'text', label: '回复内容', en: 'Reply', required: '请输入回复内容', maxLength: 600 },
    createTime: { type: 'datetime', label: '回复时间', en: 'Replied at', readOnly: true },
  },
});

export const autoReplies = defineResource({
  table: 'mp_auto_reply',
  prefix: '/mp/wxautoreply',
  menu: 'wxautoreply',
  title: '自动回复',
  operations: SCREEN_CALLS,
  defaultOrder: [['replyKind', 'asc']],
  fields: {
    accountId: accountField,
    // Dictionary `mp_reply_kind`: 1 关注时回复, 2 关键词回复, 3 默认回复.
    replyKind: {
      type: 'integer',
      label: '回复场景',
      en: 'When',
      required: '请选择回复场景',
      enum: [REPLY_ON_SUBSCRIBE, REPLY_ON_KEYWORD, REPLY_BY_DEFAULT],
      sortable: true,
    },
    keyword: { type: 'text', label: '关键词', en: 'Keyword', maxLength: 64 },
    // Dictionary `mp_match_mode`: 1 完全匹配, 2 包含.
    matchMode: { type: 'integer', label: '匹配方式', en: 'Match', enum: [1, 2] },
    // Dictionary `mp_reply_type`: 1 文本, 2 图文素材.
    replyType: { type: 'integer', label: '回复类型', en: 'Reply kind', required: '请选择回复类型', enum: [1, 2] },
    content: { type: 'text', label: '回复内容', en: 'Reply', maxLength: 2000 },
    materialId: { type: 'id', label: '图文素材', en: 'Article' },
  },
  validate: async (event) => {
    await accountLink(event);
    if (Number(savedValue(event, 'replyKind')) === REPLY_ON_KEYWORD) {
      const keyword = savedValue(event, 'keyword');
      if (typeof keyword !== 'string' || keyword.trim() === '') throw badRequest('请输入关键词');
      if (savedValue(event, 'matchMode') === null) throw badRequest('请选择匹配方式');
    }
    if (Number(savedValue(event, 'replyType')) === 2) {
      if (savedValue(event, 'materialId') === null) throw badRequest('请选择图文素材');
    } else {
      const content = savedValue(event, 'content');
      if (typeof content !== 'string' || content.trim() === '') throw badRequest('请输入回复内容');
    }
  },
});

export async function accountLink(event: ValidateEvent): Promise<void> {
  await linkWhenTouched(event, 'accountId', accounts, { missing: '请选择公众号', unknown: '公众号不存在' });
}

export const MP_RESOURCES: DefinedResource[] = [accounts, fans, fanMessages, fanReplies, autoReplies];
