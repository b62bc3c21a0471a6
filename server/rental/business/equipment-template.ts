// equ/import-template (button equ_add): the spreadsheet 导入 hands out, in the caller's language. Its first sheet has
// the columns the import reads, headed as the equipment screen heads them, and one example row; its second sheet
// lists what each column takes — the types and the sites the caller may choose, the states a new device may have —
// and the first sheet's type, site and state cells offer those lists as drop-downs. Built here rather than in the
// browser, so the lists are the server's own and the console's screens carry no spreadsheet writer for it.
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { type Language, languageOf } from '../../platform/http/language.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { EQU_IN_USE } from './equipment.js';
import { sites } from './site.js';
import { equipmentTypes } from './type.js';

/** The example row's device number: an import refuses it, so a template sent back unchanged writes nothing. */
export const EXAMPLE_KEY_PAIRS = ['示例-0001', 'EXAMPLE-0001'];

interface TemplateColumn {
  field: string;
  /** The header, as the equipment screen's column (pages/business/equ.json), so the import finds it. */
  header: Record<Language, string>;
  /** What the column takes, said in the second sheet. */
  rule: Record<Language, string>;
  width: number;
}

export const TEMPLATE_COLUMNS: TemplateColumn[] = [
  {
    field: 'keyPair',
    header: { zh: '设备编号', en: 'Equipment no.' },
    rule: { zh: '必填, 最多 64 个字, 不能与已有设备重复', en: 'Required, at most 64 characters, not already taken' },
    width: 16,
  },
  {
    field: 'typeId',
    header: { zh: '设备类型', en: 'Type' },
    rule: { zh: '必填, 下列之一', en: 'Required, one of those below' },
    width: 18,
  },
  {
    field: 'siteId',
    header: { zh: '所属站点', en: 'Site' },
    rule: { zh: '必填, 下列之一', en: 'Required, one of those below' },
    width: 22,
  },
  {
    field: 'lockNo',
    header: { zh: '锁设备号', en: 'Lock id' },
    rule: { zh: '可空, 不能是另一台设备的锁', en: "Optional, not another device's lock" },
    width: 16,
  },
  {
    field: 'batch',
    header: { zh: '桩号', en: 'Pile no.' },
    rule: { zh: '充电桩的端口才填', en: "Only for a charging pile's port" },
    width: 12,
  },
  {
    field: 'port',
    header: { zh: '端口', en: 'Port' },
    rule: { zh: '1 到 64 的整数, 填写时须有桩号', en: 'A whole number from 1 to 64, with a pile no.' },
    width: 10,
  },
  {
    field: 'equState',
    header: { zh: '设备状态', en: 'State' },
    rule: { zh: '可空 (空闲), 下列之一', en: 'Optional (idle), one of those below' },
    width: 12,
  },
  {
    field: 'remark',
    header: { zh: '备注', en: 'Remark' },
    rule: { zh: '可空, 最多 500 个字', en: 'Optional, at most 500 characters' },
    width: 24,
  },
];

const TEXTS = {
  sheet: { zh: '设备', en: 'Equipment' },
  values: { zh: '可填写的值', en: 'Allowed values' },
  example: { zh: '示例行: 导入前请改写或删除', en: 'Example row: change or delete it before importing' },
} as const;

/** The states a new device may have, in the caller's language: every one but 使用中, which only a rental sets. */
async function stateLabels(ctx: AppContext, language: Language): Promise<string[]> {
  const items = await ctx.db
    .selectFrom('blade_dict')
    .select(['dictKey', 'dictValue', 'dictValueEn', 'sort'])
    .where('code', '=', 'equ_state')
    .where('parentId', '<>', 0)
    .where('isDeleted', '=', 0)
    .orderBy('sort', 'asc')
    .execute();
  return items
    .filter((item) => Number(item.dictKey) !== EQU_IN_USE)
    .map((item) => String((language === 'en' && item.dictValueEn) || item.dictValue));
}

async function namesVisible(ctx: AppContext, request: FastifyRequest, resource: typeof sites, field: string) {
  const rows = await (await resource.visible(ctx, request)).select([field]).orderBy(field, 'asc').execute();
  return rows.map((row) => String(row[field]));
}

export async function equipmentTemplate(ctx: AppContext, request: FastifyRequest): Promise<Buffer> {
  const language = languageOf(request);
  const lists: Record<string, string[]> = {
    typeId: await namesVisible(ctx, request, equipmentTypes, 'typeName'),
    siteId: await namesVisible(ctx, request, sites, 'siteName'),
    equState: await stateLabels(ctx, language),
  };
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(TEXTS.sheet[language], { views: [{ state: 'frozen', ySplit: 1 }] });
  const values = book.addWorksheet(TEXTS.values[language]);
  sheet.columns = TEMPLATE_COLUMNS.map((column) => ({ header: column.header[language], width: column.width }));
  sheet.getRow(1).font = { bold: true };
  const example: Record<string, string | number> = {
    keyPair: EXAMPLE_KEY_PAIRS[language === 'en' ? 1 : 0],
    typeId: lists.typeId[0] ?? '',
    siteId: lists.siteId[0] ?? '',
    lockNo: 'NB86099999',
    equState: lists.equState[0] ?? '',
    remark: TEXTS.example[language],
  };
  const exampleRow = sheet.addRow(TEMPLATE_COLUMNS.map((column) => example[column.field] ?? null));
  exampleRow.font = { italic: true, color: { argb: 'FF8C8C8C' } };

  // The second sheet: a column per column of the first, its rule under the header, then the values it takes.
  values.columns = TEMPLATE_COLUMNS.map((column) => ({ header: column.header[language], width: column.width + 8 }));
  values.getRow(1).font = { bold: true };
  values.addRow(TEMPLATE_COLUMNS.map((column) => column.rule[language]));
  values.getRow(2).font = { italic: true };
  const longest = Math.max(0, ...Object.values(lists).map((list) => list.length));
  for (let at = 0; at < longest; at += 1)
    values.addRow(TEMPLATE_COLUMNS.map((column) => lists[column.field]?.[at] ?? null));

  // The type, site and state cells of the first 2,000 rows (an import's most) choose from those lists.
  const quoted = `'${TEXTS.values[language]}'`;
  TEMPLATE_COLUMNS.forEach((column, index) => {
    const list = lists[column.field];
    if (!list || list.length === 0) return;
    const letter = values.getColumn(index + 1).letter;
    for (let line = 2; line <= 2001; line += 1) {
      sheet.getCell(line, index + 1).dataValidation = {
        type: 'list',
        allowBlank: true,
        formulae: [`${quoted}!$${letter}$3:$${letter}$${list.length + 2}`],
        showErrorMessage: false,
      };
    }
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

export const equipmentTemplateRoutes: RoutePlugin = async (app) => {
  app.get(
    '/blade-system/equ/import-template',
    {
      config: { access: { menu: 'equ' }, button: 'equ_add' },
      schema: { tags: ['设备'], summary: '设备导入模板 (示例行与可填写的值)' },
    },
    async (request, reply) =>
      reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="equipment-template.xlsx"')
        .send(await equipmentTemplate(app.ctx, request)),
  );
};
