// Equipment (/blade-system/equ): one rentable item or one port of a charging pile, with its lock. Battery, signal
// and heartbeat are what the lock reports, so staff do not type them. Data scope follows the equipment's site.
import { defineResource } from '../../platform/engine/define.js';
import { unique } from '../../platform/engine/unique.js';
import { badRequest } from '../../platform/http/envelope.js';
import { linkWhenTouched, savedValue, touches } from './rules.js';
import { sites } from './site.js';
import { equipmentTypes } from './type.js';

/** Dictionary `equ_state`. */
export const EQU_IDLE = 1;
export const EQU_IN_USE = 2;
export const EQU_FAULT = 3;
export const EQU_OFFLINE = 4;
export const EQU_DISABLED = 5;

const keyPairFree = unique('biz_equ', 'keyPair', '设备编号已存在');

export const equipment = defineResource({
  table: 'biz_equ',
  prefix: '/blade-system/equ',
  menu: 'equ',
  title: '设备',
  dataScope: true,
  scopeDept: { link: 'siteId', table: 'biz_site', column: 'deptId' },
  defaultOrder: [['keyPair', 'asc']],
  fields: {
    keyPair: { type: 'text', label: '设备编号', en: 'Equipment number', required: '请输入设备编号', maxLength: 64 },
    typeId: { type: 'id', label: '设备类型', en: 'Type', required: '请选择设备类型' },
    siteId: { type: 'id', label: '所属站点', en: 'Site', required: '请选择所属站点' },
    lockNo: { type: 'text', label: '锁设备号', en: 'Lock device id', maxLength: 64 },
    batch: { type: 'text', label: '桩号', en: 'Pile number', maxLength: 64 },
    port: { type: 'integer', label: '端口', en: 'Port', minimum: 1, maximum: 64 },
    equState: {
      type: 'integer',
      label: '设备状态',
      en: 'State',
      enum: [EQU_IDLE, EQU_IN_USE, EQU_FAULT, EQU_OFFLINE, EQU_DISABLED],
    },
    battery: { type: 'integer', label: '电量(%)', en: 'Battery (%)', readOnly: true },
    signalStrength: { type: 'integer', label: '信号强度', en: 'Signal', readOnly: true },
    lastHeartbeat: { type: 'datetime', label: '最后心跳', en: 'Last heartbeat', readOnly: true },
    remark: { type: 'text', label: '备注', en: 'Remark', maxLength: 500 },
    // Set by 设置价格方案 (equ/price) only: a plan of the device's site and type.
    priceId: { type: 'id', label: '价格方案', en: 'Price plan', readOnly: true },
  },
  beforeSave: async (event) => {
    await keyPairFree(event);
    // A device's own plan is of its site and type: one moved or retyped by a save goes back to the site's plan.
    if (event.existing && touches(event, 'siteId', 'typeId')) {
      const moved = ['siteId', 'typeId'].some(
        (field) => String(savedValue(event, field)) !== String(event.existing?.[field]),
      );
      if (moved) event.row.priceId = null;
    }
  },
  validate: async (event) => {
    await linkWhenTouched(event, 'siteId', sites, { missing: '请选择所属站点', unknown: '所属站点不存在' });
    await linkWhenTouched(event, 'typeId', equipmentTypes, { missing: '请选择设备类型', unknown: '设备类型不存在' });
    const port = savedValue(event, 'port');
    const batch = savedValue(event, 'batch');
    if (port !== null && (batch === null || batch === '')) throw badRequest('填写端口时请输入桩号');
  },
  beforeRemove: async ({ db, ids }) => {
    const inUse = await db
      .selectFrom('biz_equ')
      .select('keyPair')
      .where('id', 'in', ids)
      .where('equState', '=', EQU_IN_USE)
      .execute();
    if (inUse.length > 0) {
      throw badRequest(`设备使用中,不能删除: ${inUse.map((row) => String(row.keyPair)).join(', ')}`);
    }
  },
});
