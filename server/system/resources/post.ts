// Posts (岗位, contract §5): users hold them in `postId` (a comma list). BladeX clients require one on every user.
import { defineResource } from '../../platform/engine/define.js';
import { unique } from '../../platform/engine/unique.js';
import { badRequest, ok } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { namesHeldByUsers } from '../users/holders.js';

export const postInUse = (names: string[]): string => `岗位「${names.join('、')}」仍有用户在任,请先调整这些用户的岗位`;

export const posts = defineResource({
  table: 'blade_post',
  prefix: '/blade-system/post',
  menu: 'post',
  title: '岗位',
  operations: ['list', 'page', 'detail', 'submit', 'remove'],
  defaultOrder: [['sort', 'asc']],
  fields: {
    category: { type: 'integer', label: '岗位类型', en: 'Category', required: '请选择岗位类型', enum: [1, 2, 3, 4] },
    postCode: { type: 'text', label: '岗位编号', en: 'Code', required: '请输入岗位编号', maxLength: 12 },
    postName: { type: 'text', label: '岗位名称', en: 'Name', required: '请输入岗位名称', maxLength: 64 },
    sort: { type: 'integer', label: '岗位排序', en: 'Sort', minimum: 0, maximum: 99999 },
    remark: { type: 'text', label: '岗位描述', en: 'Description', maxLength: 255 },
  },
  beforeSave: unique('blade_post', 'postCode', '岗位编号已存在'),
  async beforeRemove({ db, ids }) {
    const inUse = await namesHeldByUsers(db, { column: 'postId', table: 'blade_post', name: 'postName' }, ids);
    if (inUse.length > 0) throw badRequest(postInUse(inUse));
  },
});

/** `post/select`: every live post for the user form's picker, open to any signed-in caller like the other pickers. */
export const postSelectRoute: RoutePlugin = async (app) => {
  app.get(
    '/blade-system/post/select',
    {
      config: { access: 'signedIn', record: posts.record, answers: 'rows' },
      schema: { tags: ['岗位'], summary: '岗位列表 (选择用)' },
    },
    async () => {
      const rows = await app.ctx.db
        .selectFrom('blade_post')
        .selectAll()
        .where('isDeleted', '=', 0)
        .orderBy('sort', 'asc')
        .orderBy('id', 'asc')
        .execute();
      return ok(rows.map((row) => posts.toWire(row)));
    },
  );
};
