// Dictionaries and business dictionaries: roots and items, the lists and trees the console reads, and removal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, openApi, pageOf, type Row, rowOf, rowsOf } from '../engine/api.js';

let api: Api;

beforeAll(async () => {
  api = await openApi();
});
afterAll(async () => api?.close());

for (const [label, base] of [
  ['dictionary', '/api/blade-system/dict'],
  ['business dictionary', '/api/blade-system/dict-biz'],
] as const) {
  describe(label, () => {
    const code = `stroller_color_${base.endsWith('biz') ? 'biz' : 'sys'}`;
    let rootId = '';

    const submit = (body: Row) => api.post(`${base}/submit`, { body });
    const itemsOf = async () => rowsOf(await api.get(`${base}/dictionary`, { code }));

    it('names the missing fields of a root and of an item', async () => {
      expect(await submit({ code, sort: 1, isSealed: 0 })).toMatchObject({ status: 400, msg: '请输入字典名称' });
      expect(await submit({ code, dictValue: '颜色', isSealed: 0 })).toMatchObject({ msg: '请输入字典排序' });
      expect(await submit({ code, dictValue: '颜色', sort: 1 })).toMatchObject({ msg: '请选择封存' });
      expect(await submit({ dictValue: '颜色', sort: 1, isSealed: 0 })).toMatchObject({ msg: '请输入字典编号' });
      expect(await submit({ code, dictValue: '颜色', sort: 'first', isSealed: 0 })).toMatchObject({
        msg: '字典排序必须是整数',
      });
      expect(await submit({ code, dictValue: '颜色', sort: 1, isSealed: 3 })).toMatchObject({
        msg: '封存必须是以下值之一: 0, 1',
      });
    });

    it('adds a root with dictKey -1 and items that inherit its code', async () => {
      expect(await submit({ code, dictValue: '推车颜色', sort: 1, isSealed: 0 })).toMatchObject({ status: 200 });
      const roots = pageOf(await api.get(`${base}/parent-list`, { code }));
      expect(roots.records).toHaveLength(1);
      expect(roots.records[0]).toMatchObject({ code, dictKey: '-1', dictValue: '推车颜色', parentId: '0' });
      rootId = String(roots.records[0].id);
      expect(await submit({ code, dictValue: '重复', sort: 2, isSealed: 0 })).toMatchObject({
        status: 400,
        msg: '当前字典编号已存在!',
      });

      expect(await submit({ parentId: rootId, dictValue: '红', sort: 2, isSealed: 0 })).toMatchObject({
        msg: '请输入字典键值',
      });
      for (const [dictKey, dictValue, sort, isSealed] of [
        ['1', '红', 2, 0],
        ['2', '蓝', 1, 0],
        ['3', '停用色', 3, 1],
      ] as const) {
        expect(await submit({ parentId: rootId, code: 'ignored', dictKey, dictValue, sort, isSealed })).toMatchObject({
          status: 200,
        });
      }
      expect(
        await submit({ parentId: rootId, dictKey: '1', dictValue: '又一个红', sort: 4, isSealed: 0 }),
      ).toMatchObject({ status: 400, msg: '当前字典键值已存在!' });
      expect(await submit({ parentId: '999999', dictKey: '9', dictValue: 'x', sort: 1, isSealed: 0 })).toMatchObject({
        status: 400,
        msg: '上级字典不存在',
      });
    });

    it('answers the items of a code, sorted, sealed ones left out', async () => {
      const items = await itemsOf();
      expect(items.map((item) => [item.dictKey, item.dictValue, item.code])).toEqual([
        ['2', '蓝', code],
        ['1', '红', code],
      ]);
      // BladeX's fields, and the English beside them (empty where none was written).
      expect(items[0].dictValueEn).toBe('');
      expect(Object.keys(items[0]).sort()).toEqual([
        'code',
        'dictKey',
        'dictValue',
        'dictValueEn',
        'id',
        'parentId',
        'remark',
        'sort',
      ]);
      expect(await api.get(`${base}/dictionary`)).toMatchObject({ status: 400, msg: 'code 不能为空' });
    });

    it('answers the child list and tree of a root, nested', async () => {
      const blue = (await itemsOf())[0];
      expect(
        await submit({ parentId: String(blue.id), dictKey: '21', dictValue: '天蓝', sort: 1, isSealed: 0 }),
      ).toMatchObject({ status: 200 });
      const children = rowsOf(await api.get(`${base}/child-list`, { parentId: rootId }));
      expect(children.map((child) => child.dictValue)).toEqual(['蓝', '红', '停用色']);
      expect(children[0]).toMatchObject({ hasChildren: true });
      expect((children[0].children as Row[]).map((child) => [child.dictValue, child.code])).toEqual([['天蓝', code]]);
      // BladeX ignores `code` here: the whole tree, with this code's root holding its items.
      const tree = rowsOf(await api.get(`${base}/tree`, { code }));
      const root = tree.find((node) => node.id === rootId) as Row;
      expect((root.children as Row[])[0]).toMatchObject({
        title: '蓝',
        key: String(blue.id),
        value: String(blue.id),
        parentId: rootId,
      });
      expect(await api.get(`${base}/child-list`, { parentId: 'x' })).toMatchObject({ status: 400 });
    });

    it('refuses to remove a parent, removes a leaf, and shows the detail of an item', async () => {
      expect(await api.post(`${base}/remove`, { query: { ids: rootId } })).toMatchObject({
        status: 400,
        msg: '请先删除子节点!',
      });
      const red = (await itemsOf()).find((item) => item.dictValue === '红');
      expect(rowOf(await api.get(`${base}/detail`, { id: String(red?.id) }))).toMatchObject({
        dictKey: '1',
        isSealed: 0,
      });
      expect(await api.post(`${base}/remove`, { query: { ids: String(red?.id) } })).toMatchObject({ status: 200 });
      expect((await itemsOf()).map((item) => item.dictValue)).toEqual(['蓝', '天蓝']);
    });

    it('carries the items along when a root is renamed', async () => {
      expect(await submit({ id: rootId, code: `${code}_v2` })).toMatchObject({ status: 200 });
      expect((await api.get(`${base}/dictionary`, { code: `${code}_v2` })).data).toHaveLength(2);
      expect(await itemsOf()).toEqual([]);
    });
  });
}

it('serves the seeded system dictionaries to any signed-in caller', async () => {
  const sexes = rowsOf(await api.get('/api/blade-system/dict/dictionary', { code: 'sex' }, api.operatorToken));
  expect(sexes.map((item) => item.dictValue)).toEqual(['男', '女']);
});

it('sends the English of every seeded item beside its BladeX fields', async () => {
  const states = rowsOf(await api.get('/api/blade-system/dict/dictionary', { code: 'order_status' }));
  expect(states[0]).toMatchObject({ dictKey: '0', dictValue: '待支付', dictValueEn: 'Awaiting payment' });
  const sexes = rowsOf(await api.get('/api/blade-system/dict/dictionary', { code: 'sex' }));
  expect(sexes.map((item) => item.dictValueEn)).toEqual(['Male', 'Female']);
});

it('keeps the English an administrator writes on an item', async () => {
  const [male] = rowsOf(await api.get('/api/blade-system/dict/dictionary', { code: 'sex' }));
  expect(await api.post('/api/blade-system/dict/submit', { body: { id: male.id, dictValueEn: 'Man' } })).toMatchObject({
    status: 200,
  });
  const [renamed] = rowsOf(await api.get('/api/blade-system/dict/dictionary', { code: 'sex' }));
  expect(renamed).toMatchObject({ dictValue: '男', dictValueEn: 'Man' });
});
