// The 200-row list both pages render: orders with money, dictionary and date columns.
import type { ListScreen } from '../../runtime/schema/types';

export const ROWS = 200;

export const orders = Array.from({ length: ROWS }, (_, i) => ({
  id: String(100000 + i),
  outTradeNo: `RC${String(i).padStart(8, '0')}`,
  nickname: `用户${i}`,
  phoneNumber: `138${String(i).padStart(8, '0')}`,
  siteName: `站点${i % 12}`,
  totalAmount: i % 17 === 0 ? -1 : 1500 + i,
  state: i % 3,
  startTime: '2026-03-04 05:06:07',
}));

export const stateItems = [
  { dictKey: '0', dictValue: '进行中' },
  { dictKey: '1', dictValue: '已完成' },
  { dictKey: '2', dictValue: '已取消' },
];

export const definition: ListScreen = {
  id: 'bench/order',
  title: { zh: '订单', en: 'Orders' },
  api: { list: '/api/blade-system/order/list' },
  paging: false,
  operations: { view: true, delete: true },
  toolbar: ['delete', 'refresh'],
  columns: [
    { field: 'outTradeNo', label: { zh: '商户订单号', en: 'Order no.' }, width: 160 },
    { field: 'nickname', label: { zh: '昵称', en: 'Nickname' } },
    { field: 'phoneNumber', label: { zh: '手机号', en: 'Phone' } },
    { field: 'siteName', label: { zh: '站点', en: 'Site' } },
    { field: 'totalAmount', label: { zh: '总金额', en: 'Total' }, format: { name: 'money', negativeAsZero: true } },
    { field: 'state', label: { zh: '状态', en: 'State' }, dict: 'order_status' },
    { field: 'startTime', label: { zh: '开始时间', en: 'Start' }, format: 'date' },
  ],
  form: { fields: { outTradeNo: {} } },
};
