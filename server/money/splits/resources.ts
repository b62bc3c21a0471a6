// The split-payment set-up staff keep: payees (the merchant accounts payments go into), receivers (who may receive a
// share, as the payment provider knows them) and setters (which receiver gets what share of a site's or a company's
// rental fees). Staff changes to any of them wait for a second person (set-up-approval.ts). docs/orders-and-money.md.

import { defineResource } from '../../platform/engine/define.js';
import type { Fields, Row, ValidateEvent } from '../../platform/engine/types.js';
import { badRequest } from '../../platform/http/envelope.js';
import { companies } from '../../rental/business/company.js';
import { linkWhenTouched, refuseInUse, savedValue, touches } from '../../rental/business/rules.js';
import { sites } from '../../rental/business/site.js';
import { setUpApproval } from './set-up-approval.js';

/** A site's or a company's shares together: v3 shares at most 30% of a payment. In ten-thousandths (万分比). */
export const SHARE_RATIO_MAX = 3000;

const payeeFields = {
  payeeName: { type: 'text', label: '收款方名称', en: 'Payee name', required: '请输入收款方名称', maxLength: 50 },
  mchId: { type: 'text', label: '商户号', en: 'Merchant ID', required: '请输入商户号', maxLength: 32 },
  companyId: { type: 'id', label: '所属公司', en: 'Company' },
  remark: { type: 'text', label: '备注', en: 'Remark', maxLength: 500 },
} satisfies Fields;

export const payees = defineResource({
  table: 'biz_payee',
  prefix: '/blade-system/payee',
  menu: 'payee',
  title: '收款方',
  defaultOrder: [['createTime', 'desc']],
  fields: payeeFields,
  ...setUpApproval(
    { table: 'biz_payee', title: '收款方', nameOf: (row) => `${row.payeeName} (${row.mchId})` },
    Object.keys(payeeFields),
  ),
  validate: async (event) => {
    if (savedValue(event, 'companyId') !== null) {
      await linkWhenTouched(event, 'companyId', companies, { missing: '请选择公司', unknown: '公司不存在' });
    }
  },
});

const receiverFields = {
  receiverName: {
    type: 'text',
    label: '接收方名称',
    en: 'Receiver name',
    required: '请输入接收方名称',
    maxLength: 50,
  },
  // Dictionary `receiver_type`: 1 商户 (MERCHANT_ID), 2 个人 (PERSONAL_OPENID).
  receiverType: {
    type: 'integer',
    label: '接收方类型',
    en: 'Receiver type',
    required: '请选择接收方类型',
    enum: [1, 2],
  },
  account: { type: 'text', label: '接收方账号', en: 'Account', required: '请输入接收方账号', maxLength: 64 },
  // Dictionary `receiver_relation`: the receiver's relation to the merchant, as v3 asks for it.
  relationType: {
    type: 'integer',
    label: '与商户关系',
    en: 'Relation',
    required: '请选择与商户关系',
    enum: [1, 2, 3, 4, 5, 6],
  },
  remark: { type: 'text', label: '备注', en: 'Remark', maxLength: 500 },
} satisfies Fields;

export const receivers = defineResource({
  table: 'biz_receiver',
  prefix: '/blade-system/receiver',
  menu: 'receiver',
  title: '分账接收方',
  defaultOrder: [['createTime', 'desc']],
  fields: receiverFields,
  ...setUpApproval(
    {
      table: 'biz_receiver',
      title: '分账接收方',
      nameOf: (row) => `${row.receiverName} (${row.account})`,
      removable: (db, ids) => refuseInUse(db, 'biz_setter', 'receiverId', ids, '接收方已用于分账设置,不能删除'),
    },
    Object.keys(receiverFields),
  ),
});

/** A setter names a site or a company, not both; the shares of one site or company add up to at most 30%. */
async function checkSetter(event: ValidateEvent): Promise<void> {
  const siteId = savedValue(event, 'siteId');
  const companyId = savedValue(event, 'companyId');
  if ((siteId === null) === (companyId === null)) throw badRequest('请选择站点或公司 (二选一)');
  if (siteId !== null) await linkWhenTouched(event, 'siteId', sites, { missing: '请选择站点', unknown: '站点不存在' });
  else await linkWhenTouched(event, 'companyId', companies, { missing: '请选择公司', unknown: '公司不存在' });
  await linkWhenTouched(event, 'receiverId', receivers, { missing: '请选择接收方', unknown: '接收方不存在' });
  if (!touches(event, 'siteId', 'companyId', 'receiverId', 'ratio')) return;
  const scope = siteId !== null ? (['siteId', Number(siteId)] as const) : (['companyId', Number(companyId)] as const);
  let others = event.db
    .selectFrom('biz_setter')
    .select(['receiverId', 'ratio'])
    .where(scope[0], '=', scope[1])
    .where('isDeleted', '=', 0);
  if (event.existing) others = others.where('id', '<>', Number(event.existing.id));
  const rows = await others.execute();
  if (rows.some((row) => Number(row.receiverId) === Number(savedValue(event, 'receiverId')))) {
    throw badRequest('该接收方已有此范围的分账设置');
  }
  const total = rows.reduce((sum, row) => sum + Number(row.ratio), Number(savedValue(event, 'ratio')));
  if (total > SHARE_RATIO_MAX) throw badRequest('同一站点或公司的分账比例合计不能超过30%');
}

const setterFields = {
  siteId: { type: 'id', label: '站点', en: 'Site' },
  companyId: { type: 'id', label: '公司', en: 'Company' },
  receiverId: { type: 'id', label: '接收方', en: 'Receiver', required: '请选择接收方' },
  ratio: {
    type: 'integer',
    label: '分账比例(万分比)',
    en: 'Share (1/10000)',
    required: '请输入分账比例',
    minimum: 1,
    maximum: SHARE_RATIO_MAX,
  },
  remark: { type: 'text', label: '备注', en: 'Remark', maxLength: 500 },
} satisfies Fields;

/** A setter by what it shares: the site or company, the receiver and the share. */
const setterName = (row: Row): string =>
  `${row.siteId ? `站点 ${row.siteId}` : `公司 ${row.companyId}`} → 接收方 ${row.receiverId}: ${row.ratio}/10000`;

export const setters = defineResource({
  table: 'biz_setter',
  prefix: '/blade-system/setter',
  menu: 'setter',
  title: '分账设置',
  defaultOrder: [['createTime', 'desc']],
  fields: setterFields,
  validate: checkSetter,
  ...setUpApproval({ table: 'biz_setter', title: '分账设置', nameOf: setterName }, Object.keys(setterFields)),
});
