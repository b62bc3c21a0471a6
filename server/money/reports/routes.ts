// The dashboard (home/data, home/seven, home/map: any signed-in person, each figure limited to the lists they see)
// and the hospital report (hos/report, hos/detail: menu hos_report).
import { pageOf } from '../../platform/engine/resource.js';
import { MAX_PAGE_SIZE } from '../../platform/engine/schemas.js';
import { badRequest, ok } from '../../platform/http/envelope.js';
import { madeTextFor } from '../../platform/http/made-text.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { orders } from '../orders/order.js';
import { type Day, dayOf, momentOf, parseDay } from './days.js';
import { type HomeFilter, homeData } from './home-data.js';
import { homeMap } from './home-map.js';
import { homeSeven } from './home-seven.js';
import { hospitalReport, type ReportRange, rentedOrders, wardEquipment } from './hos-report.js';
import { DAY_FLOWS_RECORD, HOME_DATA_RECORD, MAP_SITE_RECORD, WARD_ROW_RECORD } from './records.js';

/** A report covers at most a year, so one call never reads more than a year of orders. */
export const MAX_REPORT_DAYS = 366;

const DAY = { type: 'string', pattern: '^$|^\\d{4}-\\d{2}-\\d{2}$' } as const;
const rangeQuery = {
  month: {
    type: 'string',
    pattern: '^$|^\\d{4}-(0[1-9]|1[0-2])$',
    description: '统计月份 yyyy-MM (给出时代替开始、结束日期)',
  },
  startDate: { ...DAY, description: '开始日期 (含)' },
  endDate: { ...DAY, description: '结束日期 (含)' },
  siteId: { type: 'string', pattern: '^[0-9]{1,16}$', description: '医院站点' },
} as const;
const fieldNames = {
  month: { label: '统计月份', en: 'Month' },
  startDate: { label: '开始日期', en: 'Start date' },
  endDate: { label: '结束日期', en: 'End date' },
  siteId: { label: '医院', en: 'Hospital' },
  ward: { label: '病区', en: 'Ward' },
};

/** Without dates a report covers the last 30 days, today included, as the screen first opens. */
export const DEFAULT_REPORT_DAYS = 30;

/** A month `yyyy-MM` as its first and last days; the screen asks by month, Saber by its two dates. */
function monthOf(month: string): { startDate: string; endDate: string } {
  const [year, number] = month.split('-').map(Number);
  const last = new Date(year, number, 0).getDate();
  return { startDate: `${month}-01`, endDate: `${month}-${String(last).padStart(2, '0')}` };
}

function rangeOf(asked: { month?: string; startDate?: string; endDate?: string; siteId?: string }): ReportRange {
  const query = asked.month ? { ...asked, ...monthOf(asked.month) } : asked;
  const day = (text: string | undefined, name: string, fallback: Day): Day => {
    if (text === undefined || text === '') return fallback;
    const parsed = parseDay(text);
    if (!parsed) throw badRequest(`${name} 不是有效的日期`);
    return parsed;
  };
  const today = dayOf(new Date());
  const to = day(query.endDate, '结束日期', today);
  const from = day(query.startDate, '开始日期', dayOf(momentOf(to.from), 1 - DEFAULT_REPORT_DAYS));
  if (to.day < from.day) throw badRequest('结束日期不能早于开始日期');
  const days = Math.round((momentOf(to.to).getTime() - momentOf(from.from).getTime()) / 86_400_000);
  if (days > MAX_REPORT_DAYS) throw badRequest(`报表最多统计 ${MAX_REPORT_DAYS} 天`);
  return { from, to, siteId: query.siteId === undefined ? undefined : Number(query.siteId) };
}

