// Equipment types (/blade-system/type): the catalogue every company shares (a stroller model, a companion bed …),
// with the deposit a new price plan starts from.
import { defineResource } from '../../platform/engine/define.js';
import { linkField } from '../../platform/engine/links.js';
import { CENTS_MAX } from '../../platform/http/money.js';
import { refuseInUse } from './rules.js';

export const equipmentTypes = defineResource({
  table: 'biz_type',
  prefix: '/blade-system/type',
  menu: 'type',
  title: '设备类型',
  defaultOrder: [['sort', 'asc']],
  fields: {
    typeName: { type: 'text', label: '类型名称', en: 'Type name', required: '请输入类型名称', maxLength: 50 },
    // Dictionary `equ_kind`: 1 儿童推车, 2 儿童游乐车, 3 陪护床, 4 充电桩.
    typeKind: { type: 'integer', label: '设备大类', en: 'Kind', required: '请选择设备大类', enum: [1, 2, 3, 4] },
    picture: linkField('图片', 'Picture'),
    deposit: {
      type: 'integer',
      label: '默认押金(分)',
      en: 'Default deposit (cents)',
      money: true,
      minimum: 0,
      maximum: CENTS_MAX,
    },
    sort: { type: 'integer', label: '排序', en: 'Sort', minimum: 0, maximum: 99999 },
    remark: { type: 'text', label: '备注', en: 'Remark', maxLength: 500 },
  },
  beforeRemove: async ({ db, ids }) => {
    await refuseInUse(db, 'biz_equ', 'typeId', ids, '类型已被设备使用,不能删除');
    await refuseInUse(db, 'biz_price', 'typeId', ids, '类型已被价格方案使用,不能删除');
  },
});
