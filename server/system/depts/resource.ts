// blade_dept as an engine resource. `ancestors` ("0,<root>,…,<parent>") is kept by the server: a moved department
// rewrites its own and all its descendants' ancestors in the same transaction.
import { sql } from 'kysely';
import { defineResource } from '../../platform/engine/define.js';
import {
  type Link,
  liveLinks,
  parentAmong,
  parentIdOf,
  refuseLoop,
  refuseParentsWithChildren,
} from '../../platform/engine/tree.js';
import type { AnyTrx } from '../../platform/engine/types.js';
import { badRequest } from '../../platform/http/envelope.js';
import { namesHeldByUsers } from '../users/holders.js';

export const MSG_PARENT_LOOP = '上级机构不能是自身或其下级机构';
export const MSG_PARENT_MISSING = '上级机构不存在';
export const deptInUse = (names: string[]): string => `机构「${names.join('、')}」下仍有用户,请先调整这些用户的机构`;

interface DeptLink extends Link {
  ancestors: string;
}

async function liveDepts(db: AnyTrx): Promise<DeptLink[]> {
  const depts = await liveLinks(db, 'blade_dept', ['ancestors']);
  return depts.map((dept) => ({ ...dept, ancestors: String(dept.ancestors ?? '0') }));
}

const refuseDeptsWithChildren = refuseParentsWithChildren('blade_dept');

export const ancestorsUnder = (parent: DeptLink | undefined): string =>
  parent ? `${parent.ancestors},${parent.id}` : '0';

export const deptResource = defineResource({
  table: 'blade_dept',
  prefix: '/blade-system/dept',
  menu: 'dept',
  title: '机构',
  operations: ['page', 'submit', 'remove'],
  defaultOrder: [['sort', 'asc']],
  // BladeX clients place the new row from its id and show its category by name at once.
  async answerSaved(record, ctx) {
    const category = await ctx.db
      .selectFrom('blade_dict')
      .select('dictValue')
      .where('code', '=', 'org_category')
      .where('parentId', '<>', 0)
      .where('dictKey', '=', String(record.deptCategory))
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    return { ...record, deptCategoryName: category?.dictValue ?? '' };
  },
  fields: {
    parentId: { type: 'id', label: '上级机构', en: 'Parent', emptyMeans: 0 },
    ancestors: { type: 'text', label: '祖级机构', en: 'Ancestor departments', readOnly: true },
    deptName: { type: 'text', label: '机构名称', en: 'Name', required: '请输入机构名称', maxLength: 45 },
    fullName: { type: 'text', label: '机构全称', en: 'Full name', maxLength: 45 },
    deptCategory: { type: 'integer', label: '机构类型', en: 'Type', enum: [1, 2, 3] },
    sort: { type: 'integer', label: '排序', en: 'Sort', minimum: 0, maximum: 99999 },
    remark: { type: 'text', label: '备注', en: 'Remark', maxLength: 255 },
  },
  async beforeSave({ db, row, existing }) {
    const parentId = parentIdOf(row, existing);
    // An update that leaves the parent alone keeps the stored ancestors.
    if (row.parentId === undefined) return;
    const depts = await liveDepts(db);
    const parent = parentAmong(depts, parentId, MSG_PARENT_MISSING);
    refuseLoop(depts, existing, parentId, MSG_PARENT_LOOP);
    row.ancestors = ancestorsUnder(parent);
  },
  async afterSave({ db, row, existing, id }) {
    if (!existing || row.ancestors === undefined || row.ancestors === existing.ancestors) return;
    const depts = await liveDepts(db);
    const byId = new Map(depts.map((dept) => [dept.id, dept]));
    // Parents before children: walk down from the moved department, each child under its parent's new chain.
    const queue = [id];
    const below: DeptLink[] = [];
    while (queue.length > 0) {
      const parent = byId.get(queue.shift() as number) as DeptLink;
      for (const child of depts.filter((dept) => dept.parentId === parent.id)) {
        child.ancestors = ancestorsUnder(parent);
        below.push(child);
        queue.push(child.id);
      }
    }
    if (below.length === 0) return;
    // One statement for the whole subtree, each row getting its own chain.
    const chains = sql.join(
      below.map((dept) => sql`when ${dept.id} then ${dept.ancestors}`),
      sql` `,
    );
    await db
      .updateTable('blade_dept')
      .set({ ancestors: sql`case ${sql.ref('id')} ${chains} end` })
      .where(
        'id',
        'in',
        below.map((dept) => dept.id),
      )
      .execute();
  },
  async beforeRemove({ db, ids }) {
    await refuseDeptsWithChildren({ db, ids });
    const inUse = await namesHeldByUsers(db, { column: 'deptId', table: 'blade_dept', name: 'deptName' }, ids);
    if (inUse.length > 0) throw badRequest(deptInUse(inUse));
  },
});
