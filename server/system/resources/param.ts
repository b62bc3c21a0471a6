// System parameters (contract §7): paramKey is unique among live rows. Security parameters (account.* and any later
// prefix in SECURITY_PREFIXES) steer sign-in and passwords, so only the administrator role may add, edit or remove them.

import type { FastifyRequest } from 'fastify';
import { ADMIN_ROLE_ALIAS } from '../../../facts/role-aliases.js';
import { defineResource } from '../../platform/engine/define.js';
import type { RemoveEvent, SaveEvent } from '../../platform/engine/types.js';
import { unique } from '../../platform/engine/unique.js';
import { forbidden } from '../../platform/http/envelope.js';

export const SECURITY_PREFIXES = ['account.'];
export const MSG_SECURITY_PARAM = '安全参数(account.*)仅管理员可修改';

const isSecurityKey = (key: unknown): boolean =>
  typeof key === 'string' && SECURITY_PREFIXES.some((prefix) => key.trim().startsWith(prefix));

function refuseUnlessAdministrator(request: FastifyRequest): void {
  if (!request.user?.roleAliases.includes(ADMIN_ROLE_ALIAS)) throw forbidden(MSG_SECURITY_PARAM);
}

const keyUnique = unique('blade_param', 'paramKey', '参数键名已存在');

async function beforeSave(event: SaveEvent): Promise<void> {
  if (isSecurityKey(event.row.paramKey) || isSecurityKey(event.existing?.paramKey)) {
    refuseUnlessAdministrator(event.request);
  }
  await keyUnique(event);
}

async function beforeRemove({ request, db, ids }: RemoveEvent): Promise<void> {
  const rows = await db.selectFrom('blade_param').select('paramKey').where('id', 'in', ids).execute();
  if (rows.some((row) => isSecurityKey(row.paramKey))) refuseUnlessAdministrator(request);
}

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
  beforeSave,
  beforeRemove,
});
