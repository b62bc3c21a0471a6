// The catalogue and fault screens in a real browser against the real server with its demo operation: a fault
// handled from its row puts its equipment back to idle, a coupon typed in yuan is kept in cents and shown in yuan
// (after the form has said that its validity must end after it starts), and goods go through add, edit and delete.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buttonName, type ConsoleServer, type OpenConsole, openConsole, screenshot } from '../harness';
import { adminToken, get, post } from '../pages/api';

interface Page_<T> {
  records: T[];
}
interface Equipment {
  id: string;
  keyPair: string;
  equState: number;
}

let opened: OpenConsole;
let server: ConsoleServer;
let page: Page;
let token: string;

const row = (text: string) => page.locator('tr.ant-table-row', { hasText: text });
const dialog = () => page.locator('.ant-modal').last();

async function openScreen(path: string, text: string) {
  await page.goto(path);
  await row(text).first().waitFor();
}

async function pickDate(label: string, value: string) {
  const input = dialog().getByLabel(label);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

beforeAll(async () => {
  opened = await openConsole({
    prepare: async (server) => {
      token = await adminToken(server.url);
    },
  });
  ({ server, page } = opened);
});

afterAll(() => opened?.close());

describe('fault reports', () => {
  it('handles a fault from its row, and the equipment is idle again', async () => {
    const faulty = await get<Page_<Equipment>>(server.url, token, '/api/blade-system/equ/list?equState_equal=3&size=1');
    const equipment = faulty.records[0];
    if (!equipment) throw new Error('the demo operation has no faulty equipment');
    await post(server.url, token, '/api/blade-system/problem/submit', {
      equId: equipment.id,
      faultKind: 3,
      description: '前轮卡住,推不动',
      reporterPhone: '13900001111',
    });

    await openScreen('/business/problem', '13900001111');
    const report = row('13900001111');
    await expect.poll(() => report.innerText()).toContain(equipment.keyPair);
    expect(await report.innerText()).toContain('待处理');
    await report.getByRole('button', { name: buttonName('处理') }).click();
    await dialog().getByText('处理问题').waitFor();
    await dialog().getByLabel('处理结果').fill('更换前轮轴承,试推正常');
    await dialog().getByLabel('处理人').fill('王师傅');
    await screenshot(page, 'problem-handle');
    await dialog()
      .getByRole('button', { name: buttonName('保存') })
      .click();
    await page.getByText('处理结果已保存').waitFor();

    await expect.poll(() => report.innerText()).toContain('已解决');
    expect(await report.innerText()).toContain('王师傅');
    await expect
      .poll(
        async () =>
          (await get<Equipment>(server.url, token, `/api/blade-system/equ/detail?id=${equipment.id}`)).equState,
      )
      .toBe(1);
    await screenshot(page, 'problem-list');
  });
});

describe('coupons', () => {
  it('says the validity must end after it starts, then keeps yuan as cents and shows them in yuan', async () => {
    await openScreen('/business/coupon', '满20减5');
    await page.getByRole('button', { name: buttonName('新增') }).click();
    await dialog().getByLabel('优惠券名称').fill('周末满30减8');
    await dialog().getByLabel('满减券').check();
    await dialog().getByLabel('优惠金额(元)').fill('8.5');
    await dialog().getByLabel('使用门槛(元)').fill('30');
    await dialog().getByLabel('发放总量').fill('500');
    await pickDate('生效时间', '2026-12-05 00:00:00');
    await pickDate('失效时间', '2026-12-01 00:00:00');
    await dialog()
      .getByRole('button', { name: buttonName('保存') })
      .click();
    await dialog().getByText('失效时间必须晚于生效时间').waitFor();
    await screenshot(page, 'coupon-window');

    await pickDate('失效时间', '2026-12-31 23:59:59');
    await dialog()
      .getByRole('button', { name: buttonName('保存') })
      .click();
    await page.getByText('新增成功').last().waitFor();

    const saved = await get<Page_<Record<string, unknown>>>(
      server.url,
      token,
      `/api/blade-system/coupon/list?couponName=${encodeURIComponent('周末满30减8')}`,
    );
    expect(saved.records[0]).toMatchObject({ amount: 850, threshold: 3000, quantity: 500 });
    const coupon = row('周末满30减8');
    await coupon.waitFor();
    expect(await coupon.innerText()).toContain('8.50');
    expect(await coupon.innerText()).toContain('30.00');
    expect(await coupon.innerText()).toContain('全部站点');
    await screenshot(page, 'coupon-list');
  });
});

/** Takes away what an earlier try of a test left, so a retry starts from the demo's goods. */
async function removeGoods(name: string) {
  const found = await get<Page_<{ id: string }>>(
    server.url,
    token,
    `/api/blade-system/goods/list?size=100&goodsName=${encodeURIComponent(name)}`,
  );
  const ids = found.records.map((record) => record.id);
  if (ids.length > 0) await post(server.url, token, `/api/blade-system/goods/remove?ids=${ids.join(',')}`, {});
}

describe('goods', () => {
  it('adds, edits and deletes a shop item', async () => {
    await removeGoods('婴儿推车挂钩');
    await openScreen('/business/goods', '儿童一次性雨衣');
    await page.getByRole('button', { name: buttonName('新增') }).click();
    await dialog().getByLabel('商品名称').fill('婴儿推车挂钩');
    await dialog().getByLabel('价格(元)').fill('12.8');
    await dialog().getByLabel('库存').fill('40');
    await dialog().getByLabel('上架').check();
    await dialog()
      .getByRole('button', { name: buttonName('保存') })
      .click();
    await page.getByText('新增成功').last().waitFor();
    const item = row('婴儿推车挂钩');
    await item.waitFor();
    expect(await item.innerText()).toContain('12.80');
    expect(await item.innerText()).toContain('上架');

    await item.getByRole('button', { name: buttonName('编辑') }).click();
    await dialog().getByLabel('商品名称').fill('婴儿推车挂钩(两只装)');
    await dialog()
      .getByRole('button', { name: buttonName('保存') })
      .click();
    await page.getByText('更新成功').last().waitFor();
    await row('婴儿推车挂钩(两只装)').waitFor();

    await row('婴儿推车挂钩(两只装)')
      .getByRole('button', { name: buttonName('删除') })
      .click();
    await page.getByText('确定将选择数据删除?').waitFor();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: buttonName('确定') })
      .click();
    await page.getByText('删除成功').last().waitFor();
    await expect.poll(() => row('婴儿推车挂钩').count()).toBe(0);
  });
});
