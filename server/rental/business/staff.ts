// Field staff (/blade-system/oper, 运营商管理): the people who maintain the equipment of given sites, and their duty
// rota (/blade-system/schedule, 排班管理): who is on which shift at which site on which day. `schedule` means this rota
// in a rental console: someone must answer a stuck lock at every open site. Staff belong to the companies of their
// sites: a department data scope sees a person when any of their sites is in it.
import { defineResource } from '../../platform/engine/define.js';
import type { ValidateEvent } from '../../platform/engine/types.js';
import { badRequest } from '../../platform/http/envelope.js';
import { dataScopeOf } from '../../system/permissions/data-scope.js';
import { idList } from '../../system/permissions/id-list.js';
import { visibleUsers } from '../../system/users/store.js';
import { linkedRow, refuseInUse, refuseSameKey, savedValue, touches } from './rules.js';
import { sites } from './site.js';

const PHONE = /^1\d{10}$/;

export const fieldStaff = defineResource({
  table: 'biz_oper',
  prefix: '/blade-system/oper',
  menu: 'oper',
  title: '运维人员',
  // Whoever keeps the rota reads the staff it names and offers, as far as the staff data scope reaches.
  readableUnder: ['schedule'],
  dataScope: true,
  scopeDept: { list: 'biz_oper.siteIds', table: 'biz_site', column: 'deptId' },
  defaultOrder: [['operName', 'asc']],
  fields: {
    operName: { type: 'text', label: '姓名', en: 'Name', required: '请输入姓名', maxLength: 50 },
    phone: { type: 'text', label: '手机号', en: 'Mobile', required: '请输入手机号', maxLength: 20 },
    siteIds: { type: 'ids', label: '负责站点', en: 'Sites', required: '请选择负责站点' },
    userId: { type: 'id', label: '控制台账号', en: 'Console account' },
    // Dictionary `oper_state`: 1 在岗, 2 离岗.
    operState: { type: 'integer', label: '状态', en: 'State', enum: [1, 2] },
    remark: { type: 'text', label: '备注', en: 'Remark', maxLength: 500 },
  },
  validate: async (event) => {
    const phone = savedValue(event, 'phone');
    if (touches(event, 'phone') && !PHONE.test(String(phone))) throw badRequest('手机号格式不正确');
    if ('userId' in event.row) await checkAccount(event);
    if (touches(event, 'siteIds')) event.row.siteIds = await sitesToSave(event);
  },
  beforeRemove: async ({ db, ids }) =>
    refuseInUse(db, 'biz_schedule', 'operId', ids, '该运维人员还有排班,请先删除排班'),
});

export const schedules = defineResource({
  table: 'biz_schedule',
  prefix: '/blade-system/schedule',
  menu: 'schedule',
  title: '排班',
  dataScope: true,
  scopeDept: { link: 'siteId', table: 'biz_site', column: 'deptId' },
  defaultOrder: [
    ['dutyDate', 'desc'],
    ['shift', 'asc'],
  ],
  fields: {
    operId: { type: 'id', label: '运维人员', en: 'Field staff', required: '请选择运维人员' },
    siteId: { type: 'id', label: '站点', en: 'Site', required: '请选择站点' },
    dutyDate: { type: 'datetime', label: '值班日期', en: 'Date', required: '请选择值班日期' },
    // Dictionary `shift`: 1 早班, 2 中班, 3 晚班, 4 全天.
    shift: { type: 'integer', label: '班次', en: 'Shift', required: '请选择班次', enum: [1, 2, 3, 4] },
    remark: { type: 'text', label: '备注', en: 'Remark', maxLength: 500 },
  },
  validate: async (event) => {
    const { ctx, request } = event;
    if (!touches(event, 'operId', 'siteId')) return;
    const oper = await linkedRow(ctx, request, fieldStaff, savedValue(event, 'operId'), {
      missing: '请选择运维人员',
      unknown: '运维人员不存在',
    });
    const siteId = savedValue(event, 'siteId');
    await linkedRow(ctx, request, sites, siteId, { missing: '请选择站点', unknown: '站点不存在' });
    if (!idList(oper.siteIds as string).includes(Number(siteId))) throw badRequest('该运维人员不负责此站点');
  },
  beforeSave: refuseSameKey('biz_schedule', ['operId', 'dutyDate', 'shift'], '该运维人员此班次已有排班'),
});

/** A linked console account must be a live user the caller may see. */
async function checkAccount(event: ValidateEvent): Promise<void> {
  const userId = event.row.userId;
  if (userId === null) return;
  const users = await visibleUsers(event.ctx, event.request);
  if (!(await users.select('id').where('id', '=', Number(userId)).executeTakeFirst())) {
    throw badRequest('控制台账号不存在');
  }
}

/**
 * The sites a save leaves a person with: each one sent must be a site the caller sees and, with a department scope
 * on staff, one of those departments' sites. A person shared with another company keeps its live sites beyond the
 * caller's reach, sent back or not, so a franchisee changes only its own part of the list.
 */
async function sitesToSave(event: ValidateEvent): Promise<string> {
  const ids = idList(savedValue(event, 'siteIds') as string | null);
  if (ids.length === 0) throw badRequest('请选择负责站点');
  const had = idList((event.existing?.siteIds as string | undefined) ?? null);
  let reachable = (await sites.visible(event.ctx, event.request)).select('id').where('id', 'in', [...ids, ...had]);
  const scope = await dataScopeOf(event.request, 'oper');
  if (scope.kind === 'depts') reachable = reachable.where('deptId', 'in', [-1, ...scope.deptIds]);
  const reached = new Set((await reachable.execute()).map((site) => Number(site.id)));
  const live = had.length
    ? await sites
        .db(event.ctx)
        .selectFrom('biz_site')
        .select('id')
        .where('id', 'in', had)
        .where('isDeleted', '=', 0)
        .execute()
    : [];
  const beyond = live.map((site) => Number(site.id)).filter((id) => !reached.has(id));
  if (ids.some((id) => !reached.has(id) && !beyond.includes(id))) throw badRequest('负责站点不存在');
  return [...new Set([...ids.filter((id) => reached.has(id)), ...beyond])].join(',');
}
