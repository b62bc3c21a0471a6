import { describe, expect, it } from 'vitest';
import {
  buttonCodes,
  leaves,
  menuCodes,
  pathWithQuery,
  redirectTable,
  routeTable,
  type ServerMenu,
  toMenuEntries,
  visibleFor,
} from '../../src/menu/menu-entry';
import { searchMenu } from '../../src/menu/menu-search';

const tree: ServerMenu[] = [
  { id: '1', code: 'desk', name: '工作台', path: '/desk' },
  {
    id: '2',
    code: 'system',
    name: '系统管理',
    path: '/system',
    children: [
      { id: '21', code: 'param', name: '参数管理', path: '/system/param' },
      { id: '22', code: 'user', name: '用户管理', path: '/system/user', meta: { roles: ['administrator'] } },
      { id: '23', code: 'doc', name: '接口文档', path: 'http://docs.example.com/index.html' },
      { id: '24', code: 'site', name: '官网', path: 'https://example.com', isOpen: 2 },
    ],
  },
];

describe('menu entries', () => {
  const entries = toMenuEntries(tree);

  it('gives a top-level page without children an index child and a redirect', () => {
    expect(entries[0].children.map((child) => child.path)).toEqual(['/desk/index']);
    expect(entries[0].children[0].viewPath).toBe('/desk');
    expect(redirectTable(entries).get('/desk')).toBe('/desk/index');
    expect(routeTable(entries).has('/desk/index')).toBe(true);
  });

  it('opens html and http paths in the frame route with the item fields as query', () => {
    const doc = leaves(entries).find((entry) => entry.code === 'doc')!;
    expect(doc.iframe).toBe(true);
    expect(pathWithQuery(doc)).toMatch(/^\/myiframe\/urlPath\?src=http%3A%2F%2Fdocs\.example\.com%2Findex\.html&name=/);
  });

  it('opens open-type 2 external paths in a new window, not as a route', () => {
    const site = leaves(entries).find((entry) => entry.code === 'site')!;
    expect(site.newWindow).toBe(true);
    expect(site.path).toBe('https://example.com');
    expect(routeTable(entries).has('https://example.com')).toBe(false);
  });

  it('hides entries whose roles do not include the person', () => {
    const codes = (list: typeof entries) => leaves(list).map((entry) => entry.code);
    expect(codes(visibleFor(entries, ['operator']))).not.toContain('user');
    expect(codes(visibleFor(entries, ['operator', 'administrator']))).toContain('user');
  });

  it('searches leaf names by prefix, ignoring case', () => {
    const title = (entry: { label: string }) => entry.label;
    expect(searchMenu(entries, '参数', title).map((entry) => entry.code)).toEqual(['param']);
    expect(searchMenu(entries, '管理', title)).toEqual([]);
    const english = (entry: { code: string }) => entry.code.toUpperCase();
    expect(searchMenu(entries, 'pa', english).map((entry) => entry.code)).toEqual(['param']);
  });

  it('keeps the leaf codes of the button tree as permissions', () => {
    const buttons: ServerMenu[] = [
      { code: 'param', children: [{ code: 'param_add' }, { code: 'param_delete' }] },
      { code: 'user', children: [{ code: 'user_view' }] },
    ];
    expect(buttonCodes(buttons)).toEqual(['param_add', 'param_delete', 'user_view']);
  });

  it('keeps every code of the menu tree as permissions too, so a block can need a menu', () => {
    expect(menuCodes(tree)).toEqual(expect.arrayContaining(['desk', 'system', 'param']));
  });
});
