// Equipment calls beyond CRUD: enable / disable (equ_enable), moving to another site (equ_edit), setting a price plan
// (equ_price) among the plans that fit, each on any number of ticked rows, and a charging pile's sub-locks
// (equ_sublock).
import type { AppContext } from '../../platform/context.js';
import { now } from '../../platform/db/time.js';
import { NOTHING } from '../../platform/docs/record.js';
import { idsOf } from '../../platform/engine/resource.js';
import { IDS_PATTERN, idQuery, NOTHING_SELECTED } from '../../platform/engine/schemas.js';
import type { AnyTrx, Row } from '../../platform/engine/types.js';
import { badRequest, done, notFound, ok } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { usualLog } from '../../system/logs/usual-log.js';
import { EQU_DISABLED, EQU_IDLE, EQU_IN_USE, equipment } from './equipment.js';
import { prices } from './price.js';
import { linkedRow } from './rules.js';
import { sites } from './site.js';

const enableQuery = {
  type: 'object',
  required: ['ids', 'enabled'],
  properties: {
    ids: { type: 'string', minLength: 1, pattern: IDS_PATTERN, description: '设备主键, 逗号分隔' },
    enabled: { type: 'integer', enum: [0, 1], description: '1 启用, 0 停用' },
  },
} as const;

const moveQuery = {
  type: 'object',
  required: ['ids', 'siteId'],
  properties: {
    ids: { type: 'string', minLength: 1, pattern: IDS_PATTERN, description: '设备主键, 逗号分隔' },
    siteId: { type: 'string', pattern: '^[0-9]{1,19}$', description: '搬去的站点' },
  },
} as const;

const priceQuery = {
  type: 'object',
  required: ['ids'],
  properties: {
    ids: { type: 'string', minLength: 1, pattern: IDS_PATTERN, description: '设备主键, 逗号分隔' },
    priceId: { type: 'string', pattern: '^$|^[0-9]{1,19}$', description: '价格方案; 空: 回到站点的方案' },
  },
} as const;

