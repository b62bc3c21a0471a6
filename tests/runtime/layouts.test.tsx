// Layouts from definitions: a parent with its child tree (dictionary), a tree table whose rows load their children
// when opened (menu), and a tree beside the list that filters it (users by department).
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import dict from '../../pages/system/dict.json';
import menu from '../../pages/system/menu.json';
import user from '../../pages/system/user.json';
import { builtins } from '../../runtime/builtins';
import { createRegistry, setPermissions } from '../../runtime/index';
import { DefinitionScreen } from '../../runtime/page/DefinitionPage';
import { menuIconFormat } from '../../src/views/menu/menu-icon-format';
import UserRoleGrantDialog from '../../src/views/user/UserRoleGrantDialog';
import { fakeServer, Providers, pageOf } from './support';

let server: ReturnType<typeof fakeServer>;
/** The runtime's own parts and the console's that these screens name (the menu's icons, the users' role grant). */
const registry = createRegistry(builtins, {
  formatters: { menuIcon: menuIconFormat },
  actions: { userRoleGrant: UserRoleGrantDialog },
});

const show = (definition: unknown) =>
  render(
    <Providers provider={server.provider} registry={registry}>
      <DefinitionScreen definition={definition} file="pages/test.json" />
    </Providers>,
  );

const clickText = (text: RegExp, scope: HTMLElement = document.body) => {
  const node = within(scope).getAllByText(text)[0];
  fireEvent.click(node.closest('button') ?? node);
};

beforeAll(() =>
  setPermissions(['dict_add', 'dict_edit', 'dict_view', 'dict_delete', 'menu_view', 'user_view', 'user_add']),
);

describe('parent and child', () => {
  it('opens the child tree of a dictionary; a new item inherits code and parentId, which cannot be changed', async () => {
    server = fakeServer({
      'GET /api/blade-system/dict/parent-list': ({ query }) =>
        pageOf([{ id: '10', parentId: '0', code: 'sex', dictValue: '性别', sort: 1, isSealed: 0 }], query),
      'GET /api/blade-system/dict/child-list': () => [
        { id: '11', parentId: '10', code: 'sex', dictKey: '1', dictValue: '男', sort: 1, isSealed: 0, children: [] },
        { id: '12', parentId: '10', code: 'sex', dictKey: '2', dictValue: '女', sort: 2, isSealed: 0 },
      ],
      'POST /api/blade-system/dict/submit': () => true,
    });
    show(dict);
    await screen.findByText('性别');
    clickText(/字典配置/);
    const drawer = (await screen.findByText('男')).closest('.ant-drawer') as HTMLElement;
    expect(within(drawer).getByText('女')).toBeTruthy();
    expect(server.calls.find((c) => c.path.endsWith('/child-list'))?.query.parentId).toBe('10');
    clickText(/^新\s*增$/, drawer);
    const dialog = (await screen.findByText('字典配置 - 新增', {}, { timeout: 15000 })).closest(
      '.ant-modal',
    ) as HTMLElement;
    const code = within(dialog).getByLabelText(/字典编号/) as HTMLInputElement;
    expect(code.value).toBe('sex');
    expect(code.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/字典名称/), { target: { value: '未知' } });
    fireEvent.change(within(dialog).getByLabelText(/字典键值/), { target: { value: '3' } });
    // The number input loads with the first form that shows one.
    fireEvent.change(await within(dialog).findByLabelText(/字典排序/), { target: { value: '3' } });
    clickText(/^保\s*存$/, dialog);
    expect(await screen.findByText('新增成功')).toBeTruthy();
    const body = server.calls.find((c) => c.path.endsWith('/submit'))?.body;
    expect(body).toMatchObject({ code: 'sex', parentId: '10', dictKey: '3', dictValue: '未知', sort: 3 });
  });
});

describe('tree table', () => {
  it('loads the children of a menu when its row opens', async () => {
    server = fakeServer({
      'GET /api/blade-system/menu/lazy-list': ({ query }) =>
        query.parentId === '0'
          ? [{ id: '1', parentId: '0', name: '系统管理', code: 'system', category: 1, sort: 1, hasChildren: true }]
          : [{ id: '2', parentId: '1', name: '参数管理', code: 'param', category: 1, sort: 1, hasChildren: false }],
      'GET /api/blade-system/dict/dictionary': () => [{ dictKey: '1', dictValue: '菜单' }],
    });
    show(menu);
    const parent = await screen.findByText('系统管理');
    expect(screen.queryByText('参数管理')).toBeNull();
    const expand = parent.closest('tr')?.querySelector('.ant-table-row-expand-icon') as HTMLElement;
    fireEvent.click(expand);
    expect(await screen.findByText('参数管理')).toBeTruthy();
    const lazy = server.calls.filter((c) => c.path.endsWith('/lazy-list')).map((c) => c.query.parentId);
    expect(lazy).toEqual(['0', '1']);
    expect(screen.getAllByText('菜单').length).toBe(2);
  });
});

describe('tree beside the list', () => {
  it('filters users by the department chosen in the tree', async () => {
    server = fakeServer({
      'GET /api/blade-system/dept/tree': () => [
        {
          id: '100',
          parentId: '0',
          title: '总部',
          value: '100',
          children: [{ id: '101', parentId: '100', title: '运营部', value: '101' }],
        },
      ],
      'GET /api/blade-user/page': ({ query }) =>
        pageOf(
          query.deptId === '101'
            ? [{ id: '2', account: 'ops', realName: '运营' }]
            : [{ id: '1', account: 'admin', realName: '管理员' }],
          query,
        ),
      'GET /api/blade-system/dict/dictionary': () => [],
    });
    show(user);
    await screen.findByText('admin');
    fireEvent.click(await screen.findByText('运营部'));
    expect(await screen.findByText('ops')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('admin')).toBeNull());
    expect(server.calls.filter((c) => c.path === '/api/blade-user/page').at(-1)?.query.deptId).toBe('101');
  });
});
