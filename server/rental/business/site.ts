// Sites (/blade-system/site): the places equipment stands. A site belongs to a company and is managed by a
// department of that company's subtree, which is what data scopes read.

import { defineResource } from '../../platform/engine/define.js';
import { linkField } from '../../platform/engine/links.js';
import { badRequest } from '../../platform/http/envelope.js';
import { departmentsAndBelow } from '../../system/permissions/departments.js';
import { companies } from './company.js';
import { checkCoordinates, checkPlace } from './region-check.js';
import { linkedRow, refuseInUse, savedValue, touches } from './rules.js';

export const sites = defineResource({
  table: 'biz_site',
  prefix: '/blade-system/site',
  menu: 'site',
  title: '站点',
  dataScope: true,
  scopeDept: 'deptId',
  defaultOrder: [['siteName', 'asc']],
  fields: {
    siteName: { type: 'text', label: '站点名称', en: 'Site name', required: '请输入站点名称', maxLength: 100 },
    // Dictionary `site_kind`: 1 商场, 2 医院, 3 公园, 4 景区, 5 超市, 6 交通枢纽, 9 其他.
    siteKind: {
      type: 'integer',
      label: '站点类型',
      en: 'Site kind',
      required: '请选择站点类型',
      enum: [1, 2, 3, 4, 5, 6, 9],
    },
    companyId: { type: 'id', label: '所属公司', en: 'Company', required: '请选择所属公司' },
    deptId: { type: 'id', label: '管理机构', en: 'Managing department', required: '请选择管理机构' },
    provinceCode: { type: 'text', label: '省份', en: 'Province', required: '请选择省份', maxLength: 12 },
    cityCode: { type: 'text', label: '城市', en: 'City', required: '请选择城市', maxLength: 12 },
    districtCode: { type: 'text', label: '区县', en: 'District', maxLength: 12 },
    address: { type: 'text', label: '详细地址', en: 'Address', maxLength: 255 },
    longitude: { type: 'text', label: '经度', en: 'Longitude', maxLength: 20 },
    latitude: { type: 'text', label: '纬度', en: 'Latitude', maxLength: 20 },
    openingHours: { type: 'text', label: '营业时间', en: 'Opening hours', maxLength: 50 },
    contactName: { type: 'text', label: '联系人', en: 'Contact', maxLength: 50 },
    contactPhone: { type: 'text', label: '联系电话', en: 'Contact phone', maxLength: 30 },
    // Dictionary `site_state`: 1 营业中, 2 暂停营业, 3 筹备中, 4 已撤站.
    siteState: { type: 'integer', label: '站点状态', en: 'State', enum: [1, 2, 3, 4] },
    picture: linkField('图片', 'Picture'),
    remark: { type: 'text', label: '备注', en: 'Remark', maxLength: 500 },
  },
  validate: async (event) => {
    const { ctx, request, db } = event;
    if (touches(event, 'companyId', 'deptId')) {
      const company = await linkedRow(ctx, request, companies, savedValue(event, 'companyId'), {
        missing: '请选择所属公司',
        unknown: '所属公司不存在',
      });
      const deptId = savedValue(event, 'deptId');
      if (deptId === null) throw badRequest('请选择管理机构');
      const owned = await departmentsAndBelow(ctx, [Number(company.deptId)]);
      if (!owned.includes(Number(deptId))) throw badRequest('管理机构必须是所属公司的机构或其下级机构');
    }
    if (touches(event, 'provinceCode', 'cityCode', 'districtCode')) {
      await checkPlace(db, {
        provinceCode: savedValue(event, 'provinceCode'),
        cityCode: savedValue(event, 'cityCode'),
        districtCode: savedValue(event, 'districtCode'),
      });
    }
    if (touches(event, 'longitude', 'latitude')) {
      checkCoordinates(savedValue(event, 'longitude'), savedValue(event, 'latitude'));
    }
  },
  beforeRemove: async ({ db, ids }) => {
    await refuseInUse(db, 'biz_equ', 'siteId', ids, '站点下还有设备,请先移走或删除设备');
    await refuseInUse(db, 'biz_price', 'siteId', ids, '站点下还有价格方案,请先删除价格方案');
  },
});