export const equipmentActionRoutes: RoutePlugin = async (app) => {
  const access = { menu: 'equ' };
  const tags = ['设备'];

  app.post(
    '/blade-system/equ/move',
    {
      config: {
        answer: NOTHING,
        access,
        button: 'equ_edit',
        fieldMessages: { ids: NOTHING_SELECTED, siteId: '请选择所属站点' },
      },
      schema: { tags, summary: '把设备搬到另一站点', querystring: moveQuery },
    },
    async (request) => {
      const { ids, siteId } = request.query;
      // Both ends within the caller's data scope: a site manager moves its own devices between its own sites.
      const site = await linkedRow(app.ctx, request, sites, siteId, {
        missing: '请选择所属站点',
        unknown: '所属站点不存在',
      });
      const visible = await (await equipment.visible(app.ctx, request))
        .select(['id', 'keyPair', 'equState'])
        .where('id', 'in', idsOf(ids))
        .execute();
      if (visible.length === 0) throw notFound();
      // A device out with a customer comes back to the site it left: finish the rental first.
      const riding = visible.filter((row) => Number(row.equState) === EQU_IN_USE);
      if (riding.length > 0) {
        throw badRequest(`设备使用中,不能搬走: ${riding.map((row) => String(row.keyPair)).join(', ')}`);
      }
      await equipment
        .db(app.ctx)
        .updateTable('biz_equ')
        // A plan of the old site does not follow the device: it takes the new site's plan for its type.
        .set({ siteId: Number(site.id), priceId: null, updateUser: request.user?.userId ?? null, updateTime: now() })
        .where(
          'id',
          'in',
          visible.map((row) => Number(row.id)),
        )
        .execute();
      usualLog(app.ctx, {
        logId: 'equ-move',
        data: `设备 ${visible.map((row) => String(row.keyPair)).join(', ')} 搬到 ${String(site.siteName)}`,
        user: request.user?.account,
      });
      return done();
    },
  );

  app.post(
    '/blade-system/equ/price',
    {
      config: {
        answer: NOTHING,
        access,
        button: 'equ_price',
        fieldMessages: { ids: NOTHING_SELECTED, priceId: '请选择价格方案' },
      },
      schema: { tags, summary: '给设备设置价格方案', querystring: priceQuery },
    },
    async (request) => {
      const { ids, priceId } = request.query;
      const visible = await (await equipment.visible(app.ctx, request))
        .select(['id', 'keyPair', 'siteId', 'typeId'])
        .where('id', 'in', idsOf(ids))
        .execute();
      if (visible.length === 0) throw notFound();
      // Without a plan the devices go back to their site's plan for their type.
      const plan = priceId
        ? await linkedRow(app.ctx, request, prices, priceId, { missing: '请选择价格方案', unknown: '价格方案不存在' })
        : null;
      if (plan) await refuseMisfits(app.ctx, plan, visible);
      await equipment
        .db(app.ctx)
        .transaction()
        .execute(async (trx: AnyTrx) => {
          let change = trx
            .updateTable('biz_equ')
            .set({
              priceId: plan ? Number(plan.id) : null,
              updateUser: request.user?.userId ?? null,
              updateTime: now(),
            })
            .where(
              'id',
              'in',
              visible.map((row) => Number(row.id)),
            );
          // Still at the plan's site and of its type when written: a device moved meanwhile undoes the whole batch.
          if (plan) change = change.where('siteId', '=', Number(plan.siteId)).where('typeId', '=', Number(plan.typeId));
          const [result] = await change.execute();
          if (Number(result?.numUpdatedRows ?? 0) !== visible.length) throw badRequest('设备刚被改动, 请刷新后重试');
        });
      usualLog(app.ctx, {
        logId: 'equ-price',
        data: `设备 ${visible.map((row) => String(row.keyPair)).join(', ')} ${plan ? `按价格方案「${String(plan.priceName)}」计费` : '按站点的价格方案计费'}`,
        user: request.user?.account,
      });
      return done();
    },
  );

  app.get(
    '/blade-system/equ/price-choices',
    {
      config: {
        access,
        button: 'equ_price',
        fieldMessages: { ids: NOTHING_SELECTED },
        record: prices.record,
        answers: 'rows',
      },
      schema: {
        tags,
        summary: '可给所选设备设置的价格方案',
        querystring: {
          type: 'object',
          required: ['ids'],
          properties: {
            ids: { type: 'string', minLength: 1, pattern: IDS_PATTERN, description: '设备主键, 逗号分隔' },
          },
        },
      },
    },
    async (request) => {
      // 设置价格方案 offers what fits: the plans for the type of a ticked device at that device's site (a stopped plan
      // too: a plan of one's own, such as a single room's, is set by hand and is never the site's default).
      const visible = await (await equipment.visible(app.ctx, request))
        .select(['siteId', 'typeId'])
        .where('id', 'in', idsOf(request.query.ids))
        .execute();
      if (visible.length === 0) return ok([]);
      const pairs = [...new Set(visible.map((row) => `${String(row.siteId)}:${String(row.typeId)}`))];
      const plans = await (await prices.visible(app.ctx, request))
        .selectAll()
        .where('siteId', 'in', [...new Set(visible.map((row) => Number(row.siteId)))])
        .orderBy('priceName', 'asc')
        .orderBy('id', 'asc')
        .execute();
      return ok(
        plans.filter((plan) => pairs.includes(`${String(plan.siteId)}:${String(plan.typeId)}`)).map(prices.toWire),
      );
    },
  );

  app.post(
    '/blade-system/equ/enable',
    {
      config: {
        answer: NOTHING,
        access,
        button: 'equ_enable',
        fieldMessages: { ids: NOTHING_SELECTED, enabled: '请选择启用或停用' },
      },
      schema: { tags, summary: '启用或停用设备', querystring: enableQuery },
    },
    async (request) => {
      const { ids, enabled } = request.query;
      const wanted = idsOf(ids);
      const visible = await (await equipment.visible(app.ctx, request))
        .select(['id', 'keyPair', 'equState'])
        .where('id', 'in', wanted)
        .execute();
      if (visible.length === 0) throw notFound();
      // Disabling equipment a customer is riding would strand the rental: finish the order first.
      const riding = visible.filter((row) => Number(row.equState) === EQU_IN_USE);
      if (enabled === 0 && riding.length > 0) {
        throw badRequest(`设备使用中,不能停用: ${riding.map((row) => String(row.keyPair)).join(', ')}`);
      }
      const found = visible.map((row) => Number(row.id));
      await equipment
        .db(app.ctx)
        .transaction()
        .execute(async (trx: AnyTrx) => {
          let change = trx
            .updateTable('biz_equ')
            .set({
              equState: enabled ? EQU_IDLE : EQU_DISABLED,
              updateUser: request.user?.userId ?? null,
              updateTime: now(),
            })
            .where('id', 'in', found);
          // Enabling brings back disabled equipment only; a faulty or offline one keeps its state.
          if (enabled) change = change.where('equState', '=', EQU_DISABLED);
          await change.execute();
        });
      usualLog(app.ctx, {
        logId: enabled ? 'equ-enable' : 'equ-disable',
        data: `${enabled ? '启用' : '停用'}设备 ${visible.map((row) => String(row.keyPair)).join(', ')}`,
        user: request.user?.account,
      });
      return done();
    },
  );

  app.get(
    '/blade-system/equ/getSubLock',
    {
      config: { access, button: 'equ_sublock', record: equipment.detailRecord, answers: 'rows' },
      schema: { tags, summary: '充电桩的子锁(端口)', querystring: idQuery },
    },
    async (request) => {
      const row = await equipment.find(app.ctx, request, Number(request.query.id));
      if (row.batch === null || row.batch === '') throw badRequest('该设备不在充电桩上,没有子锁');
      const ports = await (await equipment.visible(app.ctx, request))
        .selectAll()
        .where('batch', '=', row.batch as string)
        .orderBy('port', 'asc')
        .orderBy('keyPair', 'asc')
        .execute();
      return ok(ports.map(equipment.toWire));
    },
  );
};

