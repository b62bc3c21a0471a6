// Editing users in a real browser: every seeded user saves unchanged, and a user whose optional fields are filled
// saves with each of them cleared. BladeX's empty number (-1) and empty text ("") never show as values.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleServer, type OpenConsole, openConsole } from '../harness';
import { adminToken, get, post } from './api';

let opened: OpenConsole;
let server: ConsoleServer;
let page: Page;
let token: string;

const dialog = () => page.locator('.ant-modal').last();
const row = (text: string) => page.locator('tr.ant-table-row', { hasText: text });
const button = (scope: Page | Locator, text: RegExp) => scope.getByRole('button', { name: text });

async function openEdit(account: string) {
  // A dialog a failed try left open is closed first, so a try once more starts from the list.
  if (await dialog().isVisible()) {
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
  }
  await button(row(account).first(), /^编\s*辑$/).click();
  await expect.poll(() => dialog().getByLabel('登录账号').inputValue()).toBe(account);
}

/** What the screen says after a save: 更新成功, or else the fields' and the server's refusals, so a failure names them. */
async function saidAfterSave(): Promise<string> {
  if ((await page.getByText('更新成功').count()) > 0) return '更新成功';
  const fields = await dialog().locator('.ant-form-item-explain-error, .ant-alert').allInnerTexts();
  const messages = await page.locator('.ant-message-notice').allInnerTexts();
  return [...fields, ...messages].join(' | ');
}

async function saveAndExpectUpdated() {
  await button(dialog(), /^保\s*存$/).click();
  await expect.poll(saidAfterSave, { timeout: 30_000 }).toBe('更新成功');
  await dialog().waitFor({ state: 'hidden' });
}

type User = Record<string, unknown>;

async function userOf(account: string): Promise<User> {
  const page = await get<{ records: User[] }>(server.url, token, `/api/blade-user/page?account=${account}`);
  const id = page.records.find((user) => user.account === account)?.id;
  return get<User>(server.url, token, `/api/blade-user/detail?id=${id}`);
}

beforeAll(async () => {
  opened = await openConsole();
  ({ server, page } = opened);
  token = await adminToken(server.url);
  const admin = await userOf('admin');
  const common = { userType: 1, roleId: admin.roleId, deptId: admin.deptId, password: 'secret1' };
  await post(server.url, token, '/api/blade-user/submit', {
    ...common,
    account: 'plain',
    name: '新人',
    realName: '新人',
  });
  await post(server.url, token, '/api/blade-user/submit', {
    ...common,
    account: 'filled',
    name: '满员',
    realName: '满员',
    code: 'U001',
    phone: '13800138000',
    email: 'filled@example.com',
    sex: 2,
    birthday: '1990-01-02',
  });
  await page.goto('/system/user');
  await row('operator').waitFor();
});

afterAll(() => opened?.close());

describe('editing users', () => {
  for (const account of ['admin', 'operator', 'plain']) {
    it(`saves ${account} unchanged, its empty sex shown empty rather than -1`, async () => {
      await openEdit(account);
      expect(await dialog().getByText('-1', { exact: true }).count()).toBe(0);
      expect(await dialog().getByLabel('手机号码').inputValue()).toBe('');
      await saveAndExpectUpdated();
    });
  }

  it('saves a user with each optional field cleared, and the server keeps them empty', async () => {
    await openEdit('filled');
    for (const field of ['用户编号', '手机号码', '电子邮箱']) await dialog().getByLabel(field).fill('');
    const sex = dialog().locator('.ant-form-item', { hasText: '用户性别' }).last();
    await sex.hover();
    await sex.locator('.ant-select-clear').click();
    const birthday = dialog().locator('.ant-form-item', { hasText: '用户生日' }).last();
    await birthday.locator('.ant-picker').hover();
    await birthday.locator('.ant-picker-clear').click();
    await saveAndExpectUpdated();
    const saved = await userOf('filled');
    expect({
      code: saved.code,
      phone: saved.phone,
      email: saved.email,
      sex: saved.sex,
      birthday: saved.birthday,
    }).toEqual({ code: '', phone: '', email: '', sex: -1, birthday: '' });
  });

  it('shows no -1 in the user list', async () => {
    await row('filled').waitFor();
    expect(await page.locator('.ant-table-tbody td', { hasText: /^-1$/ }).count()).toBe(0);
  });
});