/** The dashboard's filters, as the order list names them: a company (its department) and a site. */
const homeQuery = {
  type: 'object',
  properties: {
    deptId: { type: 'string', pattern: '^$|^[0-9]{1,16}$', description: '所属公司 (部门主键)' },
    siteId: { type: 'string', pattern: '^$|^[0-9]{1,16}$', description: '站点' },
  },
} as const;
const homeFieldNames = { deptId: { label: '所属公司', en: 'Company' }, siteId: { label: '站点', en: 'Site' } };

const homeFilterOf = (query: { deptId?: string; siteId?: string }): HomeFilter => ({
  ...(query.deptId ? { deptId: Number(query.deptId) } : {}),
  ...(query.siteId ? { siteId: Number(query.siteId) } : {}),
});

export const reportRoutes: RoutePlugin = async (app) => {
  const home = {
    config: { access: 'signedIn' as const, fieldNames: homeFieldNames, filters: ['deptId', 'siteId'] },
    schema: { tags: ['首页'], querystring: homeQuery },
  };
  app.get(
    '/blade-system/home/data',
    {
      config: { ...home.config, record: HOME_DATA_RECORD, answers: 'record' },
      schema: { ...home.schema, summary: '今日与昨日数据' },
    },
    async (request) => ok(await homeData(app.ctx, request, homeFilterOf(request.query))),
  );
  app.get(
    '/blade-system/home/seven',
    {
      config: { ...home.config, record: DAY_FLOWS_RECORD, answers: 'rows' },
      schema: { ...home.schema, summary: '近七日订单与收入' },
    },
    async (request) => ok(await homeSeven(app.ctx, request, homeFilterOf(request.query))),
  );
  app.get(
    '/blade-system/home/map',
    {
      config: { access: home.config.access, record: MAP_SITE_RECORD, answers: 'rows' },
      schema: { tags: home.schema.tags, summary: '站点地图' },
    },
    async (request) => ok(await homeMap(app.ctx, request)),
  );

  app.get(
    '/blade-system/hos/report',
    {
      config: {
        access: { menu: 'hos_report' },
        fieldNames,
        record: WARD_ROW_RECORD,
        answers: 'rows',
      },
      schema: {
        tags: ['医院报表'],
        summary: '按医院与病区统计',
        querystring: { type: 'object', properties: rangeQuery },
      },
    },
    async (request) => ok(await hospitalReport(app.ctx, request, rangeOf(request.query))),
  );

  app.get(
    '/blade-system/hos/detail',
    {
      config: {
        access: { menu: 'hos_report' },
        fieldMessages: { siteId: '请选择医院', ward: '请选择病区' },
        fieldNames,
        record: orders.record,
      },
      schema: {
        tags: ['医院报表'],
        summary: '报表一行背后的订单',
        querystring: {
          type: 'object',
          required: ['siteId', 'ward'],
          properties: {
            ...rangeQuery,
            ward: { type: 'string', minLength: 1, maxLength: 50, description: '病区' },
            current: { type: 'integer', minimum: 1, default: 1, description: '页码' },
            size: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: 10, description: '每页条数' },
          },
        },
      },
    },
    async (request) => {
      const { query } = request;
      const range = { ...rangeOf(query), siteId: Number(query.siteId) };
      const equIds = await wardEquipment(app.ctx, request, range, query.ward);
      if (equIds.length === 0) return ok(pageOf([], 0, query.current, query.size));
      const rows = rentedOrders(app.ctx, [range.siteId], range).where('biz_order.equId', 'in', equIds);
      const counted = await rows.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      const records = await rows
        .selectAll('biz_order')
        .orderBy('biz_order.createTime', 'desc')
        .orderBy('biz_order.id', 'desc')
        .limit(query.size)
        .offset((query.current - 1) * query.size)
        .execute();
      // The rental's duration and payment state read in the caller's language, as on the order list.
      const translate = madeTextFor(request, ['description', 'tradeStateDesc']);
      const wire = records.map((row) => translate(orders.toWire(row as never)));
      return ok(pageOf(wire, Number(counted.count), query.current, query.size));
    },
  );
};
