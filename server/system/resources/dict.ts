// Dictionaries and business dictionaries (contract §6): one root per code (parentId 0, dictKey "-1", dictValue =
// title) and its items, which inherit the root's code. Both tables share this module.
import { field } from '../../platform/docs/record.js';
import { defineResource } from '../../platform/engine/define.js';
import { pageQuery } from '../../platform/engine/schemas.js';
import { refuseParentsWithChildren } from '../../platform/engine/tree.js';
import type { Fields, SaveEvent } from '../../platform/engine/types.js';
import { badRequest, ok } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { nodeForest, TREE_NODE_RECORD, TREE_ROW_FIELDS } from '../menus/tree.js';

/** A node of a dictionary's whole tree: a tree node with the item's key. */
const DICT_NODE_RECORD = { ...TREE_NODE_RECORD, dictKey: field('text', '字典键值', 'Key') };

export const ROOT_KEY = '-1';

const fields: Fields = {
  parentId: { type: 'id', label: '上级字典', en: 'Parent', emptyMeans: 0 },
  code: { type: 'text', label: '字典编号', en: 'Code', maxLength: 255 },
  dictKey: { type: 'text', label: '字典键值', en: 'Key', maxLength: 255 },
  dictValue: { type: 'text', label: '字典名称', en: 'Name', required: '请输入字典名称', maxLength: 255 },
  dictValueEn: { type: 'text', label: '英文名称', en: 'English name', maxLength: 255 },
  sort: { type: 'integer', label: '字典排序', en: 'Sort', required: '请输入字典排序', minimum: 0, maximum: 1000000 },
  remark: { type: 'text', label: '字典备注', en: 'Remark', maxLength: 255 },
  isSealed: { type: 'integer', label: '封存', en: 'Sealed', required: '请选择封存', enum: [0, 1] },
};

/** What `dictionary` answers of each item (its names in both languages, no sealing or base columns). */
const { parentId, code, dictKey, dictValue, dictValueEn, sort, remark } = fields;
const DICTIONARY_ITEM = {
  id: field('id', '主键', 'ID'),
  ...{ parentId, code, dictKey, dictValue, dictValueEn, sort, remark },
};

interface Options {
  table: 'blade_dict' | 'blade_dict_biz';
  prefix: string;
  menu: string;
  title: string;
}

const filled = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

