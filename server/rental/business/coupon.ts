// Coupons (/blade-system/coupon): amount off, a discount, or free minutes, above a spending threshold, within a
// validity window, limited in number and per customer, for some sites or all. Issued and used counts are kept by
// the orders, never typed.
import { defineResource } from '../../platform/engine/define.js';
import { badRequest } from '../../platform/http/envelope.js';
import { CENTS_MAX } from '../../platform/http/money.js';
import { checkWindow, savedValue } from './rules.js';

/** Dictionary `coupon_kind`. */
export const COUPON_AMOUNT = 1;
export const COUPON_DISCOUNT = 2;
export const COUPON_FREE_MINUTES = 3;

/** The value each kind needs, and its message when missing. */
const KIND_VALUE: Record<number, [string, string]> = {
  [COUPON_AMOUNT]: ['amount', '请输入优惠金额'],
  [COUPON_DISCOUNT]: ['discount', '请输入折扣'],
  [COUPON_FREE_MINUTES]: ['freeMinutes', '请输入免费时长'],
};

export const coupons = defineResource({
  table: 'biz_coupon',
  prefix: '/blade-system/coupon',
  menu: 'coupon',
  title: '优惠券',
  defaultOrder: [['validFrom', 'desc']],
  fields: {
    couponName: { type: 'text', label: '优惠券名称', en: 'Coupon name', required: '请输入优惠券名称', maxLength: 100 },
    // Dictionary `coupon_kind`: 1 满减券, 2 折扣券, 3 免费时长券.
    couponKind: {
      type: 'integer',
      label: '优惠券类型',
      en: 'Kind',
      required: '请选择优惠券类型',
      enum: [COUPON_AMOUNT, COUPON_DISCOUNT, COUPON_FREE_MINUTES],
    },
    amount: {
      type: 'integer',
      label: '优惠金额(分)',
      en: 'Amount off (cents)',
      money: true,
      minimum: 1,
      maximum: CENTS_MAX,
    },
    discount: { type: 'integer', label: '折扣(%)', en: 'Discount (%)', minimum: 1, maximum: 99 },
    freeMinutes: { type: 'integer', label: '免费时长(分钟)', en: 'Free minutes', minimum: 1, maximum: 10080 },
    threshold: {
      type: 'integer',
      label: '使用门槛(分)',
      en: 'Threshold (cents)',
      money: true,
      minimum: 0,
      maximum: CENTS_MAX,
    },
    validFrom: { type: 'datetime', label: '生效时间', en: 'Valid from', required: '请选择生效时间' },
    validTo: { type: 'datetime', label: '失效时间', en: 'Valid to', required: '请选择失效时间' },
    quantity: {
      type: 'integer',
      label: '发放总量',
      en: 'Quantity',
      required: '请输入发放总量',
      minimum: 0,
      maximum: 10_000_000,
    },
    perUserLimit: { type: 'integer', label: '每人限领', en: 'Per customer', minimum: 1, maximum: 1000 },
    siteIds: { type: 'ids', label: '适用站点', en: 'Sites' },
    issuedCount: { type: 'integer', label: '已发放', en: 'Issued', readOnly: true },
    usedCount: { type: 'integer', label: '已使用', en: 'Used', readOnly: true },
    remark: { type: 'text', label: '备注', en: 'Remark', maxLength: 500 },
  },
  validate: async (event) => {
    checkWindow(event, 'validFrom', 'validTo', '失效时间必须晚于生效时间');
    const [field, message] = KIND_VALUE[Number(savedValue(event, 'couponKind'))] ?? [];
    if (field && message && savedValue(event, field) === null) throw badRequest(message);
    const quantity = savedValue(event, 'quantity');
    if (event.existing && quantity !== null && Number(quantity) < Number(event.existing.issuedCount)) {
      throw badRequest(`发放总量不能少于已发放数量 ${String(event.existing.issuedCount)}`);
    }
  },
});
