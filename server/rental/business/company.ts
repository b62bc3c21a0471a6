// Companies (/blade-system/company): the head office, franchisees and partners. Each owns one department, and the
// subtree below it is the company's: data scopes read a company's rows through that department. A new company sent
// without one gets its own at once, named after it and filed under the head office's (one step instead of two screens).
import { nextId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import { defineResource } from '../../platform/engine/define.js';
import type { SaveEvent } from '../../platform/engine/types.js';
import { unique } from '../../platform/engine/unique.js';
import { badRequest } from '../../platform/http/envelope.js';
import { departmentReach } from '../../system/permissions/department-reach.js';
import { refuseInUse, savedValue } from './rules.js';

export const companies = defineResource({
  table: 'biz_company',
  prefix: '/blade-system/company',
  menu: 'company',
  title: '公司',
  dataScope: true,
  scopeDept: 'deptId',
  defaultOrder: [['companyName', 'asc']],
  fields: {
    companyName: {
      type: 'text',
      label: '公司名称',
      en: 'Company name',
      required: '请输入公司名称',
      maxLength: 100,
    },
    shortName: { type: 'text', label: '公司简称', en: 'Short name', maxLength: 50 },
    // Dictionary `company_kind`: 1 直营, 2 加盟, 3 合作.
    companyKind: {
      type: 'integer',
      label: '公司类型',
      en: 'Company kind',
      required: '请选择公司类型',
      enum: [1, 2, 3],
    },
    deptId: { type: 'id', label: '所属机构', en: 'Department' },
    contactName: { type: 'text', label: '联系人', en: 'Contact', maxLength: 50 },
    contactPhone: { type: 'text', label: '联系电话', en: 'Contact phone', maxLength: 30 },
    address: { type: 'text', label: '地址', en: 'Address', maxLength: 255 },
    remark: { type: 'text', label: '备注', en: 'Remark', maxLength: 500 },
  },
  beforeSave: async (event) => {
    const created = !event.existing && (event.row.deptId === undefined || event.row.deptId === null);
    if (created) event.row.deptId = await ownDepartment(event);
    if ('deptId' in event.row || !event.existing) {
      const deptId = savedValue(event, 'deptId');
      if (deptId === null) throw badRequest('请选择所属机构');
      const dept = await event.db
        .selectFrom('blade_dept')
        .select('id')
        .where('id', '=', Number(deptId))
        .where('isDeleted', '=', 0)
        .executeTakeFirst();
      if (!dept) throw badRequest('所属机构不存在');
      // The pickers offer only the departments the caller's data scopes reach; a unit made just now is the caller's.
      const reach = created ? undefined : await departmentReach(event.request);
      if (reach && !reach.has(Number(deptId))) throw badRequest('所属机构不在你的数据权限内');
    }
    await unique('biz_company', 'deptId', '所属机构已属于其他公司')(event);
  },
  beforeRemove: async ({ db, ids }) => refuseInUse(db, 'biz_site', 'companyId', ids, '公司下还有站点,请先删除站点'),
});

/** The department of a company created without one: a company unit under the head office's, named as the company. */
async function ownDepartment({ db, row, request }: SaveEvent): Promise<number> {
  const headOffice = await db
    .selectFrom('biz_company')
    .innerJoin('blade_dept', 'blade_dept.id', 'biz_company.deptId')
    .select(['blade_dept.id', 'blade_dept.ancestors'])
    .where('biz_company.companyKind', '=', 1)
    .where('biz_company.isDeleted', '=', 0)
    .where('blade_dept.isDeleted', '=', 0)
    .orderBy('biz_company.id')
    .executeTakeFirst();
  const id = nextId();
  const name = String(row.shortName || row.companyName || '');
  await db
    .insertInto('blade_dept')
    .values({
      id,
      parentId: headOffice ? Number(headOffice.id) : 0,
      ancestors: headOffice ? `${String(headOffice.ancestors)},${String(headOffice.id)}` : '0',
      deptName: name.slice(0, 45),
      fullName: String(row.companyName ?? name).slice(0, 45),
      deptCategory: 1,
      sort: 10,
      createUser: request.user?.userId ?? null,
      createTime: now(),
    })
    .execute();
  return id;
}
