// What the dashboard's and the hospital report's calls answer, as the API document and the page checks read it:
// typed by the answers' own interfaces, so a figure added to an answer must be declared here too.
import { type Declared, field, nested } from '../../platform/docs/record.js';
import type { FieldSpec } from '../../platform/engine/types.js';
import type { DayFlows, HomeData } from './home-data.js';
import type { MapSite } from './home-map.js';
import type { WardRow } from './hos-report.js';

const cents = (label: string, en: string): FieldSpec => ({ type: 'integer', label, en, money: true });

/** home/seven: one day each. */
export const DAY_FLOWS_RECORD: Declared<DayFlows> = {
  day: field('text', '日期', 'Day'),
  orders: field('integer', '订单数', 'Orders'),
  revenue: cents('收入(分)', 'Revenue (cents)'),
  charged: cents('当日订单实收(分)', "The day's orders kept (cents)"),
  refunds: field('integer', '退款笔数', 'Refunds'),
  refundAmount: cents('退款金额(分)', 'Refunded (cents)'),
};

type Figures<K extends keyof HomeData> = NonNullable<HomeData[K]>;

const NEW_CUSTOMERS_RECORD: Declared<Figures<'newCustomers'>> = {
  today: field('integer', '今日新增', 'Today'),
  yesterday: field('integer', '昨日新增', 'Yesterday'),
};

const EQUIPMENT_RECORD: Declared<Figures<'equipment'>> = {
  total: field('integer', '设备总数', 'Total'),
  online: field('integer', '在线', 'Online'),
  inUse: field('integer', '使用中', 'In use'),
  fault: field('integer', '故障', 'Faulty'),
  utilisation: field('number', '使用率', 'Utilisation'),
};

const PENDING_WITHDRAWALS_RECORD: Declared<Figures<'pendingWithdrawals'>> = {
  count: field('integer', '笔数', 'Count'),
  amount: cents('金额(分)', 'Amount (cents)'),
};

/** home/data: its figures, each empty (null) for a person who may not see the list behind it. */
export const HOME_DATA_RECORD: Declared<HomeData> = {
  today: nested('今日', 'Today', DAY_FLOWS_RECORD),
  yesterday: nested('昨日', 'Yesterday', DAY_FLOWS_RECORD),
  activeRentals: field('integer', '租用中', 'Rentals running'),
  newCustomers: nested('新增客户', 'New customers', NEW_CUSTOMERS_RECORD),
  equipment: nested('设备', 'Equipment', EQUIPMENT_RECORD),
  pendingWithdrawals: nested('待审提现', 'Withdrawals waiting', PENDING_WITHDRAWALS_RECORD),
  openFaults: field('integer', '未处理故障', 'Open faults'),
};

/** home/map: one site each. */
export const MAP_SITE_RECORD: Declared<MapSite> = {
  siteId: field('id', '站点主键', 'Site ID'),
  siteName: field('text', '站点', 'Site'),
  siteKind: field('integer', '站点类型', 'Site kind'),
  provinceCode: field('text', '省份编号', 'Province code'),
  longitude: field('number', '经度', 'Longitude'),
  latitude: field('number', '纬度', 'Latitude'),
  equipment: field('integer', '设备数', 'Equipment'),
  activeRentals: field('integer', '租用中', 'Rentals running'),
  orders: field('integer', '近30日订单数', 'Orders (30 days)'),
  revenue: cents('近30日收入(分)', 'Revenue, 30 days (cents)'),
};

/** hos/report: one hospital ward each. */
export const WARD_ROW_RECORD: Declared<WardRow> = {
  id: field('text', '医院与病区', 'Hospital and ward'),
  siteId: field('id', '医院主键', 'Hospital ID'),
  siteName: field('text', '医院', 'Hospital'),
  ward: field('text', '病区', 'Ward'),
  beds: field('integer', '床位数', 'Beds'),
  rentals: field('integer', '租用次数', 'Rentals'),
  minutes: field('integer', '租用分钟', 'Minutes rented'),
  hours: field('number', '租用小时', 'Hours rented'),
  utilisation: field('number', '使用率', 'Utilisation'),
  revenue: cents('收入(分)', 'Revenue (cents)'),
  refunds: field('integer', '退款笔数', 'Refunds'),
  refundAmount: cents('退款金额(分)', 'Refunded (cents)'),
  startDate: field('text', '开始日期', 'Start date'),
  endDate: field('text', '结束日期', 'End date'),
};
