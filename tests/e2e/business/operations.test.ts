// The operations screens in a real browser against the real server and its lock simulator: unlocking from the
// equipment list (success, and a refusal worded for the operator), the unlock history in the equipment's view, a
// pile's ports, a price plan entered in yuan and stored in cents, a room added, changed and deleted, linked rows named
// and chosen (a site's region and its province → city → district cascade, a bed's room), and the site manager seeing
// only its own company, down to the field staff its rota names and offers.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleServer, newPage, type OpenConsole, openConsole, screenshot, signIn } from '../harness';
import { adminToken, get, post } from '../pages/api';

let opened: OpenConsole;
let server: ConsoleServer;
let browser: Browser;
let page: Page;
let token: string;

interface Page_<T> {
  records: T[];
  total: number;
}
type Row = Record<string, unknown>;

const BASE = '/api/blade-system';
// Names of linked rows (a site, a type) arrive after the rows; a busy machine may take seconds.
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15000 });
const row = (text: string) => page.locator('tr.ant-table-row', { hasText: text });
const button = (scope: Locator | Page, name: RegExp) => scope.getByRole('button', { name });
const modal = (title: string) => page.locator('.ant-modal', { hasText: title }).last();
const confirm = () => page.locator('.ant-modal-confirm').last();
const toast = (text: string) => page.locator('.ant-message').getByText(text).last();

