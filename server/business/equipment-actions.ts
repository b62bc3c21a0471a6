// Equipment calls beyond CRUD: enable / disable (equ_enable), moving to another site (equ_edit), both on any number of
// ticked rows, and a charging pile's sub-locks (equ_sublock).
import type { FastifyPluginAsync } from 'fastify';
import { now } from '../db/time.js';
import { idsOf } from '../engine/resource.js';
import { IDS_PATTERN, idQuery, NOTHING_SELECTED } from '../engine/schemas.js';
import type { AnyTrx } from '../engine/types.js';
import { badRequest, done, notFound, ok } from '../http/envelope.js';
import { usualLog } from '../logs/usual-log.js';
import { EQU_DISABLED, EQU_IDLE, EQU_IN_USE, equipment } from './equipment.js';
import { linkedRow } from './rules.js';
import { sites } from './site.js';

const enableQuery = {
  type: 'object',
  required: ['ids', 'enabled'],
  properties: {
    ids: { type: 'string', minLength: 1, pattern: IDS_PATTERN, description: '设备主键, 逗号分隔' },
    enabled: { type: 'integer', enum: [0, 1], description: '1 启用, 0 停用' },
  },
};

const moveQuery = {
  type: 'object',
  required: ['ids', 'siteId'],
  properties: {
    ids: { type: 'string', minLength: 1, pattern: IDS_PATTERN, description: '设备主键, 逗号分隔' },
    siteId: { type: 'string', pattern: '^[0-9]{1,19}$', description: '搬去的站点' },
  },
};

export const equipmentActionRoutes: FastifyPluginAsync = async (app) => {
  const access = { menu: 'equ' };
  const tags = ['设备'];

  app.post(
    '/blade-system/equ/move',
    {
      config: { access, button: 'equ_edit', fieldMessages: { ids: NOTHING_SELECTED, siteId: '请选择所属站点' } },
      schema: { tags, summary: '把设备搬到另一站点', querystring: moveQuery },
    },
    async (request) => {
      const { ids, siteId } = request.query as { ids: string; siteId: string };
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
        .set({ siteId: Number(site.id), updateUser: request.user?.userId ?? null, updateTime: now() })
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
    '/blade-system/equ/enable',
    {
      config: { access, button: 'equ_enable', fieldMessages: { ids: NOTHING_SELECTED, enabled: '请选择启用或停用' } },
      schema: { tags, summary: '启用或停用设备', querystring: enableQuery },
    },
    async (request) => {
      const { ids, enabled } = request.query as { ids: string; enabled: number };
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
      config: { access, button: 'equ_sublock' },
      schema: { tags, summary: '充电桩的子锁(端口)', querystring: idQuery },
    },
    async (request) => {
      const row = await equipment.find(app.ctx, request, Number((request.query as { id: string }).id));
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
