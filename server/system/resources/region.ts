// Administrative regions (contract §7), keyed by `code`; provinces hang under the country code "00" (no row).
// Level, ancestors and the province…village columns follow from the parent, so a caller only names code, name
// and parent. Regions have no audit columns: removal is a real delete, refused while children exist.
import { addOrEdit } from '../../platform/access.js';
import { FIELD_LIMITS, NOTHING } from '../../platform/docs/record.js';
import { defineResource } from '../../platform/engine/define.js';
import { fieldNames, keyed, limitsOfSchema } from '../../platform/engine/schemas.js';
import type { Fields, Row } from '../../platform/engine/types.js';
import { badRequest, done, notFound, ok } from '../../platform/http/envelope.js';
import { fieldsOf, type RoutePlugin } from '../../platform/http/route-plugin.js';
import { TREE_NODE_RECORD, treeNode } from '../menus/tree.js';

export const COUNTRY_CODE = '00';
const LEVEL_COLUMNS = ['province', 'city', 'district', 'town', 'village'] as const;
const CODE = '^[0-9]{2,12}$';

const regionFields: Fields = {
  code: { type: 'text', label: '区划编号', en: 'Code', required: '请输入区划编号', maxLength: 12 },
  parentCode: { type: 'text', label: '父区划编号', en: 'Parent', required: '请选择上级区划', maxLength: 12 },
  ancestors: { type: 'text', label: '祖区划编号', en: 'Ancestor codes', readOnly: true },
  name: { type: 'text', label: '区划名称', en: 'Name', required: '请输入区划名称', maxLength: 32 },
  provinceCode: { type: 'text', label: '省级区划编号', en: 'Province code', readOnly: true },
  provinceName: { type: 'text', label: '省级名称', en: 'Province', readOnly: true },
  cityCode: { type: 'text', label: '市级区划编号', en: 'City code', readOnly: true },
  cityName: { type: 'text', label: '市级名称', en: 'City', readOnly: true },
  districtCode: { type: 'text', label: '区级区划编号', en: 'District code', readOnly: true },
  districtName: { type: 'text', label: '区级名称', en: 'District', readOnly: true },
  townCode: { type: 'text', label: '镇级区划编号', en: 'Town code', readOnly: true },
  townName: { type: 'text', label: '镇级名称', en: 'Town', readOnly: true },
  villageCode: { type: 'text', label: '村级区划编号', en: 'Village code', readOnly: true },
  villageName: { type: 'text', label: '村级名称', en: 'Village', readOnly: true },
  regionLevel: { type: 'integer', label: '层级', en: 'Level', readOnly: true },
  sort: { type: 'integer', label: '排序', en: 'Sort', minimum: 0, maximum: 1000000 },
  remark: { type: 'text', label: '备注', en: 'Remark', maxLength: 255 },
};

export const regions = defineResource({
  table: 'blade_region',
  prefix: '/blade-system/region',
  menu: 'region',
  title: '行政区划',
  base: false,
  operations: ['list'],
  defaultOrder: [
    ['sort', 'asc'],
    ['code', 'asc'],
  ],
  fields: regionFields,
});

const codeQuery = <const Name extends string>(name: Name) => ({
  type: 'object' as const,
  required: [name] as const,
  properties: keyed(name, { type: 'string', pattern: CODE } as const),
});

const submitSchema = {
  type: 'object',
  required: ['code', 'name', 'parentCode'],
  properties: {
    code: { type: 'string', pattern: CODE, description: '区划编号' },
    parentCode: { type: 'string', pattern: CODE, description: '父区划编号 (省份为 00)' },
    name: { type: 'string', minLength: 1, maxLength: 32, description: '区划名称' },
    sort: { type: ['integer', 'null'], minimum: 0, maximum: 1000000 },
    remark: { type: ['string', 'null'], maxLength: 255 },
  },
} as const;

/** The columns a region inherits from its parent, with its own level's code and name set. */
function lineage(parent: Row | null, code: string, name: string): Row {
  const level = parent ? Number(parent.regionLevel) + 1 : 1;
  const row: Row = {
    regionLevel: level,
    ancestors: parent ? `${parent.ancestors},${parent.code}` : COUNTRY_CODE,
  };
  LEVEL_COLUMNS.forEach((column, index) => {
    const own = index + 1 === level;
    const inherited = index + 1 < level;
    row[`${column}Code`] = own ? code : inherited ? (parent?.[`${column}Code`] ?? null) : null;
    row[`${column}Name`] = own ? name : inherited ? (parent?.[`${column}Name`] ?? null) : null;
  });
  return row;
}