/**
 * Refuses the whole batch, naming each device the plan does not fit with its own site and type: a plan prices one
 * type at one site, so it fits the devices of that type standing at that site.
 */
async function refuseMisfits(ctx: AppContext, plan: Row, devices: Row[]): Promise<void> {
  const misfits = devices.filter(
    (device) => String(device.siteId) !== String(plan.siteId) || String(device.typeId) !== String(plan.typeId),
  );
  if (misfits.length === 0) return;
  const siteIds = [...new Set([plan, ...misfits].map((row) => Number(row.siteId)))];
  const typeIds = [...new Set([plan, ...misfits].map((row) => Number(row.typeId)))];
  const [siteRows, typeRows] = await Promise.all([
    ctx.db.selectFrom('biz_site').select(['id', 'siteName']).where('id', 'in', siteIds).execute(),
    ctx.db.selectFrom('biz_type').select(['id', 'typeName']).where('id', 'in', typeIds).execute(),
  ]);
  const site = (row: Row) => String(siteRows.find((found) => String(found.id) === String(row.siteId))?.siteName ?? '');
  const type = (row: Row) => String(typeRows.find((found) => String(found.id) === String(row.typeId))?.typeName ?? '');
  const rows = misfits.map((device) => `${String(device.keyPair)} (${site(device)}, ${type(device)})`).join('; ');
  throw badRequest(
    `价格方案「${String(plan.priceName)}」用于站点「${site(plan)}」的「${type(plan)}」, 不适用于: ${rows}`,
  );
}
