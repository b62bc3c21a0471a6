// Posts (岗位) and the menu names BladeX clients expect. A fresh database gets its menus from the seed, which runs
// after the migrations and already holds these; a database seeded earlier gets them here: the post screen and its
// buttons, the region screen at /base/region, the button codes BladeX clients check (attach_upload replaces
// attach_add) and icon classes that serve both kinds of client. The data is written out here, not read from the
// seed, so this migration never changes.
import { type Kysely, sql } from 'kysely';
import { nextId } from '../ids.js';
import type { Database } from '../schema.js';
import { now } from '../time.js';
import { withBase } from './columns.js';

/** The posts a rental company starts with; category follows the post_category dictionary (1 高层 … 4 其他). */
const POSTS = [
  { category: 1, postCode: 'gm', postName: '总经理', sort: 1 },
  { category: 2, postCode: 'ops_manager', postName: '运营经理', sort: 2 },
  { category: 2, postCode: 'finance', postName: '财务主管', sort: 3 },
  { category: 2, postCode: 'site_lead', postName: '站点主管', sort: 4 },
  { category: 3, postCode: 'maintainer', postName: '运维专员', sort: 5 },
  { category: 3, postCode: 'service', postName: '客服专员', sort: 6 },
];

const POST_BUTTONS = [
  { code: 'post_add', name: '新增', action: 1 },
  { code: 'post_edit', name: '修改', action: 2 },
  { code: 'post_delete', name: '删除', action: 3 },
  { code: 'post_view', name: '查看', action: 2 },
];

const NEW_BUTTONS = [
  { parent: 'attach', code: 'attach_download', name: '下载', action: 2 },
  { parent: 'datascope', code: 'data_scope_setting', name: '权限配置', action: 2 },
  { parent: 'apiscope', code: 'api_scope_setting', name: '权限配置', action: 2 },
];

/**
 * Seeded antd icon names and the element-ui class stored before each, so that `source` works as a BladeX client's
 * CSS class list and as our console's icon name (`el-icon-setting SettingOutlined`).
 */
const ELEMENT_ICONS: Array<[string, string]> = [
  ['AccountBookOutlined', 'el-icon-s-finance'],
  ['ApartmentOutlined', 'el-icon-office-building'],
  ['ApiOutlined', 'el-icon-connection'],
  ['AppstoreAddOutlined', 'el-icon-circle-plus-outline'],
  ['AppstoreOutlined', 'el-icon-menu'],
  ['AuditOutlined', 'el-icon-s-check'],
  ['BankOutlined', 'el-icon-school'],
  ['BarChartOutlined', 'el-icon-data-analysis'],
  ['BookOutlined', 'el-icon-notebook-2'],
  ['BranchesOutlined', 'el-icon-share'],
  ['BugOutlined', 'el-icon-warning-outline'],
  ['BulbOutlined', 'el-icon-light'],
  ['CarryOutOutlined', 'el-icon-finished'],
  ['CheckCircleOutlined', 'el-icon-circle-check'],
  ['CloudOutlined', 'el-icon-cloudy'],
  ['CloudServerOutlined', 'el-icon-upload'],
  ['CommentOutlined', 'el-icon-chat-dot-square'],
  ['ContactsOutlined', 'el-icon-postcard'],
  ['ContainerOutlined', 'el-icon-collection'],
  ['ControlOutlined', 'el-icon-set-up'],
  ['DatabaseOutlined', 'el-icon-coin'],
  ['DeploymentUnitOutlined', 'el-icon-s-operation'],
  ['DollarOutlined', 'el-icon-money'],
  ['EnvironmentOutlined', 'el-icon-location-outline'],
  ['FileTextOutlined', 'el-icon-document'],
  ['FireOutlined', 'el-icon-hot-water'],
  ['GiftOutlined', 'el-icon-present'],
  ['GlobalOutlined', 'el-icon-map-location'],
  ['HomeOutlined', 'el-icon-house'],
  ['IdcardOutlined', 'el-icon-s-custom'],
  ['InteractionOutlined', 'el-icon-sort'],
  ['KeyOutlined', 'el-icon-key'],
  ['LayoutOutlined', 'el-icon-s-grid'],
  ['LockOutlined', 'el-icon-lock'],
  ['MedicineBoxOutlined', 'el-icon-first-aid-kit'],
  ['MenuOutlined', 'el-icon-s-unfold'],
  ['MessageOutlined', 'el-icon-chat-line-round'],
  ['MobileOutlined', 'el-icon-mobile-phone'],
  ['MoneyCollectOutlined', 'el-icon-price-tag'],
  ['MonitorOutlined', 'el-icon-monitor'],
  ['NotificationOutlined', 'el-icon-bell'],
  ['PaperClipOutlined', 'el-icon-paperclip'],
  ['PayCircleOutlined', 'el-icon-bank-card'],
  ['PictureOutlined', 'el-icon-picture-outline'],
  ['PlayCircleOutlined', 'el-icon-video-play'],
  ['ProfileOutlined', 'el-icon-s-order'],
  ['QuestionCircleOutlined', 'el-icon-question'],
  ['ReconciliationOutlined', 'el-icon-s-data'],
  ['RobotOutlined', 'el-icon-cpu'],
  ['RollbackOutlined', 'el-icon-refresh-left'],
  ['SafetyOutlined', 'el-icon-s-claim'],
  ['ScheduleOutlined', 'el-icon-date'],
  ['SendOutlined', 'el-icon-position'],
  ['SettingOutlined', 'el-icon-setting'],
  ['ShopOutlined', 'el-icon-s-shop'],
  ['ShoppingCartOutlined', 'el-icon-shopping-cart-full'],
  ['ShoppingOutlined', 'el-icon-goods'],
  ['SolutionOutlined', 'el-icon-user-solid'],
  ['SwapOutlined', 'el-icon-refresh'],
  ['TagOutlined', 'el-icon-discount'],
  ['TagsOutlined', 'el-icon-collection-tag'],
  ['TeamOutlined', 'el-icon-s-cooperation'],
  ['TransactionOutlined', 'el-icon-s-promotion'],
  ['UserOutlined', 'el-icon-user'],
  ['UsergroupAddOutlined', 'el-icon-star-off'],
  ['WalletOutlined', 'el-icon-wallet'],
  ['WechatOutlined', 'el-icon-chat-dot-round'],
  ['WechatWorkOutlined', 'el-icon-chat-square'],
];