async function pick(dialog: Locator, label: string, option: string) {
  await dialog.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** A choice among more rows than the dropdown draws at once (every province) is typed to narrow it first. */
async function pickTyped(dialog: Locator, label: string, option: string) {
  await dialog.getByLabel(label, { exact: true }).click();
  await page.keyboard.type(option);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

async function searchFor(field: string, value: string) {
  await page.getByPlaceholder(`请输入${field}`).first().fill(value);
  await button(page.locator('form').first(), /^搜\s*索$/).click();
}

let hospitalName: string;

beforeAll(async () => {
  opened = await openConsole({
    env: { LOCK_SIMULATOR_DELAY_MS: '20' },
    prepare: async (server) => {
      token = await adminToken(server.url);
      const sites = await get<Page_<Row>>(server.url, token, `${BASE}/site/list?size=100&siteKind_equal=2`);
      const hospital = sites.records[0];
      hospitalName = String(hospital.siteName);
      await post(server.url, token, `${BASE}/type/submit`, { typeName: '测试推车', typeKind: 1, deposit: 9900 });
      const types = await get<Page_<Row>>(server.url, token, `${BASE}/type/list?typeName=测试推车`);
      const typeId = types.records[0].id;
      const equipment = [
        { keyPair: 'E2E-0001', lockNo: 'E2E-LOCK-1' },
        { keyPair: 'E2E-P1-1', lockNo: 'E2E-PILE', batch: 'E2E-P1', port: 1 },
        { keyPair: 'E2E-P1-2', lockNo: 'E2E-PILE', batch: 'E2E-P1', port: 2 },
      ];
      for (const item of equipment)
        await post(server.url, token, `${BASE}/equ/submit`, { ...item, typeId, siteId: hospital.id });
    },
  });
  ({ server, browser, page } = opened);
});

afterAll(() => opened?.close());

describe('equipment', () => {
  it('unlocks through the simulator, and tells the operator why a second unlock is refused', async () => {
    await page.goto('/business/equ');
    await searchFor('设备编号', 'E2E-0001');
    await poll(() => row('E2E-0001').innerText()).toContain('测试推车');
    expect(await row('E2E-0001').innerText()).toContain(hospitalName);
    expect(await row('E2E-0001').innerText()).toContain('空闲');
    await screenshot(page, 'business-equ');

    await button(row('E2E-0001'), /^开\s*锁$/).click();
    await confirm().getByText('确定远程开锁设备 E2E-0001?').waitFor();
    await button(confirm(), /^确\s*定$/).click();
    await toast('开锁成功').waitFor();

    await button(row('E2E-0001'), /^开\s*锁$/).click();
    await button(confirm(), /^确\s*定$/).click();
    await toast('锁已处于开启状态,无需重复开锁').waitFor();
  });

  it("shows the equipment's unlock history in its view: who, result and duration", async () => {
    await button(row('E2E-0001'), /^查\s*看$/).click();
    const drawer = page.locator('.ant-drawer').last();
    await drawer.getByText('开锁记录').waitFor();
    // The view's other table, 当前订单, is empty for an idle device: the history is the table naming the lock.
    const table = drawer.locator('.ant-table-tbody').filter({ hasText: 'E2E-LOCK-1' });
    const attempts = table.locator('tr.ant-table-row');
    await poll(() => attempts.count()).toBe(2);
    const history = await table.innerText();
    expect(history).toContain('admin');
    expect(history).toContain('成功');
    expect(history).toContain('失败');
    expect(history).toMatch(/开锁 E2E-0001 \(锁 E2E-LOCK-1\): 开锁成功, 用时 \d+ ms/);
    await screenshot(page, 'business-equ-view');
    await drawer.locator('.ant-drawer-close').click();
  });

  it("greys out unlocking disabled equipment, lists a pile's ports, and opens searched by state as the dashboard links it", async () => {
    await button(row('E2E-0001'), /^停\s*用$/).click();
    await button(confirm(), /^确\s*定$/).click();
    await toast('已停用').waitFor();
    await poll(() => row('E2E-0001').innerText()).toContain('已停用');
    expect(await button(row('E2E-0001'), /^开\s*锁$/).isDisabled()).toBe(true);

    await searchFor('设备编号', 'E2E-P1-2');
    await button(row('E2E-P1-2'), /^子\s*锁$/).click();
    const ports = modal('充电桩子锁');
    await poll(() => ports.locator('tr.ant-table-row').count()).toBe(2);
    expect(await ports.locator('tr.ant-table-row').first().innerText()).toMatch(/^1\s+E2E-P1-1\s+E2E-PILE\s+空闲/);
    await screenshot(page, 'business-equ-sublocks');
    await button(ports.locator('.ant-modal-footer'), /关\s*闭/).click();

    // The dashboard's links open the list searched by state.
    await page.goto('/business/equ?equState=5');
    await page.locator('tr.ant-table-row').first().waitFor();
    await poll(async () =>
      (await page.locator('tr.ant-table-row').allInnerTexts()).every((text) => text.includes('已停用')),
    ).toBe(true);
  });
});

describe('prices', () => {
  it('takes a plan in yuan, stores it in cents and shows it back in yuan', async () => {
    await page.goto('/business/price');
    await button(page, /^新\s*增$/)
      .first()
      .click();
    const dialog = modal('价格管理 - 新增');
    await dialog.getByLabel('方案名称').fill('测试推车标准价');
    await pick(dialog, '站点', hospitalName);
    await pick(dialog, '设备类型', '测试推车');
    await dialog.getByLabel('押金(元)').fill('99');
    await dialog.getByLabel('首段价格(元)').fill('3.5');
    await dialog.getByLabel('单位价格(元)').fill('1.25');
    await dialog.getByLabel('每日封顶(元)').fill('30');
    await screenshot(page, 'business-price-form');
    await button(dialog, /^保\s*存$/).click();
    await toast('新增成功').waitFor();

    const plans = await get<Page_<Row>>(server.url, token, `${BASE}/price/list?priceName=测试推车标准价`);
    expect(plans.records[0]).toMatchObject({ deposit: 9900, firstPrice: 350, unitPrice: 125, dailyCap: 3000 });
    await searchFor('方案名称', '测试推车标准价');
    const cells = await row('测试推车标准价').innerText();
    for (const shown of ['99.00', '3.50', '1.25', '30.00', hospitalName, '测试推车', '启用'])
      expect(cells).toContain(shown);
    await screenshot(page, 'business-price');
  });
});

describe('rooms', () => {
  it('adds a room in a hospital, changes it and deletes it', async () => {
    await page.goto('/business/room');
    await button(page, /^新\s*增$/)
      .first()
      .click();
    let dialog = modal('病房管理 - 新增');
    await button(dialog, /^保\s*存$/).click();
    const error = (text: string) => dialog.locator('.ant-form-item-explain-error', { hasText: text });
    await error('请选择医院').waitFor();
    await error('请输入房间号').waitFor();
    await pick(dialog, '医院', hospitalName);
    await dialog.getByLabel('病区').fill('测试病区');
    await dialog.getByLabel('房间号').fill('E2E-1');
    await button(dialog, /^保\s*存$/).click();
    await toast('新增成功').waitFor();

    await searchFor('病区', '测试病区');
    await poll(() => row('E2E-1').innerText()).toContain(hospitalName);
    await button(row('E2E-1'), /^编\s*辑$/).click();
    dialog = modal('病房管理 - 编辑');
    await dialog.getByLabel('房间号').fill('E2E-2');
    await button(dialog, /^保\s*存$/).click();
    await toast('更新成功').waitFor();
    await row('E2E-2').waitFor();

    await button(row('E2E-2'), /^删\s*除$/).click();
    await button(confirm(), /^确\s*定$/).click();
    await toast('删除成功').waitFor();
    await row('E2E-2').waitFor({ state: 'hidden' });
  });
});

describe('linked rows', () => {
  it("names a site's region, offers the chosen province's cities and the chosen city's districts, and a bed's room by ward and number", async () => {
    const region = async (code: unknown) =>
      String((await get<Row[]>(server.url, token, `${BASE}/region/select?code=${code}`))[0].name);
    const [site] = (await get<Page_<Row>>(server.url, token, `${BASE}/site/list?size=1&siteKind_equal=2`)).records;
    const names = [await region(site.provinceCode), await region(site.cityCode), await region(site.districtCode)];
    await page.goto('/business/site');
    await searchFor('站点名称', String(site.siteName));
    await poll(() => row(String(site.siteName)).innerText()).toContain(names.join('\t'));

    await button(row(String(site.siteName)), /^编\s*辑$/).click();
    const dialog = modal('站点管理 - 编辑');
    await dialog.getByText(names[1], { exact: true }).waitFor();
    await pickTyped(dialog, '省份', '广东省');
    await poll(() => dialog.getByText(names[1], { exact: true }).count()).toBe(0);
    await pickTyped(dialog, '城市', '广州市');
    await pickTyped(dialog, '区县', '天河区');
    await screenshot(page, 'business-site-form');
    await button(dialog, /^取\s*消$/).click();

    await page.goto('/business/bed');
    await poll(() => page.locator('tr.ant-table-row').first().innerText()).toMatch(/儿[内外]科病区 \d+/);
    await button(page, /^新\s*增$/)
      .first()
      .click();
    const bed = modal('陪护床管理 - 新增');
    await pick(bed, '病房', '儿内科病区 301');
    await bed.getByTitle('儿内科病区 301').waitFor();
    await button(bed, /^取\s*消$/).click();
  });
});

describe('the site manager', () => {
  it("sees only its own company's companies, sites and equipment", async () => {
    const { page: manager, context } = await newPage(browser, server);
    await signIn(manager, { username: 'manager', password: 'manager' });
    const rows = manager.locator('tr.ant-table-row');

    await manager.goto('/business/company');
    await rows.first().waitFor();
    await poll(() => rows.allInnerTexts()).toEqual([expect.stringContaining('童乐出行科技有限公司')]);

    await manager.goto('/business/site');
    await rows.first().waitFor();
    await expect
      .poll(async () => (await rows.allInnerTexts()).every((text) => text.includes('童乐出行科技有限公司')))
      .toBe(true);
    await screenshot(manager, 'business-site-manager');

    const own = await get<Page_<Row>>(server.url, token, `${BASE}/equ/list?size=1`);
    await manager.goto('/business/equ');
    const total = manager.locator('.ant-pagination-total-text');
    await total.waitFor();
    const shown = Number((await total.innerText()).replace(/\D/g, ''));
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(own.total);
    await context.close();
  });
  it("keeps its rota with its own company's field staff, named and offered by site", async () => {
    const [franchisee] = (await get<Page_<Row>>(server.url, token, `${BASE}/company/list?shortName=童乐出行`)).records;
    const [headOffice] = (await get<Page_<Row>>(server.url, token, `${BASE}/company/list?shortName=乐行租赁`)).records;
    const place = { siteKind: 1, provinceCode: '33', cityCode: '3301', districtCode: '330106' };
    const sites: Record<string, string> = {};
    for (const [siteName, company] of [
      ['E2E湖滨站', franchisee],
      ['E2E西溪站', franchisee],
      ['E2E来福士站', headOffice],
    ] as const) {
      const body = { siteName, companyId: company.id, deptId: company.deptId, ...place };
      await post(server.url, token, `${BASE}/site/submit`, body);
      sites[siteName] = String(
        (await get<Page_<Row>>(server.url, token, `${BASE}/site/list?siteName=${siteName}`)).records[0].id,
      );
    }
    for (const [operName, siteIds, phone] of [
      ['E2E周师傅', sites.E2E湖滨站, '13800000011'],
      ['E2E钱师傅', sites.E2E西溪站, '13800000012'],
      ['E2E郑师傅', `${sites.E2E来福士站},${sites.E2E湖滨站}`, '13800000013'],
      ['E2E孙师傅', sites.E2E来福士站, '13800000014'],
    ])
      await post(server.url, token, `${BASE}/oper/submit`, { operName, phone, siteIds });

    const { page: manager, context } = await newPage(browser, server);
    await signIn(manager, { username: 'manager', password: 'manager' });
    await manager.goto('/business/schedule');
    await manager
      .getByRole('button', { name: /^新\s*增$/ })
      .first()
      .click();
    const dialog = manager.locator('.ant-modal', { hasText: '排班管理 - 新增' }).last();
    const choose = async (label: string, option: string) => {
      await dialog.getByLabel(label, { exact: true }).click();
      await manager
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
        .first()
        .click();
    };
    await choose('站点', 'E2E湖滨站');
    await dialog.getByLabel('运维人员', { exact: true }).click();
    const offered = manager.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await poll(() => offered.allInnerTexts()).toEqual(['E2E周师傅', 'E2E郑师傅']);
    await screenshot(manager, 'business-schedule-manager-staff');
    await offered.filter({ hasText: 'E2E周师傅' }).click();
    const date = dialog.getByLabel('值班日期');
    await date.click();
    await date.fill('2027-01-05');
    await date.press('Enter');
    await choose('班次', '早班');
    await dialog.getByRole('button', { name: /^保\s*存$/ }).click();
    await manager.locator('.ant-message').getByText('新增成功').last().waitFor();

    const saved = manager.locator('tr.ant-table-row', { hasText: '2027-01-05' });
    await poll(() => saved.innerText()).toContain('E2E周师傅');
    expect(await saved.innerText()).toContain('E2E湖滨站');
    // Every rota row names its staff member: no bare id is left in the staff column.
    const staffCells = await manager.locator('tr.ant-table-row').allInnerTexts();
    expect(staffCells.some((text) => /\d{15,}/.test(text))).toBe(false);
    await screenshot(manager, 'business-schedule-manager');
    await context.close();
  });
});

describe('field staff', () => {
  it('links a console account, chosen by name and shown in the list and the view', async () => {
    const [site] = (await get<Page_<Row>>(server.url, token, `${BASE}/site/list?size=1`)).records;
    await post(server.url, token, `${BASE}/oper/submit`, {
      operName: 'E2E账号师傅',
      phone: '13800000015',
      siteIds: site.id,
    });
    await page.goto('/business/oper');
    await searchFor('姓名', 'E2E账号师傅');
    await row('E2E账号师傅').waitFor();
    await button(row('E2E账号师傅'), /^编\s*辑$/).click();
    const dialog = modal('运营商管理 - 编辑');
    await pick(dialog, '控制台账号', '站点经理 (manager)');
    await button(dialog, /^保\s*存$/).click();
    await toast('更新成功').waitFor();
    await poll(() => row('E2E账号师傅').innerText()).toContain('站点经理 (manager)');
    await screenshot(page, 'business-oper-account');

    await button(row('E2E账号师傅'), /^查\s*看$/).click();
    const view = page.locator('.ant-drawer, .ant-modal').filter({ hasText: '控制台账号' }).last();
    await poll(() => view.innerText()).toContain('站点经理 (manager)');
  });
});
