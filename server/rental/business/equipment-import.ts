// equ/import (button equ_add): equipment and their locks from a spreadsheet, all or nothing. Every row is checked
// as a save would check it — number not taken (nor twice in the file), a type, a site the caller may see (named or by
// id), the lock not on another device, port with pile — and the answer lists each row's refusals; only a file without
// one is written, in one transaction. `check: true` only checks (the preview). A row cannot bring a device 使用中:
// only a rental puts one in use. A state is its key or its label in either language (空闲, Idle); the template's
// example row is refused, so a template sent back unchanged writes nothing.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { nextId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import { type AnswerDoc, integer, listOf, shape, text as textSchema } from '../../platform/docs/record.js';
import type { AnyTrx, Row } from '../../platform/engine/types.js';
import { badRequest, ok } from '../../platform/http/envelope.js';
import { languageOf } from '../../platform/http/language.js';
import { inLanguage } from '../../platform/http/messages-en.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { usualLog } from '../../system/logs/usual-log.js';
import { EQU_DISABLED, EQU_FAULT, EQU_IDLE, EQU_IN_USE, EQU_OFFLINE, equipment } from './equipment.js';
import { EXAMPLE_KEY_PAIRS } from './equipment-template.js';
import { sites } from './site.js';
import { equipmentTypes } from './type.js';

/** Rows one file may bring: a large site's fleet many times over, small enough to check in one request. */
export const IMPORT_MAX_ROWS = 2000;
const TEXT_LIMITS: Array<[string, number, string]> = [
  ['keyPair', 64, '设备编号最多 64 个字'],
  ['lockNo', 64, '锁设备号最多 64 个字'],
  ['batch', 64, '桩号最多 64 个字'],
  ['remark', 500, '备注最多 500 个字'],
];

const importBody = {
  type: 'object',
  required: ['rows'],
  properties: {
    rows: { type: 'array', minItems: 1, maxItems: IMPORT_MAX_ROWS, items: { type: 'object' } },
    check: { type: 'boolean' },
  },
} as const;

export interface RowRefusal {
  /** The row's place in the file's rows, from 0. */
  index: number;
  messages: string[];
}

/** What a file came to: the rows written (0 for a check or a refused file), the rows sent, each refused row's why. */
const IMPORTED_ANSWER: AnswerDoc = {
  name: 'EquipmentImported',
  data: shape({
    saved: integer(),
    total: integer(),
    errors: listOf(shape({ index: integer('the row in the file, from 0'), messages: listOf(textSchema()) })),
  }),
};

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value).trim());

/** Names (or ids) of the live rows the caller may see, for a cell that names one either way. */
async function namesOf(ctx: AppContext, request: FastifyRequest, resource: typeof sites, field: string) {
  const rows = await (await resource.visible(ctx, request)).select(['id', field]).execute();
  const byName = new Map<string, number>();
  for (const row of rows) {
    byName.set(String(row[field]), Number(row.id));
    byName.set(String(row.id), Number(row.id));
  }
  return byName;
}

/** The keys of equipment states by key and by label in either language, case aside (1, 空闲, Idle, idle). */
async function stateKeys(ctx: AppContext): Promise<Map<string, number>> {
  const items = await ctx.db
    .selectFrom('blade_dict')
    .select(['dictKey', 'dictValue', 'dictValueEn'])
    .where('code', '=', 'equ_state')
    .where('parentId', '<>', 0)
    .where('isDeleted', '=', 0)
    .execute();
  const keys = new Map<string, number>();
  for (const item of items) {
    for (const name of [item.dictKey, item.dictValue, item.dictValueEn]) {
      if (name) keys.set(String(name).toLowerCase(), Number(item.dictKey));
    }
  }
  return keys;
}

