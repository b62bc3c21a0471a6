// The payment sandbox's bills, made from its own records in WeChat Pay's format, so development reconciles on the
// same 对账差异 screen: a paid and refunded rental reconciles to no difference, a payment the sandbox never decided
// shows as missing on its side, and the screen's list exports with the kinds in words.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf } from '../../../server/money/bills/days.js';
import { reconcileDay } from '../../../server/money/bills/reconcile-day.js';
import { readFundFlowBill, readTradeBill } from '../../../server/money/payments/bill-file.js';
import { paymentProviderOf } from '../../../server/money/payments/index.js';
import type { PaymentSandbox } from '../../../server/money/payments/sandbox.js';
import { nextId } from '../../../server/platform/db/ids.js';
import { now } from '../../../server/platform/db/time.js';
import { addDept } from '../auth/fixtures.js';
import { addCompany, addEquipment, addSite, addType } from '../business/rental-api.js';
import { type Api, openApi, pageOf, type Row, rowOf } from '../engine/api.js';
import { call } from '../harness.js';
import { addPaidRental, deliverDue, newOutTradeNo } from '../orders/paid-rental.js';
import { bankOf, onWechatDouble } from '../payments/bank.js';

let api: Api;
let sandbox: PaymentSandbox;
const today = dayOf(new Date());

beforeAll(async () => {
  api = await openApi({ PAY_SANDBOX_DELAY_MS: '0' });
  sandbox = bankOf(api.server);
});
afterAll(async () => api?.close());

describe.skipIf(onWechatDouble)('the sandbox’s bills', () => {
  it('hold its payments and refunds, and reconcile a paid, finished and refunded rental to no difference', async () => {
    const deptId = String(await addDept(api.server, '星河推车'));
    const siteId = await addSite(api, '静安大悦城', await addCompany(api, '星河推车有限公司', deptId), deptId);
    const typeId = await addType(api, '折叠童车');
    const customerId = nextId();
    await api.server.ctx.db
      .insertInto('biz_customer')
      .values({ id: customerId, nickName: '小明妈妈', openId: 'o-m' })
      .execute();
    const outTradeNo = newOutTradeNo();
    const equId = await addEquipment(api, `TC-${outTradeNo}`, siteId, typeId, { equState: 2 });
    const { id } = await addPaidRental(api.server.ctx, sandbox, {
      outTradeNo,
      customerId,
      nickname: '小明妈妈',
      payerOpenId: 'o-m',
      equId: Number(equId),
      keyPair: `TC-${outTradeNo}`,
      siteId: Number(siteId),
      deptId: Number(deptId),
      typeId: Number(typeId),
      deposit: 9900,
      minutes: 135,
    });
    expect(await api.post('/api/blade-system/order/finish', { query: { id: String(id) } })).toMatchObject({
      status: 200,
    });
    await deliverDue(api.server.ctx, sandbox);

    const provider = paymentProviderOf(api.server.ctx);
    const trade = readTradeBill(await provider.downloadBill('trade', today));
    expect(trade.map((row) => [row.tradeState, row.outTradeNo, row.total, row.refund, row.refundState])).toEqual([
      ['SUCCESS', outTradeNo, 9900, 0, ''],
      ['REFUND', outTradeNo, 0, 7400, 'SUCCESS'],
    ]);
    const fund = readFundFlowBill(await provider.downloadBill('fundflow', today));
    expect(fund.map((row) => [row.type, row.direction, row.amount])).toEqual([
      ['交易', '收入', 9900],
      ['退款', '支出', 7400],
    ]);
    expect(await reconcileDay(api.server.ctx, today)).toEqual({ day: today, differences: 0 });
  });

  it('shows a payment we hold as paid that the provider never decided, and exports the list in words', async () => {
    // Written as paid on our side only: the provider's books never had it.
    await api.server.ctx.db
      .insertInto('biz_payment')
      .values({
        id: nextId(),
        outTradeNo: 'P-ONLY-OURS',
        purpose: 'recharge',
        refId: nextId(),
        customerId: nextId(),
        amount: 2000,
        tradeState: 'SUCCESS',
        successTime: now(),
        createTime: now(),
      })
      .execute();
    expect(await reconcileDay(api.server.ctx, today, new Date(), true)).toEqual({ day: today, differences: 1 });
    const [difference] = pageOf(await api.get('/api/blade-system/bill/list', { day_ge: today, day_le: today }))
      .records as Row[];
    expect(difference).toMatchObject({ kind: 2, business: 'payment', outNo: 'P-ONLY-OURS', ourAmount: 2000 });

    const columns = [
      { field: 'day', header: '账单日期' },
      { field: 'kind', header: '差异类型', labels: { '1': '我方缺失', '2': '对方缺失' } },
      { field: 'amountDifference', header: '差额', kind: 'money' },
    ];
    const started = await api.post('/api/blade-system/export/start', {
      body: {
        url: '/api/blade-system/bill/list',
        query: { kind_equal: '2' },
        title: '对账差异',
        columns,
        totalsLabel: '合计',
      },
    });
    const exportId = String(rowOf(started).id);
    for (;;) {
      const progress = rowOf(await api.get('/api/blade-system/export/progress', { id: exportId }));
      if (progress.state !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const file = await call(api.server, 'GET', '/api/blade-system/export/file', {
      token: api.adminToken,
      query: { id: exportId },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].getRow(2).values).toEqual([undefined, today, '对方缺失', -20]);
  });

  it('says where the bills stand when staff press 对账, in Chinese and in English', async () => {
    const asked = (language: string) =>
      call(api.server, 'GET', '/api/blade-system/wallet/reconcile', {
        token: api.adminToken,
        headers: { 'accept-language': language },
      }).then((answer) => answer.json() as { msg: string; data: { bills: { differencesOpen: number } } });
    const zh = await asked('zh-CN');
    expect(zh.data.bills.differencesOpen).toBe(1);
    expect(zh.msg).toBe(
      `对账完成; 微信支付账单已核对 1 天 (最近 ${today}), 未处理差异 1 条, 未能核对 0 天, 详见 对账差异`,
    );
    expect((await asked('en')).msg).toBe(
      `Reconciled. WeChat Pay's bills — days checked: 1 (latest ${today}), differences open: 1, days not checked: 0; see Bill differences`,
    );
  });
});
