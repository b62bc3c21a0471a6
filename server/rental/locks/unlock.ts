// Unlocking equipment from the console, `GET /api/nb/unlock?no=<equipment number>` (button equ_unlock); the customer
// app's unlock during a rental is the order's (money/orders/app-unlock.ts) and opens the lock through this gateway.
// Disabled equipment and equipment without a lock are refused before any command leaves; every attempt that reaches
// the gateway is recorded in the usual log (who, which equipment, result, duration), which the equipment's view
// lists through `GET /api/blade-system/equ/unlock-log?id=`.
import { type SqlBool, sql } from 'kysely';
import type { AppContext } from '../../platform/context.js';
import { now } from '../../platform/db/time.js';
import { type AnswerDoc, integer, shape, text } from '../../platform/docs/record.js';
import { idQuery } from '../../platform/engine/schemas.js';
import { toWire } from '../../platform/engine/serialize.js';
import type { Fields } from '../../platform/engine/types.js';
import { badRequest, notFound, ok } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { usualLog } from '../../system/logs/usual-log.js';
import { EQU_DISABLED, equipment } from '../business/equipment.js';
import { type LockGateway, UNLOCK_MESSAGES, type UnlockResult } from './gateway.js';
import { mqttLocks } from './mqtt.js';
import { simulatedLocks } from './simulator.js';

export const UNLOCK_LOG_ID = 'equ-unlock';

const gateways = new WeakMap<AppContext, LockGateway>();

/** The app's one gateway (one MQTT connection), shared by the console's unlock and the customer's; closed with it. */
export function lockGatewayOf(ctx: AppContext): LockGateway {
  let gateway = gateways.get(ctx);
  if (!gateway) {
    const config = ctx.config.locks;
    gateway = config.gateway === 'mqtt' ? mqttLocks(config) : simulatedLocks(ctx, config);
    gateways.set(ctx, gateway);
  }
  return gateway;
}

const unlockQuery = {
  type: 'object',
  required: ['no'],
  // No control characters: PostgreSQL refuses a NUL byte in text, and no equipment number holds one.
  properties: {
    no: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[^\\u0000-\\u001f]+$', description: '设备编号' },
  },
} as const;

/** An unlock that left the lock open: the equipment, the outcome (one of `results`) and how long the lock took. */
export const unlockedAnswer = (name: string, results: UnlockResult[]): AnswerDoc => ({
  name,
  data: shape({ keyPair: text(), result: { type: 'string', enum: results }, durationMs: integer('milliseconds') }),
});

const UNLOCK_LINE_FIELDS: Fields = {
  id: { type: 'id', label: '主键', en: 'Id' },
  createBy: { type: 'text', label: '操作人', en: 'Operator' },
  createTime: { type: 'datetime', label: '时间', en: 'Time' },
  logLevel: { type: 'text', label: '级别', en: 'Level' },
  logData: { type: 'text', label: '结果', en: 'Result' },
};

const startsWith = (text: string): string => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The log line names the equipment first, so its view finds its own lines. */
const logPrefix = (keyPair: string): string => `开锁 ${keyPair} `;

/** An equipment row with its `id`, `keyPair`, `lockNo` and `port`. */
type LockedEquipment = Record<string, unknown>;

/**
 * Sends the unlock command and records the attempt in the usual log (who, which equipment, result, duration), the
 * operator's words whoever asked; a lock that answered has its heartbeat and battery refreshed.
 */
export async function sendUnlock(
  ctx: AppContext,
  gateway: LockGateway,
  row: LockedEquipment,
  actor: string | undefined,
) {
  const keyPair = String(row.keyPair);
  const lockNo = String(row.lockNo);
  const port = row.port === null || row.port === undefined ? null : Number(row.port);
  const started = Date.now();
  const outcome = await gateway.unlock({ lockNo, port });
  const durationMs = Date.now() - started;
  const message = UNLOCK_MESSAGES[outcome.result];
  usualLog(ctx, {
    logId: UNLOCK_LOG_ID,
    level: outcome.result === 'success' ? 'info' : 'warn',
    data: `${logPrefix(keyPair)}(锁 ${lockNo}${port === null ? '' : ` 端口 ${port}`}): ${message}, 用时 ${durationMs} ms`,
    user: actor,
  });
  if (outcome.result !== 'timeout' && outcome.result !== 'offline') {
    await ctx.db
      .updateTable('biz_equ')
      .set({ lastHeartbeat: now(), ...(outcome.battery === null ? {} : { battery: outcome.battery }) })
      .where('id', '=', Number(row.id))
      .execute();
  }
  return { outcome, durationMs, message };
}

export const unlockRoutes: RoutePlugin = async (app) => {
  const gateway = lockGatewayOf(app.ctx);
  // Closed here only: the customer's unlock (money/orders/app-unlock.ts) borrows the same gateway.
  app.addHook('onClose', async () => gateway.close());
  const access = { menu: 'equ' };
  const tags = ['设备'];

  app.get(
    '/nb/unlock',
    {
      config: {
        access,
        button: 'equ_unlock',
        // Any other outcome is refused.
        answer: unlockedAnswer('Unlocked', ['success']),
        fieldMessages: { no: '请输入设备编号' },
      },
      schema: { tags, summary: '开锁', querystring: unlockQuery },
    },
    async (request) => {
      const { no } = request.query;
      const row = await (await equipment.visible(app.ctx, request))
        .selectAll()
        .where('keyPair', '=', no)
        .executeTakeFirst();
      if (!row) throw notFound('设备不存在');
      if (Number(row.equState) === EQU_DISABLED) throw badRequest('设备已停用,不能开锁,请先启用');
      if (!row.lockNo) throw badRequest('设备未绑定锁,请先填写锁设备号');
      const { outcome, durationMs, message } = await sendUnlock(app.ctx, gateway, row, request.user?.account);
      if (outcome.result !== 'success') throw badRequest(message);
      return { code: 200, success: true, data: { keyPair: no, result: outcome.result, durationMs }, msg: message };
    },
  );

  app.get(
    '/blade-system/equ/unlock-log',
    {
      config: { access, record: UNLOCK_LINE_FIELDS, answers: 'rows' },
      schema: { tags, summary: '设备的开锁记录', querystring: idQuery },
    },
    async (request) => {
      const row = await equipment.find(app.ctx, request, Number(request.query.id));
      const lines = await app.ctx.db
        .selectFrom('blade_log_usual')
        .select(['id', 'createBy', 'createTime', 'logLevel', 'logData'])
        .where('logId', '=', UNLOCK_LOG_ID)
        .where(() => sql<SqlBool>`${sql.ref('logData')} like ${startsWith(logPrefix(String(row.keyPair)))} escape '\\'`)
        .orderBy('createTime', 'desc')
        .orderBy('id', 'desc')
        .limit(100)
        .execute();
      return ok(lines.map((line) => toWire(line, UNLOCK_LINE_FIELDS)));
    },
  );
};