async function checkRows(ctx: AppContext, request: FastifyRequest, rows: Row[]) {
  const states = await stateKeys(ctx);
  const siteIds = await namesOf(ctx, request, sites, 'siteName');
  const typeIds = await namesOf(ctx, request, equipmentTypes, 'typeName');
  const keyPairs = rows.map((row) => text(row.keyPair)).filter(Boolean);
  const locks = rows.map((row) => text(row.lockNo)).filter(Boolean);
  const db = equipment.db(ctx);
  const taken = new Set(
    keyPairs.length === 0
      ? []
      : (
          await db
            .selectFrom('biz_equ')
            .select('keyPair')
            .where('isDeleted', '=', 0)
            .where('keyPair', 'in', keyPairs)
            .execute()
        ).map((row) => String(row.keyPair)),
  );
  const lockHolders = new Map<string, string>();
  if (locks.length > 0) {
    const holders = await db
      .selectFrom('biz_equ')
      .select(['keyPair', 'lockNo'])
      .where('isDeleted', '=', 0)
      .where('lockNo', 'in', locks)
      .execute();
    for (const holder of holders) lockHolders.set(String(holder.lockNo), String(holder.keyPair));
  }
  const seenKeys = new Set<string>();
  const seenLocks = new Set<string>();
  const refusals: RowRefusal[] = [];
  const records: Row[] = [];
  rows.forEach((row, index) => {
    const messages: string[] = [];
    const keyPair = text(row.keyPair);
    if (!keyPair) messages.push('请输入设备编号');
    else if (EXAMPLE_KEY_PAIRS.includes(keyPair)) messages.push('这是模板的示例行, 请改写或删除');
    else if (taken.has(keyPair)) messages.push('设备编号已存在');
    else if (seenKeys.has(keyPair)) messages.push('设备编号在文件中重复');
    seenKeys.add(keyPair);
    for (const [field, limit, message] of TEXT_LIMITS) if (text(row[field]).length > limit) messages.push(message);
    const type = text(row.typeId);
    const typeId = typeIds.get(type);
    if (!type) messages.push('请选择设备类型');
    else if (typeId === undefined) messages.push('设备类型不存在');
    const site = text(row.siteId);
    const siteId = siteIds.get(site);
    if (!site) messages.push('请选择所属站点');
    else if (siteId === undefined) messages.push('所属站点不存在');
    const batch = text(row.batch);
    const portText = text(row.port);
    const port = portText === '' ? null : Number(portText);
    if (port !== null && !(Number.isInteger(port) && port >= 1 && port <= 64)) messages.push('端口应为 1 到 64 的整数');
    if (port !== null && !batch) messages.push('填写端口时请输入桩号');
    // The ports of one pile share its lock; any other device has a lock of its own.
    const lockNo = text(row.lockNo);
    if (lockNo && !batch) {
      if (lockHolders.has(lockNo)) messages.push(`锁设备号已被设备 ${lockHolders.get(lockNo)} 使用`);
      else if (seenLocks.has(lockNo)) messages.push('锁设备号在文件中重复');
      seenLocks.add(lockNo);
    }
    const stateText = text(row.equState);
    const state = stateText === '' ? EQU_IDLE : (states.get(stateText.toLowerCase()) ?? Number.NaN);
    if (state === EQU_IN_USE) messages.push('导入的设备不能是使用中');
    else if (![EQU_IDLE, EQU_FAULT, EQU_OFFLINE, EQU_DISABLED].includes(state)) messages.push('设备状态不正确');
    if (messages.length > 0) refusals.push({ index, messages });
    else {
      records.push({
        keyPair,
        typeId,
        siteId,
        lockNo: lockNo || null,
        batch: batch || null,
        port,
        equState: state,
        remark: text(row.remark) || null,
      });
    }
  });
  return { refusals, records };
}

export const equipmentImportRoutes: RoutePlugin = async (app) => {
  app.post(
    '/blade-system/equ/import',
    {
      config: {
        access: { menu: 'equ' },
        button: 'equ_add',
        answer: IMPORTED_ANSWER,
        fieldMessages: { rows: '请上传至少一行设备' },
      },
      schema: { tags: ['设备'], summary: '从表格导入设备及其锁 (全部成功才写入)', body: importBody },
    },
    async (request) => {
      const { rows, check } = request.body;
      const { refusals, records } = await checkRows(app.ctx, request, rows);
      const language = languageOf(request);
      const errors = refusals.map(({ index, messages }) => ({
        index,
        messages: messages.map((message) => inLanguage(message, language)),
      }));
      if (check || errors.length > 0) return ok({ saved: 0, total: rows.length, errors });
      const user = request.user;
      const stamp = now();
      await equipment
        .db(app.ctx)
        .transaction()
        .execute(async (trx: AnyTrx) => {
          for (const record of records) {
            await trx
              .insertInto('biz_equ')
              .values({
                id: nextId(),
                ...record,
                createUser: user?.userId ?? null,
                createDept: null,
                createTime: stamp,
                updateUser: user?.userId ?? null,
                updateTime: stamp,
                isDeleted: 0,
              })
              .execute();
          }
        })
        .catch((error: unknown) => {
          // Another writer took a number meanwhile: the unique index refuses, and nothing of the file stays.
          if (String(error).includes('UNIQUE') || String(error).includes('unique')) throw badRequest('设备编号已存在');
          throw error;
        });
      usualLog(app.ctx, {
        logId: 'equ-import',
        data: `导入设备 ${records.length} 台`,
        user: request.user?.account,
      });
      return ok({ saved: records.length, total: rows.length, errors: [] });
    },
  );
};
