// The parameter screen through the runtime in jsdom, against a fake data provider that answers like the server:
// list and paging, search parameters, delete confirmations, the add form's messages, success toasts.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import param from '../../pages/system/param.json';
import { setPermissions, setSessionRoles } from '../../runtime/index';
import { DefinitionScreen } from '../../runtime/page/DefinitionPage';
import { type Call, fakeServer, i18n, Providers, pageOf } from './support';

interface Param {
  id: string;
  paramName: string;
  paramKey: string;
  paramValue: string;
}

let rows: Param[] = [];
let server: ReturnType<typeof fakeServer>;

function renderParam(definition: unknown = param) {
  return render(
    <Providers provider={server.provider}>
      <DefinitionScreen definition={definition} file="pages/system/param.json" />
    </Providers>,
  );
}

/** Buttons by their text (antd spaces two-character Chinese labels: 新 增); text queries are fast in big tables. */
const buttons = (text: RegExp, scope: HTMLElement = document.body) =>
  within(scope)
    .queryAllByText(text)
    .map((node) => node.closest('button'))
    .filter((node): node is HTMLButtonElement => node !== null);
const button = (text: RegExp, scope?: HTMLElement) => {
  const found = buttons(text, scope);
  if (!found.length) throw new Error(`no button ${text}`);
  return found[0];
};
const queryButton = (text: RegExp, scope?: HTMLElement) => buttons(text, scope)[0] ?? null;

const listCalls = () => server.calls.filter((c: Call) => c.path.endsWith('/param/list'));

beforeAll(() => setPermissions(['param_add', 'param_edit', 'param_view', 'param_delete']));

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  rows = Array.from({ length: 12 }, (_, i) => ({
    id: String(1000 + i),
    paramName: `参数${i}`,
    paramKey: `key.${i}`,
    paramValue: `value${i}`,
  }));
  server = fakeServer({
    'GET /api/blade-system/param/list': ({ query }) => pageOf(rows, query),
    'GET /api/blade-system/param/detail': ({ query }) => rows.find((r) => r.id === query.id),
    'POST /api/blade-system/param/submit': ({ body }) => {
      const record = body as Param;
      if (record.paramKey === 'taken') throw { code: 400, msg: '参数键名已存在' };
      rows.push({ ...record, id: '2000' });
      return true;
    },
    'POST /api/blade-system/param/remove': ({ query }) => {
      const ids = query.ids.split(',');
      rows = rows.filter((r) => !ids.includes(r.id));
      return true;
    },
  });
});

