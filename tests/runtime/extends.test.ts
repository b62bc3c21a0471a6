// Reuse: a page, a block or a column extends another page or a fragment under pages/_shared/; objects merge, arrays
// and values replace; a mistake names the file and the place in it; a circle is refused.
import { describe, expect, it } from 'vitest';
import dict from '../../pages/system/dict.json';
import dictbiz from '../../pages/system/dictbiz.json';
import { hasDefinition, loadDefinition } from '../../runtime/page/definitions';
import { ExtendsError, merge, resolveExtends } from '../../runtime/page/extends';

const label = { zh: '名称', en: 'Name' };
const files: Record<string, unknown> = {
  'base/page': {
    id: 'base/page',
    title: { zh: '底', en: 'Base' },
    blocks: [
      {
        type: 'list',
        api: { list: '/api/base/list', params: { kind: 1, site: 2 } },
        toolbar: ['add', 'refresh'],
        columns: [{ field: 'name', label }],
      },
    ],
  },
  '_shared/parts': { columns: { name: { field: 'name', label, width: 120 } } },
  'loop/a': { extends: 'loop/b' },
  'loop/b': { extends: 'loop/a' },
};
const load = async (pageId: string) => files[pageId];
const resolve = (node: unknown) => resolveExtends(node, 'pages/test/page.json', load);

async function refusal(node: unknown): Promise<ExtendsError> {
  try {
    await resolve(node);
  } catch (error) {
    if (error instanceof ExtendsError) return error;
    throw error;
  }
  throw new Error('no refusal');
}

describe('the merge', () => {
  it('merges objects key by key, the own keys winning', () => {
    expect(merge({ a: 1, b: { c: 2, d: 3 } }, { b: { d: 4 }, e: 5 })).toEqual({ a: 1, b: { c: 2, d: 4 }, e: 5 });
  });

  it('replaces arrays and plain values whole', () => {
    expect(merge({ list: [1, 2, 3], name: 'a' }, { list: [4], name: 'b' })).toEqual({ list: [4], name: 'b' });
    expect(merge({ format: { name: 'enum' } }, { format: 'money' })).toEqual({ format: 'money' });
  });
});

describe('extends', () => {
  it('a page starts from another page and changes what it says', async () => {
    const page = await resolve({ extends: 'base/page', id: 'test/page', title: { zh: '新', en: 'New' } });
    expect(page).toMatchObject({ id: 'test/page', title: { zh: '新', en: 'New' }, blocks: [{ type: 'list' }] });
    expect(page).not.toHaveProperty('extends');
  });

  it('a block starts from a block of another page: objects merge, arrays replace', async () => {
    const page = (await resolve({
      id: 'test/page',
      title: label,
      blocks: [{ extends: 'base/page#/blocks/0', api: { params: { site: 9 } }, toolbar: ['refresh'] }],
    })) as { blocks: Record<string, unknown>[] };
    expect(page.blocks[0]).toEqual({
      type: 'list',
      api: { list: '/api/base/list', params: { kind: 1, site: 9 } },
      toolbar: ['refresh'],
      columns: [{ field: 'name', label }],
    });
  });

  it('a column starts from a shared fragment, which is not a screen of its own', async () => {
    const column = await resolve({ extends: '_shared/parts#/columns/name', width: 200 });
    expect(column).toEqual({ field: 'name', label, width: 200 });
    expect(hasDefinition('_shared/log')).toBe(false);
    expect(hasDefinition('system/dictbiz')).toBe(true);
  });

  it('names the file and the place of an extends whose page does not exist', async () => {
    const error = await refusal({ id: 'x', blocks: [{ type: 'list', extends: 'system/nothing' }] });
    expect(error).toMatchObject({
      file: 'pages/test/page.json',
      path: '/blocks/0/extends',
      message: 'pages/system/nothing.json does not exist',
      zh: 'pages/system/nothing.json 不存在',
    });
  });

  it('names the file and the place of a pointer that finds nothing', async () => {
    const error = await refusal({ blocks: [{ extends: 'base/page#/blocks/3' }] });
    expect(error).toMatchObject({
      path: '/blocks/0/extends',
      message: 'pages/base/page.json has nothing at /blocks/3',
    });
  });

  it('names the file in which a chained extends fails', async () => {
    files['chain/page'] = { extends: 'chain/gone' };
    const error = await refusal({ extends: 'chain/page' });
    expect(error).toMatchObject({ file: 'pages/chain/page.json', path: '/extends' });
  });

  it('refuses a circle', async () => {
    const error = await refusal({ extends: 'loop/a' });
    expect(error.message).toBe('"extends" goes round in a circle: loop/a → loop/b → loop/a');
    expect(error.zh).toContain('循环引用');
  });

  it('refuses what is not a page name', async () => {
    const error = await refusal({ columns: [{ extends: '../secret.json' }] });
    expect(error.path).toBe('/columns/0/extends');
  });
});

describe('the pages that reuse', () => {
  it('business dictionaries are the dictionaries screen with their own calls and button codes', async () => {
    const page = (await loadDefinition('system/dictbiz')) as typeof dict;
    const [block] = page.blocks;
    expect(page.title.zh).toBe('业务字典');
    expect(block.api.list).toBe('/api/blade-system/dict-biz/parent-list');
    expect(block.child.api.list).toBe('/api/blade-system/dict-biz/child-list');
    expect(block.operations.add).toBe('dictbiz_add');
    expect(block.child.inherit).toEqual(dict.blocks[0].child.inherit);
    expect(block.columns).toEqual(dict.blocks[0].columns);
    expect(JSON.stringify(dictbiz).length).toBeLessThan(JSON.stringify(dict).length / 3);
  });

  it('the three logs share their common fields', async () => {
    for (const log of ['usual', 'api', 'error']) {
      const page = (await loadDefinition(`monitor/log/${log}`)) as {
        blocks: { columns: { field: string }[]; form: { fields: Record<string, unknown> } }[];
      };
      const [block] = page.blocks;
      expect(block.columns.map((c) => c.field)).toEqual(expect.arrayContaining(['serviceId', 'requestUri']));
      expect(Object.keys(block.form.fields)).toEqual(expect.arrayContaining(['remoteIp', 'userAgent', 'params']));
    }
  });
});
