// Campaigns (/blade-system/activity) with a time window: a recharge bonus (recharge ¥X, get ¥Y), a coupon for new
// customers, a limited-time discount. `rules` holds the terms customers read (rich text).
import { defineResource } from '../../platform/engine/define.js';
import { badRequest } from '../../platform/http/envelope.js';
import { CENTS_MAX } from '../../platform/http/money.js';
import { coupons } from './coupon.js';
import { checkWindow, linkedRow, savedValue, touches } from './rules.js';

/** Dictionary `activity_kind`. */
const RECHARGE_BONUS = 1;
const NEW_USER_COUPON = 2;

export const activities = defineResource({
  table: 'biz_activity',
  prefix: '/blade-system/activity',
  menu: 'activity',
  title: '活动',
  defaultOrder: [['startTime', 'desc']],
  fields: {
    activityName: { type: 'text', label: '活动名称', en: 'Name', required: '请输入活动名称', maxLength: 100 },
    // Dictionary `activity_kind`: 1 充值赠送, 2 新用户送券, 3 限时折扣, 9 其他.
    activityKind: {
      type: 'integer',
      label: '活动类型',
      en: 'Kind',
      required: '请选择活动类型',
      enum: [RECHARGE_BONUS, NEW_USER_COUPON, 3, 9],
    },
    startTime: { type: 'datetime', label: '开始时间', en: 'Start', required: '请选择开始时间' },
    endTime: { type: 'datetime', label: '结束时间', en: 'End', required: '请选择结束时间' },
    rechargeAmount: {
      type: 'integer',
      label: '充值金额(分)',
      en: 'Recharge (cents)',
      money: true,
      minimum: 1,
      maximum: CENTS_MAX,
    },
    bonusAmount: {
      type: 'integer',
      label: '赠送金额(分)',
      en: 'Bonus (cents)',
      money: true,
      minimum: 1,
      maximum: CENTS_MAX,
    },
    couponId: { type: 'id', label: '赠送优惠券', en: 'Coupon' },
    rules: { type: 'text', label: '活动规则', en: 'Rules', maxLength: 100000, richText: true },
    // Dictionary `publish_state`: 1 已发布, 2 未发布.
    publishState: { type: 'integer', label: '发布状态', en: 'Published', enum: [1, 2] },
  },
  validate: async (event) => {
    checkWindow(event, 'startTime', 'endTime', '结束时间必须晚于开始时间');
    const kind = Number(savedValue(event, 'activityKind'));
    if (kind === RECHARGE_BONUS) {
      if (savedValue(event, 'rechargeAmount') === null) throw badRequest('请输入充值金额');
      if (savedValue(event, 'bonusAmount') === null) throw badRequest('请输入赠送金额');
    }
    const couponId = savedValue(event, 'couponId');
    if (kind === NEW_USER_COUPON && couponId === null) throw badRequest('请选择赠送优惠券');
    if (couponId !== null && touches(event, 'couponId')) {
      await linkedRow(event.ctx, event.request, coupons, couponId, {
        missing: '请选择赠送优惠券',
        unknown: '优惠券不存在',
      });
    }
  },
});