describe('list screen from a definition', () => {
  it("shows the first page of 10 with the total and the definition's columns", async () => {
    renderParam();
    expect(await screen.findByText('参数0')).toBeTruthy();
    expect(screen.getByText('参数9')).toBeTruthy();
    expect(screen.queryByText('参数10')).toBeNull();
    expect(screen.getByText('共 12 条')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /参数键名/ })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: '备注' })).toBeNull();
    expect(listCalls()[0].query).toMatchObject({ current: '1', size: '10' });
  });

  it('sends the search fields and resets them', async () => {
    renderParam();
    await screen.findByText('参数0');
    fireEvent.change(screen.getByPlaceholderText('请输入参数名称'), { target: { value: '参数1' } });
    fireEvent.click(button(/^搜\s*索$/));
    await waitFor(() => expect(listCalls().at(-1)?.query.paramName).toBe('参数1'));
    fireEvent.click(button(/^清\s*空$/));
    await waitFor(() => expect(listCalls().at(-1)?.query.paramName).toBeUndefined());
  });

  it('says 请选择至少一条数据 when deleting with nothing selected', async () => {
    renderParam();
    await screen.findByText('参数0');
    const toolbarDelete = buttons(/^删\s*除$/)[0];
    fireEvent.click(toolbarDelete);
    expect(await screen.findByText('请选择至少一条数据')).toBeTruthy();
  });

  it('asks 确定将选择数据删除? and removes the selected rows', async () => {
    renderParam();
    await screen.findByText('参数0');
    const checkboxes = screen.getAllByRole('checkbox');
    fireEvent.click(checkboxes[1]);
    fireEvent.click(checkboxes[2]);
    fireEvent.click(buttons(/^删\s*除$/)[0]);
    expect(await screen.findByText('确定将选择数据删除?')).toBeTruthy();
    fireEvent.click(button(/^确\s*定$/));
    expect(await screen.findByText('删除成功')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('参数0')).toBeNull());
    const removal = server.calls.find((c) => c.path.endsWith('/remove'));
    expect(removal?.query.ids).toBe('1000,1001');
  });

  it('names each tick by its row and ticks a range with Shift held, as antd does', async () => {
    renderParam();
    await screen.findByText('参数0');
    expect(screen.getByRole('checkbox', { name: '选择本页全部' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: '选择第 1 行' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '选择第 3 行' }), { shiftKey: true });
    expect((screen.getByRole('checkbox', { name: '选择第 2 行' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(buttons(/^删\s*除$/)[0]);
    fireEvent.click(await screen.findByRole('button', { name: /^确\s*定$/ }));
    expect(await screen.findByText('删除成功')).toBeTruthy();
    const removal = server.calls.find((c) => c.path.endsWith('/remove'));
    expect(removal?.query.ids).toBe('1000,1001,1002');
  });

  it('relabels the screen when the language changes', async () => {
    renderParam();
    await screen.findByText('参数0');
    await i18n.changeLanguage('en');
    expect(await screen.findByRole('columnheader', { name: /Key/ })).toBeTruthy();
    expect(screen.getByText('12 in total')).toBeTruthy();
  });
});

describe('form dialog from a definition', () => {
  it('asks for each field by name in English, in the search panel and the add dialog', async () => {
    await i18n.changeLanguage('en');
    renderParam();
    await screen.findByText('参数0');
    expect(screen.getByPlaceholderText('Please enter name')).toBeTruthy();
    fireEvent.click(button(/^Add$/));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 15000 });
    expect(within(dialog).getByPlaceholderText('Please enter key')).toBeTruthy();
    expect(within(dialog).getByPlaceholderText('Please enter value')).toBeTruthy();
  });

  it('shows the blur message for a missing name, then adds with 新增成功', async () => {
    renderParam();
    await screen.findByText('参数0');
    fireEvent.click(button(/^新\s*增$/));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 15000 });
    const name = within(dialog).getByLabelText(/参数名称/);
    fireEvent.focus(name);
    fireEvent.blur(name);
    expect(await within(dialog).findByText('请输入参数名称')).toBeTruthy();
    expect(within(dialog).queryByText('请输入参数键名')).toBeNull();
    fireEvent.change(name, { target: { value: '注册开关' } });
    fireEvent.change(within(dialog).getByLabelText(/参数键名/), { target: { value: 'account.registerUser' } });
    fireEvent.change(within(dialog).getByLabelText(/参数键值/), { target: { value: 'true' } });
    fireEvent.click(button(/^保\s*存$/, dialog));
    expect(await screen.findByText('新增成功')).toBeTruthy();
    const submit = server.calls.find((c) => c.path.endsWith('/submit'));
    expect(submit?.body).toMatchObject({ paramName: '注册开关', paramKey: 'account.registerUser', paramValue: 'true' });
  });

  it("shows every missing field on submit, and the server's message when it refuses", async () => {
    renderParam();
    await screen.findByText('参数0');
    fireEvent.click(button(/^新\s*增$/));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 15000 });
    fireEvent.click(button(/^保\s*存$/, dialog));
    expect(await within(dialog).findByText('请输入参数名称')).toBeTruthy();
    expect(within(dialog).getByText('请输入参数键名')).toBeTruthy();
    expect(within(dialog).getByText('请输入参数键值')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/参数名称/), { target: { value: 'x' } });
    fireEvent.change(within(dialog).getByLabelText(/参数键名/), { target: { value: 'taken' } });
    fireEvent.change(within(dialog).getByLabelText(/参数键值/), { target: { value: 'y' } });
    fireEvent.click(button(/^保\s*存$/, dialog));
    expect(await within(dialog).findByText('参数键名已存在')).toBeTruthy();
  });

  it('loads the detail before edit and says 更新成功', async () => {
    renderParam();
    await screen.findByText('参数3');
    const row = screen.getByText('参数3').closest('tr') as HTMLElement;
    fireEvent.click(button(/^编\s*辑$/, row));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 15000 });
    expect(await within(dialog).findByDisplayValue('value3')).toBeTruthy();
    expect(server.calls.some((c) => c.path.endsWith('/detail') && c.query.id === '1003')).toBe(true);
    fireEvent.click(button(/^保\s*存$/, dialog));
    expect(await screen.findByText('更新成功')).toBeTruthy();
  });

  it('opens view read-only', async () => {
    renderParam();
    await screen.findByText('参数2');
    const row = screen.getByText('参数2').closest('tr') as HTMLElement;
    fireEvent.click(button(/^查\s*看$/, row));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 15000 });
    const value = await within(dialog).findByDisplayValue('key.2');
    expect(value).toHaveProperty('disabled', true);
    expect(queryButton(/^保\s*存$/, dialog)).toBeNull();
  });
});