const aliasOf = (code: string): string => code.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

export async function up(raw: Kysely<unknown>): Promise<void> {
  await withBase(raw.schema.createTable('blade_post'))
    .addColumn('category', 'integer')
    .addColumn('post_code', 'varchar(12)', (c) => c.notNull())
    .addColumn('post_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'varchar(255)')
    .execute();
  // Post codes are unique among live posts, behind the service's own 岗位编号已存在.
  await raw.schema
    .createIndex('blade_post_code_live')
    .on('blade_post')
    .columns(['tenant_id', 'post_code'])
    .unique()
    .where(sql.ref('is_deleted'), '=', 0)
    .execute();

  const db = raw as unknown as Kysely<Database>;
  const createTime = now();
  await db
    .insertInto('blade_post')
    .values(POSTS.map((post) => ({ id: nextId(), ...post, remark: null, createTime })))
    .execute();

  for (const [antd, element] of ELEMENT_ICONS) {
    for (const table of ['blade_menu', 'blade_top_menu'] as const) {
      await db
        .updateTable(table)
        .set({ source: `${element} ${antd}` })
        .where('source', '=', antd)
        .execute();
    }
  }

  const menus = await db.selectFrom('blade_menu').select(['id', 'code']).where('isDeleted', '=', 0).execute();
  const idOf = new Map(menus.map((menu) => [menu.code, menu.id]));
  const system = idOf.get('system');
  // No system menu: a fresh database, which the seed fills completely.
  if (system === undefined) return;

  const menuRow = (parentId: number, code: string, name: string, sort: number) => ({
    id: nextId(),
    parentId,
    code,
    name,
    alias: aliasOf(code),
    sort,
    isOpen: 1,
    keepAlive: 1,
    remark: null,
    createTime,
  });

  await db
    .updateTable('blade_menu')
    .set({ path: '/base/region' })
    .where('code', '=', 'region')
    .where('path', '=', '/system/region')
    .execute();
  await db
    .updateTable('blade_menu')
    .set({ code: 'attach_upload', name: '上传', alias: 'attachUpload', action: 1 })
    .where('code', '=', 'attach_add')
    .where('isDeleted', '=', 0)
    .execute();

  const buttons = NEW_BUTTONS.filter((button) => idOf.has(button.parent) && !idOf.has(button.code));
  if (!idOf.has('post')) {
    const dept = await db.selectFrom('blade_menu').select('sort').where('code', '=', 'dept').executeTakeFirst();
    const post = { ...menuRow(system, 'post', '岗位管理', dept?.sort ?? 2), path: '/system/post' };
    await db
      .insertInto('blade_menu')
      .values({ ...post, source: 'el-icon-postcard ContactsOutlined', category: 1, action: 0 })
      .execute();
    await db
      .insertInto('blade_menu')
      .values(
        POST_BUTTONS.map((button, index) => ({
          ...menuRow(post.id, button.code, button.name, index + 1),
          path: null,
          source: null,
          category: 2,
          action: button.action,
        })),
      )
      .execute();
    const topMenu = await db
      .selectFrom('blade_top_menu_setting')
      .select('topMenuId')
      .where('menuId', '=', system)
      .execute();
    if (topMenu.length > 0) {
      await db
        .insertInto('blade_top_menu_setting')
        .values(topMenu.map((top) => ({ id: nextId(), topMenuId: top.topMenuId, menuId: post.id })))
        .execute();
    }
  }
  for (const button of buttons) {
    await db
      .insertInto('blade_menu')
      .values({
        ...menuRow(idOf.get(button.parent) as number, button.code, button.name, 5),
        path: null,
        source: null,
        category: 2,
        action: button.action,
      })
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blade_post').execute();
}
