// Price plans (/blade-system/price): what renting one type at one site costs, every amount in cents. A rental is
// charged the first period's price, then the unit price per started unit period, minus the free minutes, never
// more than the daily cap per day. One active plan per site × type.
import { defineResource } from '../../platform/engine/define.js';
import { badRequest } from '../../platform/http/envelope.js';
import { CENTS_MAX } from '../../platform/http/money.js';
import { linkWhenTouched, savedValue, touches } from './rules.js';
import { sites } from './site.js';
import { equipmentTypes } from './type.js';

/** Dictionary `price_state`. */
export const PRICE_ACTIVE = 1;
export const PRICE_INACTIVE = 2;

const MINUTES_MAX = 10080;

const cents = (label: string, en: string, required?: string) => ({
  type: 'integer' as const,
  label,
  en,
  money: true,
  minimum: 0,
  maximum: CENTS_MAX,
  ...(required ? { required } : {}),
});

export const prices = defineResource({
  table: 'biz_price',
  prefix: '/blade-system/price',
  menu: 'price',
  title: '价格方案',
  dataScope: true,
  scopeDept: { link: 'siteId', table: 'biz_site', column: 'deptId' },
  fields: {
    priceName: { type: 'text', label: '方案名称', en: 'Plan name', required: '请输入方案名称', maxLength: 100 },
    siteId: { type: 'id', label: '站点', en: 'Site', required: '请选择站点' },
    typeId: { type: 'id', label: '设备类型', en: 'Type', required: '请选择设备类型' },
    deposit: cents('押金(分)', 'Deposit (cents)'),
    firstMinutes: {
      type: 'integer',
      label: '首段时长(分钟)',
      en: 'First period (minutes)',
      required: '请输入首段时长',
      minimum: 1,
      maximum: MINUTES_MAX,
    },
    firstPrice: cents('首段价格(分)', 'First period price (cents)', '请输入首段价格'),
    unitMinutes: {
      type: 'integer',
      label: '计费单位(分钟)',
      en: 'Unit period (minutes)',
      required: '请输入计费单位时长',
      minimum: 1,
      maximum: MINUTES_MAX,
    },
    unitPrice: cents('单位价格(分)', 'Unit price (cents)', '请输入单位价格'),
    freeMinutes: {
      type: 'integer',
      label: '免费时长(分钟)',
      en: 'Free minutes',
      minimum: 0,
      maximum: MINUTES_MAX,
    },
    dailyCap: cents('每日封顶(分)', 'Daily cap (cents)'),
    effectiveFrom: { type: 'datetime', label: '生效时间', en: 'Effective from' },
    // Dictionary `price_state`: 1 启用, 2 停用.
    priceState: { type: 'integer', label: '状态', en: 'State', enum: [PRICE_ACTIVE, PRICE_INACTIVE] },
    remark: { type: 'text', label: '备注', en: 'Remark', maxLength: 500 },
  },
  validate: async (event) => {
    await linkWhenTouched(event, 'siteId', sites, { missing: '请选择站点', unknown: '站点不存在' });
    await linkWhenTouched(event, 'typeId', equipmentTypes, { missing: '请选择设备类型', unknown: '设备类型不存在' });
    const dailyCap = savedValue(event, 'dailyCap');
    const firstPrice = savedValue(event, 'firstPrice');
    if (dailyCap !== null && firstPrice !== null && Number(dailyCap) < Number(firstPrice)) {
      throw badRequest('每日封顶不能低于首段价格');
    }
  },
  // Checked inside the write's transaction, behind the partial unique index of migration 0010.
  beforeSave: async (event) => {
    const { db, existing } = event;
    const siteId = savedValue(event, 'siteId');
    const typeId = savedValue(event, 'typeId');
    const state = savedValue(event, 'priceState') ?? PRICE_ACTIVE;
    if (Number(state) !== PRICE_ACTIVE || !touches(event, 'siteId', 'typeId', 'priceState')) return;
    let rival = db
      .selectFrom('biz_price')
      .select('priceName')
      .where('siteId', '=', Number(siteId))
      .where('typeId', '=', Number(typeId))
      .where('priceState', '=', PRICE_ACTIVE)
      .where('isDeleted', '=', 0);
    if (existing) rival = rival.where('id', '<>', existing.id as number);
    const found = await rival.executeTakeFirst();
    if (found) throw badRequest(`该站点的此设备类型已有启用的价格方案: ${String(found.priceName)}, 请先停用它`);
  },
});