export function dictionaryModule({ table, prefix, menu, title }: Options) {
  /** Roots get dictKey "-1"; items take the code of their parent and need a key unique within that code. */
  async function beforeSave({ db, row, existing }: SaveEvent): Promise<void> {
    const parentId = Number(row.parentId ?? existing?.parentId ?? 0);
    const live = () => db.selectFrom(table).select('id').where('isDeleted', '=', 0);
    const others = (query: ReturnType<typeof live>) => (existing ? query.where('id', '<>', existing.id) : query);
    if (parentId === 0) {
      const code = row.code ?? existing?.code;
      if (!filled(code)) throw badRequest('请输入字典编号');
      row.parentId = 0;
      row.dictKey = ROOT_KEY;
      if (await others(live().where('parentId', '=', 0).where('code', '=', code)).executeTakeFirst()) {
        throw badRequest('当前字典编号已存在!');
      }
      return;
    }
    if (existing && parentId === Number(existing.id)) throw badRequest('上级字典不能是自己');
    const parent = await db
      .selectFrom(table)
      .select(['id', 'code'])
      .where('id', '=', parentId)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (!parent) throw badRequest('上级字典不存在');
    const dictKey = row.dictKey ?? existing?.dictKey;
    if (!filled(dictKey) || dictKey === ROOT_KEY) throw badRequest('请输入字典键值');
    row.code = parent.code;
    const clash = await others(
      live().where('code', '=', parent.code).where('dictKey', '=', dictKey).where('parentId', '<>', 0),
    );
    if (await clash.executeTakeFirst()) throw badRequest('当前字典键值已存在!');
  }

  /** Renaming a root's code carries its items along. */
  async function afterSave({ db, row, existing, id }: SaveEvent & { id: number }): Promise<void> {
    if (!existing || Number(existing.parentId) !== 0 || row.code === undefined || row.code === existing.code) return;
    await db
      .updateTable(table)
      .set({ code: row.code })
      .where('code', '=', existing.code)
      .where('id', '<>', id)
      .execute();
  }

  const resource = defineResource({
    table,
    prefix,
    menu,
    title,
    defaultOrder: [['sort', 'asc']],
    fields,
    answerSaved: true,
    beforeSave,
    afterSave,
    beforeRemove: refuseParentsWithChildren(table, 'refused'),
  });

  const routes: RoutePlugin = async (app) => {
    const access = { menu };
    const tags = [title];
    const live = () =>
      app.ctx.db.selectFrom(table).selectAll().where('isDeleted', '=', 0).orderBy('sort').orderBy('id');

    await app.register(resource.routes);

    app.get(
      `${prefix}/parent-list`,
      {
        // The roots as the resource's list answers its rows, filtered alike.
        config: {
          access,
          record: resource.fields,
          filters: Object.keys(resource.fields).filter((name) => resource.fields[name].filter !== false),
        },
        schema: { tags, summary: `${title}根节点分页`, querystring: pageQuery },
      },
      async (request) => {
        const query = { ...request.query, parentId_equal: '0' };
        return ok(await resource.page(app.ctx, request, query));
      },
    );

    app.get(
      `${prefix}/child-list`,
      {
        config: { access, record: { ...resource.record, ...TREE_ROW_FIELDS }, answers: 'rows' },
        schema: {
          tags,
          summary: `${title}子项树`,
          querystring: {
            type: 'object',
            required: ['parentId'],
            // Saber asks with -1 before a root is picked: the roots are listed.
            properties: {
              parentId: { type: 'string', pattern: '^-1$|^[0-9]{1,16}$', description: '根节点主键, -1 为全部根节点' },
            },
            additionalProperties: true,
          },
        },
      },
      async (request) => {
        const parentId = Number(request.query.parentId);
        if (parentId === -1)
          return ok(nodeForest((await live().where('parentId', '=', 0).execute()).map(resource.toWire)));
        const root = await live().where('id', '=', parentId).executeTakeFirst();
        if (!root) return ok([]);
        const rows = await live().where('code', '=', root.code).where('id', '<>', parentId).execute();
        return ok(nodeForest(rows.map((row) => resource.toWire(row))));
      },
    );

    app.get(
      `${prefix}/tree`,
      {
        config: { access: 'signedIn', record: DICT_NODE_RECORD, answers: 'rows' },
        schema: {
          tags,
          summary: `${title}树 (全部; code 被忽略, 与 BladeX 相同)`,
          querystring: { type: 'object', properties: { code: { type: 'string', maxLength: 255 } } },
        },
      },
      // BladeX answers the whole tree whatever `code` says: the item form's parent picker relies on it.
      async () => {
        const rows = await live().execute();
        return ok(
          nodeForest(
            rows.map((row) => ({
              id: String(row.id),
              parentId: String(row.parentId),
              title: row.dictValue,
              key: String(row.id),
              value: String(row.id),
              dictKey: row.dictKey,
            })),
          ),
        );
      },
    );

    app.get(
      `${prefix}/dictionary`,
      {
        config: { access: 'signedIn', record: DICTIONARY_ITEM, answers: 'rows' },
        schema: {
          tags,
          summary: `${title}项 (未封存)`,
          querystring: {
            type: 'object',
            required: ['code'],
            properties: { code: { type: 'string', minLength: 1, maxLength: 255 } },
          },
        },
      },
      async (request) => {
        const rows = await app.ctx.db
          .selectFrom(table)
          .select(['id', 'parentId', 'code', 'dictKey', 'dictValue', 'dictValueEn', 'sort', 'remark'])
          .where('code', '=', request.query.code)
          .where('parentId', '<>', 0)
          .where('isSealed', '=', 0)
          .where('isDeleted', '=', 0)
          .orderBy('sort')
          .orderBy('id')
          .execute();
        return ok(rows.map((row) => resource.toWire(row)));
      },
    );
  };

  return { resource, routes };
}

export const dictionaries = dictionaryModule({
  table: 'blade_dict',
  prefix: '/blade-system/dict',
  menu: 'dict',
  title: '系统字典',
});

export const businessDictionaries = dictionaryModule({
  table: 'blade_dict_biz',
  prefix: '/blade-system/dict-biz',
  menu: 'dictbiz',
  title: '业务字典',
});
