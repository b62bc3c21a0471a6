// 对账差异 (/blade-system/bill): every difference between WeChat Pay's bills and our records, listed and exported
// like any list; 标记已处理 with a note (button bill_handle), and 立即对账 of a chosen day (button bill_reconcile),
// which downloads that day's bills again and replaces its open differences.

import { formatDateTime } from '../../platform/db/time.js';
import { NOTHING } from '../../platform/docs/record.js';
import { defineResource } from '../../platform/engine/define.js';
import type { FieldSpec } from '../../platform/engine/types.js';
import { badRequest, done } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { BillFormatError } from '../payments/bill-file.js';
import { PaymentError } from '../payments/provider.js';
import { dayOf, oldestBillDay } from './days.js';
import { DayTaken, HANDLED, OPEN, reconcileDay } from './reconcile-day.js';

const text = (label: string, en: string): FieldSpec => ({ type: 'text', label, en, readOnly: true });
const cents = (label: string, en: string): FieldSpec => ({ type: 'integer', label, en, readOnly: true });

export const billDifferences = defineResource({
  table: 'biz_bill_difference',
  prefix: '/blade-system/bill',
  menu: 'bill',
  title: '对账差异',
  base: false,
  operations: ['list', 'detail'],
  defaultOrder: [
    ['day', 'desc'],
    ['createTime', 'desc'],
  ],
  linked: {
    column: 'handleUser',
    table: 'blade_user',
    fields: { realName: { type: 'text', label: '处理人', en: 'Handled by', readOnly: true } },
  },
  fields: {
    id: { type: 'id', label: '主键', en: 'Id', readOnly: true },
    tenantId: { type: 'text', label: '租户', en: 'Tenant', readOnly: true, filter: false, sortable: false },
    day: text('账单日期', 'Bill day'),
    // Dictionary `bill_difference_kind`: 1 我方缺失, 2 对方缺失, 3 金额不符, 4 状态不符.
    kind: { type: 'integer', label: '差异类型', en: 'Kind', readOnly: true },
    // payment 支付, refund 退款, split 分账, payout 付款 (transfers and withdrawals).
    business: text('业务', 'Business'),
    outNo: text('商户单号', 'Merchant no.'),
    ourAmount: cents('我方金额(分)', 'Our amount (cents)'),
    ourState: text('我方状态', 'Our state'),
    theirNo: text('微信支付单号', 'WeChat Pay no.'),
    theirAmount: cents('对方金额(分)', 'Their amount (cents)'),
    theirState: text('对方状态', 'Their state'),
    amountDifference: cents('差额(分)', 'Difference (cents)'),
    // Dictionary `bill_difference_state`: 0 未处理, 1 已处理.
    state: { type: 'integer', label: '处理状态', en: 'State', readOnly: true },
    note: text('处理说明', 'Note'),
    handleUser: { type: 'id', label: '处理人', en: 'Handled by', readOnly: true },
    handleTime: { type: 'datetime', label: '处理时间', en: 'Handled at', readOnly: true },
    createTime: { type: 'datetime', label: '发现时间', en: 'Found at', readOnly: true },
  },
});

const handleBody = {
  type: 'object',
  required: ['id', 'note'],
  properties: {
    id: { type: 'string', pattern: '^\\d{1,19}$', description: '对账差异主键' },
    note: { type: 'string', minLength: 1, maxLength: 500, pattern: '\\S', description: '处理说明' },
  },
} as const;

const dayQuery = {
  type: 'object',
  required: ['day'],
  properties: { day: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: '账单日期 yyyy-MM-dd' } },
} as const;

export const billRoutes: RoutePlugin = async (app) => {
  const tags = ['对账差异'];
  app.post(
    '/blade-system/bill/handle',
    {
      config: {
        answer: NOTHING,
        access: { menu: 'bill' },
        button: 'bill_handle',
        fieldMessages: { id: '请选择对账差异', note: '请输入处理说明' },
      },
      schema: { tags, summary: '标记对账差异已处理', body: handleBody },
    },
    async (request) => {
      const { id, note } = request.body;
      const marked = await app.ctx.db
        .updateTable('biz_bill_difference')
        .set({
          state: HANDLED,
          note: note.trim(),
          handleUser: request.user?.userId ?? null,
          handleTime: formatDateTime(new Date()),
        })
        .where('id', '=', Number(id))
        .where('state', '=', OPEN)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) === 0) {
        const found = await app.ctx.db
          .selectFrom('biz_bill_difference')
          .select('id')
          .where('id', '=', Number(id))
          .executeTakeFirst();
        throw badRequest(found ? '该差异已处理' : '对账差异不存在');
      }
      return done('已标记为已处理');
    },
  );

  app.post(
    '/blade-system/bill/reconcile',
    {
      config: {
        answer: NOTHING,
        access: { menu: 'bill' },
        button: 'bill_reconcile',
        fieldMessages: { day: '请选择账单日期' },
      },
      schema: { tags, summary: '立即下载该日微信支付账单并对账', querystring: dayQuery },
    },
    async (request) => {
      const { day } = request.query;
      const at = new Date();
      if (day >= dayOf(at) || day < oldestBillDay(at)) throw badRequest('只能对今天之前 90 天内的账单对账');
      try {
        const { differences } = await reconcileDay(app.ctx, day, at, true);
        return done(differences ? `对账完成, 发现 ${differences} 条差异` : '对账完成, 没有差异');
      } catch (error) {
        if (error instanceof DayTaken) throw badRequest('该日账单正在对账, 请稍后再试');
        if (error instanceof PaymentError || error instanceof BillFormatError) throw badRequest(error.message);
        throw error;
      }
    },
  );
};