export const regionRoutes: RoutePlugin = async (app) => {
  const access = { menu: 'region' };
  const tags = ['行政区划'];
  const db = () => app.ctx.db;
  const byCode = (code: string) =>
    db().selectFrom('blade_region').selectAll().where('code', '=', code).executeTakeFirst();

  await app.register(regions.routes);

  app.get(
    '/blade-system/region/lazy-tree',
    {
      config: {
        access,
        record: { ...TREE_NODE_RECORD, regionLevel: regions.record.regionLevel },
        answers: 'rows',
      },
      schema: {
        tags,
        summary: '区划懒加载树',
        querystring: { type: 'object', properties: { parentCode: { type: 'string', pattern: CODE } } },
      },
    },
    async (request) => {
      const parentCode = request.query.parentCode || COUNTRY_CODE;
      const rows = await db()
        .selectFrom('blade_region as r')
        .select(['r.code', 'r.parentCode', 'r.name', 'r.regionLevel'])
        .select((eb) =>
          eb
            .exists(eb.selectFrom('blade_region as c').select('c.code').whereRef('c.parentCode', '=', 'r.code'))
            .as('hasChildren'),
        )
        .where('r.parentCode', '=', parentCode)
        .orderBy('r.sort')
        .orderBy('r.code')
        .execute();
      return ok(
        rows.map((row) => ({
          ...treeNode(row.code, row.parentCode, row.name),
          regionLevel: row.regionLevel,
          hasChildren: Boolean(row.hasChildren),
        })),
      );
    },
  );

  // The place pickers of business forms (a site's province, city and district) and the names shown for their codes:
  // open to any signed-in caller, like the other pickers, as the region tree is public knowledge.
  app.get(
    '/blade-system/region/select',
    {
      config: {
        access: 'signedIn',
        record: {
          code: regions.record.code,
          parentCode: regions.record.parentCode,
          name: regions.record.name,
          regionLevel: regions.record.regionLevel,
        },
        answers: 'rows',
      },
      schema: {
        tags,
        summary: '区划选择 (下级区划,或按编号查一个区划)',
        querystring: {
          type: 'object',
          properties: { parentCode: { type: 'string', pattern: CODE }, code: { type: 'string', pattern: CODE } },
        },
      },
    },
    async (request) => {
      const { parentCode, code } = request.query;
      let query = db().selectFrom('blade_region').select(['code', 'parentCode', 'name', 'regionLevel']);
      query = code ? query.where('code', '=', code) : query.where('parentCode', '=', parentCode || COUNTRY_CODE);
      return ok(await query.orderBy('sort').orderBy('code').execute());
    },
  );

  app.get(
    '/blade-system/region/detail',
    {
      config: { access, record: regions.record, answers: 'record' },
      schema: { tags, summary: '区划详情', querystring: codeQuery('code') },
    },
    async (request) => {
      const row = await byCode(request.query.code);
      if (!row) throw notFound();
      return ok(regions.toWire(row));
    },
  );

  const limits = limitsOfSchema(submitSchema, regionFields);
  app.get(
    '/blade-system/region/fields',
    { config: { access, answer: FIELD_LIMITS }, schema: { tags, summary: '区划字段 (表单校验用的限制)' } },
    async () => ok(limits),
  );

  app.post(
    '/blade-system/region/submit',
    {
      config: {
        access,
        record: regions.record,
        answers: 'record',
        // A region is named by its code: a code already stored is an edit.
        button: addOrEdit('region', async (request) => Boolean(await byCode(String(fieldsOf(request.body)?.code)))),
        fieldMessages: { code: '请输入区划编号', name: '请输入区划名称', parentCode: '请选择上级区划' },
        fieldNames: fieldNames(regionFields),
      },
      schema: { tags, summary: '新增或修改区划', body: submitSchema },
    },
    async (request) => {
      const { body } = request;
      const existing = await byCode(body.code);
      if (body.parentCode === body.code) throw badRequest('上级区划不能是自己');
      const parent = body.parentCode === COUNTRY_CODE ? null : await byCode(body.parentCode);
      if (body.parentCode !== COUNTRY_CODE && !parent) throw badRequest(`上级区划不存在: ${body.parentCode}`);
      if (parent && Number(parent.regionLevel) >= LEVEL_COLUMNS.length) throw badRequest('村级区划下不能再添加区划');
      const row = {
        parentCode: body.parentCode,
        name: body.name,
        sort: body.sort ?? existing?.sort ?? 0,
        remark: body.remark ?? existing?.remark ?? null,
        ...lineage(parent ?? null, body.code, body.name),
      };
      if (existing) {
        await db().updateTable('blade_region').set(row).where('code', '=', body.code).execute();
      } else {
        await regions
          .db(app.ctx)
          .insertInto('blade_region')
          .values({ code: body.code, ...row })
          .execute();
      }
      return ok(regions.toWire((await byCode(body.code)) as Row));
    },
  );

  app.post(
    '/blade-system/region/remove',
    {
      config: { answer: NOTHING, access, button: 'region_delete' },
      schema: { tags, summary: '删除区划', querystring: codeQuery('id') },
    },
    async (request) => {
      const code = request.query.id;
      if (!(await byCode(code))) throw notFound();
      const child = await db()
        .selectFrom('blade_region')
        .select('code')
        .where('parentCode', '=', code)
        .executeTakeFirst();
      if (child) throw badRequest('请先删除子节点!');
      await db().deleteFrom('blade_region').where('code', '=', code).execute();
      return done();
    },
  );
};
