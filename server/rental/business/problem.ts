// Fault reports (/blade-system/problem): what a customer or field staff reported about one piece of equipment, and
// how it was handled. The site is the equipment's (so data scope follows it); resolving may set the equipment's
// state in the same write, e.g. back to 空闲 once repaired, or 已停用 when it is taken out of service.

import { now } from '../../platform/db/time.js';
import { defineResource } from '../../platform/engine/define.js';
import { linkField } from '../../platform/engine/links.js';
import { badRequest } from '../../platform/http/envelope.js';
import { EQU_DISABLED, EQU_FAULT, EQU_IDLE, EQU_IN_USE, equipment } from './equipment.js';
import { linkWhenTouched, savedValue, touches } from './rules.js';

/** Dictionary `problem_state`. */
export const PROBLEM_PENDING = 1;
export const PROBLEM_HANDLING = 2;
export const PROBLEM_RESOLVED = 3;

export const problems = defineResource({
  table: 'biz_problem',
  prefix: '/blade-system/problem',
  menu: 'problem',
  title: '问题',
  dataScope: true,
  scopeDept: { link: 'siteId', table: 'biz_site', column: 'deptId' },
  defaultOrder: [['createTime', 'desc']],
  fields: {
    equId: { type: 'id', label: '设备', en: 'Equipment', required: '请选择设备' },
    siteId: { type: 'id', label: '站点', en: 'Site', readOnly: true },
    // Dictionary `fault_kind`: 1 无法开锁, 2 无法归还, 3 车辆损坏, 4 电量问题, 5 卫生问题, 9 其他.
    faultKind: {
      type: 'integer',
      label: '故障类型',
      en: 'Fault kind',
      required: '请选择故障类型',
      enum: [1, 2, 3, 4, 5, 9],
    },
    description: { type: 'text', label: '问题描述', en: 'Description', required: '请输入问题描述', maxLength: 1000 },
    pictures: linkField('图片', 'Pictures', { list: true }),
    reporterPhone: { type: 'text', label: '报告人电话', en: 'Reporter phone', maxLength: 30 },
    // Dictionary `problem_state`: 1 待处理, 2 处理中, 3 已解决.
    problemState: {
      type: 'integer',
      label: '处理状态',
      en: 'State',
      enum: [PROBLEM_PENDING, PROBLEM_HANDLING, PROBLEM_RESOLVED],
    },
    handler: { type: 'text', label: '处理人', en: 'Handler', maxLength: 50 },
    result: { type: 'text', label: '处理结果', en: 'Result', maxLength: 1000 },
    // Dictionary `equ_state`, the state the equipment is given when the problem is resolved (empty: unchanged).
    resolvedEquState: {
      type: 'integer',
      label: '解决后设备状态',
      en: 'Equipment state after',
      enum: [EQU_IDLE, EQU_FAULT, EQU_DISABLED],
    },
    resolveTime: { type: 'datetime', label: '解决时间', en: 'Resolved at', readOnly: true },
  },
  validate: async (event) => {
    const { row } = event;
    const equ = await linkWhenTouched(event, 'equId', equipment, { missing: '请选择设备', unknown: '设备不存在' });
    if (equ) row.siteId = equ.siteId;
    const resolving = Number(savedValue(event, 'problemState')) === PROBLEM_RESOLVED;
    if (resolving) {
      const result = savedValue(event, 'result');
      if (typeof result !== 'string' || result.trim() === '') throw badRequest('请输入处理结果');
      if (Number(event.existing?.problemState) !== PROBLEM_RESOLVED) row.resolveTime = now();
    }
  },
  afterSave: async (event) => {
    const state = savedValue(event, 'resolvedEquState');
    if (Number(savedValue(event, 'problemState')) !== PROBLEM_RESOLVED || state === null) return;
    if (!touches(event, 'problemState', 'resolvedEquState')) return;
    // A customer still riding keeps the equipment in use; the order's end settles its state.
    await event.db
      .updateTable('biz_equ')
      .set({ equState: Number(state), updateTime: now(), updateUser: event.request.user?.userId ?? null })
      .where('id', '=', Number(savedValue(event, 'equId')))
      .where('equState', '<>', EQU_IN_USE)
      .execute();
  },
});
