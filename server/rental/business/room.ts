// Hospital rooms (/blade-system/room) and their companion beds (/blade-system/bed). Rooms stand in hospital sites
// only; a bed carries its room's site so data scopes follow the hospital.
import { defineResource } from '../../platform/engine/define.js';
import { badRequest } from '../../platform/http/envelope.js';
import { equipment } from './equipment.js';
import { linkedRow, linkWhenTouched, refuseInUse, refuseSameKey, savedValue, touches } from './rules.js';
import { sites } from './site.js';

/** Dictionary `site_kind`: 医院. */
const HOSPITAL = 2;

export const rooms = defineResource({
  table: 'biz_room',
  prefix: '/blade-system/room',
  menu: 'room',
  title: '病房',
  dataScope: true,
  scopeDept: { link: 'siteId', table: 'biz_site', column: 'deptId' },
  defaultOrder: [
    ['ward', 'asc'],
    ['roomNo', 'asc'],
  ],
  fields: {
    siteId: { type: 'id', label: '医院', en: 'Hospital', required: '请选择医院' },
    ward: { type: 'text', label: '病区', en: 'Ward', required: '请输入病区', maxLength: 50 },
    floor: { type: 'integer', label: '楼层', en: 'Floor', minimum: -5, maximum: 200 },
    roomNo: { type: 'text', label: '房间号', en: 'Room number', required: '请输入房间号', maxLength: 20 },
    remark: { type: 'text', label: '备注', en: 'Remark', maxLength: 500 },
  },
  validate: async (event) => {
    if (!touches(event, 'siteId')) return;
    const site = await linkedRow(event.ctx, event.request, sites, savedValue(event, 'siteId'), {
      missing: '请选择医院',
      unknown: '医院不存在',
    });
    if (Number(site.siteKind) !== HOSPITAL) throw badRequest('病房只能设在医院类站点');
  },
  beforeSave: refuseSameKey('biz_room', ['siteId', 'ward', 'roomNo'], '该病区已有此房间号'),
  beforeRemove: async ({ db, ids }) => refuseInUse(db, 'biz_bed', 'roomId', ids, '病房下还有床位,请先删除床位'),
});

export const beds = defineResource({
  table: 'biz_bed',
  prefix: '/blade-system/bed',
  menu: 'bed',
  title: '陪护床',
  dataScope: true,
  scopeDept: { link: 'siteId', table: 'biz_site', column: 'deptId' },
  defaultOrder: [['bedNo', 'asc']],
  fields: {
    roomId: { type: 'id', label: '病房', en: 'Room', required: '请选择病房' },
    siteId: { type: 'id', label: '医院', en: 'Hospital', readOnly: true },
    bedNo: { type: 'text', label: '床位号', en: 'Bed number', required: '请输入床位号', maxLength: 20 },
    equId: { type: 'id', label: '陪护床设备', en: 'Bed equipment' },
    // Dictionary `bed_state`: 1 空闲, 2 使用中, 3 维修中.
    bedState: { type: 'integer', label: '床位状态', en: 'State', enum: [1, 2, 3] },
    remark: { type: 'text', label: '备注', en: 'Remark', maxLength: 500 },
  },
  validate: async (event) => {
    const { ctx, request, row } = event;
    const room = await linkWhenTouched(event, 'roomId', rooms, { missing: '请选择病房', unknown: '病房不存在' });
    if (room) row.siteId = room.siteId;
    const equId = savedValue(event, 'equId');
    if (equId !== null && touches(event, 'equId')) {
      await linkedRow(ctx, request, equipment, equId, { missing: '请选择陪护床设备', unknown: '陪护床设备不存在' });
    }
  },
  beforeSave: refuseSameKey('biz_bed', ['roomId', 'bedNo'], '该病房已有此床位号'),
});