describe('permissions', () => {
  it('hides add and delete without their button codes', async () => {
    setPermissions(['param_view']);
    renderParam();
    await screen.findByText('参数0');
    expect(queryButton(/^新\s*增$/)).toBeNull();
    expect(queryButton(/^删\s*除$/)).toBeNull();
    expect(buttons(/^查\s*看$/).length).toBe(10);
    setPermissions(['param_add', 'param_edit', 'param_view', 'param_delete']);
  });

  it('offers only 查看 on controlled parameters (account.*, money.*) unless the account is an administrator', async () => {
    rows[0] = { ...rows[0], paramName: '登录失败次数', paramKey: 'account.failCount' };
    rows[2] = { ...rows[2], paramName: '付款审批金额(分)', paramKey: 'money.approvalCents' };
    setSessionRoles(['operator']);
    const { unmount } = renderParam();
    for (const name of ['登录失败次数', '付款审批金额(分)']) {
      const locked = (await screen.findByText(name)).closest('tr') as HTMLElement;
      expect(queryButton(/^查\s*看$/, locked)).not.toBeNull();
      expect(queryButton(/^编\s*辑$/, locked)).toBeNull();
      expect(queryButton(/^删\s*除$/, locked)).toBeNull();
    }
    const plain = screen.getByText('参数1').closest('tr') as HTMLElement;
    expect(queryButton(/^编\s*辑$/, plain)).not.toBeNull();
    unmount();
    setSessionRoles(['administrator']);
    renderParam();
    const open = (await screen.findByText('登录失败次数')).closest('tr') as HTMLElement;
    expect(queryButton(/^编\s*辑$/, open)).not.toBeNull();
    expect(queryButton(/^删\s*除$/, open)).not.toBeNull();
    setSessionRoles([]);
  });
});

describe('an invalid definition', () => {
  it('shows the file, the path and the names that exist instead of the screen', async () => {
    renderParam({
      ...param,
      blocks: [
        { ...param.blocks[0], columns: [{ field: 'paramName', label: { zh: '名', en: 'N' }, format: 'cents' }] },
      ],
    });
    expect(await screen.findByText('页面定义有误')).toBeTruthy();
    expect(screen.getByText('pages/system/param.json')).toBeTruthy();
    expect(screen.getByText('/blocks/0/columns/0/format')).toBeTruthy();
    expect(screen.getByText(/未知的格式 "cents"/).textContent).toContain('money');
    await i18n.changeLanguage('en');
    expect((await screen.findByText(/unknown formatter "cents"/)).textContent).toContain('Known names');
  });
});
