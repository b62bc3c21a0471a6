// Request schemas of the user calls: Fastify validates with them (the 400 names the field) and /api/docs shows them.
import {
  fieldSchema,
  ID_PATTERN,
  IDS_PATTERN,
  type JsonSchema,
  keyed,
  pageQuery,
  requiredMessages,
  submitBody,
} from '../../platform/engine/schemas.js';
import { userFields } from './fields.js';

export const TAGS = ['用户'];

export const MD5_PATTERN = '^[0-9a-fA-F]{32}$';

export const userPageQuery = {
  ...pageQuery,
  properties: {
    ...pageQuery.properties,
    deptId: { type: 'string', pattern: '^([0-9]{1,16})?$', description: '部门 (含下级部门)' },
    account: { type: 'string', maxLength: 45, description: '登录账号 (模糊)' },
    realName: { type: 'string', maxLength: 10, description: '用户姓名 (模糊)' },
  },
} as const;

/** The longest plain password a form may send. */
export const PASSWORD_MAX_LENGTH = 64;

/** Submit: add (no id, plain password required as BladeX sends it) or update (id; the password is ignored). */
export function userSubmitBody(): JsonSchema {
  const schema = submitBody(userFields);
  const properties = schema.properties as Record<string, JsonSchema>;
  properties.password = {
    type: 'string',
    minLength: 1,
    maxLength: PASSWORD_MAX_LENGTH,
    description: '密码 (明文, 仅新增)',
  };
  const otherwise = schema.else as { required: string[] };
  otherwise.required = [...otherwise.required, 'password'];
  return schema;
}

/** Update: like submit, but the id is required. */
export function userUpdateBody(): JsonSchema {
  const schema = submitBody(userFields);
  delete schema.if;
  delete schema.else;
  return {
    ...schema,
    required: ['id'],
    properties: { ...(schema.properties as object), id: { type: 'string', pattern: ID_PATTERN } },
  };
}

export const userMessages: Record<string, string> = { ...requiredMessages(userFields), password: '请输入密码' };

export const idQuery = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: ID_PATTERN, description: '用户主键' } },
} as const;

export const idsQuery = <const Name extends string>(name: Name, description: string) => ({
  type: 'object' as const,
  required: [name] as const,
  properties: keyed(name, { type: 'string', pattern: IDS_PATTERN, description } as const),
});

export const grantQuery = {
  type: 'object',
  required: ['userIds', 'roleIds'],
  properties: {
    userIds: { type: 'string', pattern: IDS_PATTERN, description: '用户主键, 逗号分隔' },
    roleIds: { type: 'string', pattern: IDS_PATTERN, description: '角色主键, 逗号分隔' },
  },
} as const;

export const platformQuery = {
  type: 'object',
  required: ['userId', 'userType'],
  properties: {
    userId: { type: 'string', pattern: ID_PATTERN, description: '用户主键' },
    userType: { type: 'integer', enum: [1, 2, 3], description: '用户平台 (1 WEB, 2 APP, 3 OTHER)' },
    userExt: { type: 'string', maxLength: 4000, default: '', description: '平台扩展信息 (JSON)' },
  },
} as const;

export const passwordQuery = {
  type: 'object',
  required: ['oldPassword', 'newPassword', 'newPassword1'],
  properties: {
    oldPassword: { type: 'string', pattern: MD5_PATTERN, description: '原密码 (md5)' },
    newPassword: { type: 'string', pattern: MD5_PATTERN, description: '新密码 (md5)' },
    newPassword1: { type: 'string', pattern: MD5_PATTERN, description: '确认密码 (md5)' },
  },
} as const;

export const profileBody = {
  type: 'object',
  properties: {
    id: { type: ['string', 'null'] },
    name: { type: ['string', 'null'], maxLength: 20, description: '用户昵称' },
    realName: { type: ['string', 'null'], maxLength: 10, description: '用户姓名' },
    avatar: fieldSchema(userFields.avatar),
    // The same shapes as the user screen's: a mainland mobile, an e-mail address, a date on the calendar.
    phone: fieldSchema(userFields.phone),
    email: fieldSchema(userFields.email),
    sex: { type: ['integer', 'null'], enum: [1, 2, 3, null], description: '性别' },
    birthday: fieldSchema(userFields.birthday),
  },
  additionalProperties: true,
} as const;

export const registerQuery = {
  type: 'object',
  required: ['name', 'account', 'password', 'oauthId'],
  properties: {
    tenantId: { type: 'string', maxLength: 12 },
    name: { type: 'string', minLength: 1, maxLength: 20, description: '用户昵称' },
    account: { type: 'string', minLength: 1, maxLength: 45, description: '登录账号' },
    password: { type: 'string', minLength: 1, maxLength: PASSWORD_MAX_LENGTH, description: '密码 (明文)' },
    oauthId: { type: 'string', pattern: ID_PATTERN, description: '第三方授权主键 (令牌的 oauth_id)' },
  },
} as const;

export const registerMessages = {
  name: '请输入用户名',
  account: '请输入账号名',
  password: '请输入密码',
  oauthId: '第三方授权信息缺失',
};
