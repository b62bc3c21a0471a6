// The three process management screens of the workflow area (docs/workflow.md, "Managing processes"): 模型管理,
// 部署管理 and 流程跟踪 with their view buttons, on a database seeded before them. Their codes are the buttons the
// management calls check; the administrator role holds them, no other role is given them.
import type { Kysely } from 'kysely';
import { nextId } from '../ids.js';
import type { Database } from '../schema.js';
import { now } from '../time.js';

const SCREENS = [
  { code: 'flow_model', name: '模型管理', path: '/flow/model', source: 'el-icon-share BranchesOutlined' },
  { code: 'flow_deploy', name: '部署管理', path: '/flow/deploy', source: 'el-icon-upload CloudServerOutlined' },
  { code: 'flow_follow', name: '流程跟踪', path: '/flow/follow', source: 'el-icon-date ScheduleOutlined' },
];

const aliasOf = (code: string): string => code.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

export async function up(db: Kysely<unknown>): Promise<void> {
  const trx = db as Kysely<Database>;
  const work = await trx.selectFrom('blade_menu').select('id').where('code', '=', 'work').executeTakeFirst();
  // A fresh database is seeded after the migrations, with all of this (facts/menu-tree.ts).
  if (!work) return;
  const createTime = now();
  const base = { isOpen: 1, remark: null, createTime, keepAlive: 1 };
  const rows = SCREENS.flatMap((screen, index) => {
    const id = nextId();
    return [
      {
        ...base,
        id,
        parentId: work.id,
        code: screen.code,
        name: screen.name,
        alias: aliasOf(screen.code),
        path: screen.path,
        source: screen.source,
        // After the five task screens (发起事务 … 办结事务).
        sort: 6 + index,
        category: 1,
        action: 0,
      },
      {
        ...base,
        id: nextId(),
        parentId: id,
        code: `${screen.code}_view`,
        name: '查看',
        alias: aliasOf(`${screen.code}_view`),
        path: null,
        source: null,
        sort: 1,
        category: 2,
        action: 2,
      },
    ];
  });
  await trx.insertInto('blade_menu').values(rows).execute();
  const admin = await trx
    .selectFrom('blade_role')
    .select('id')
    .where('roleAlias', '=', 'administrator')
    .executeTakeFirst();
  if (admin)
    await trx
      .insertInto('blade_role_menu')
      .values(rows.map((row) => ({ id: nextId(), menuId: row.id, roleId: admin.id })))
      .execute();
  const top = await trx.selectFrom('blade_top_menu').select('id').where('code', '=', 'operation').executeTakeFirst();
  if (top)
    await trx
      .insertInto('blade_top_menu_setting')
      .values(
        rows.filter((row) => row.category === 1).map((row) => ({ id: nextId(), topMenuId: top.id, menuId: row.id })),
      )
      .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const trx = db as Kysely<Database>;
  const codes = SCREENS.flatMap((screen) => [screen.code, `${screen.code}_view`]);
  const ids = (await trx.selectFrom('blade_menu').select('id').where('code', 'in', codes).execute()).map((r) => r.id);
  if (ids.length === 0) return;
  await trx.deleteFrom('blade_top_menu_setting').where('menuId', 'in', ids).execute();
  await trx.deleteFrom('blade_role_menu').where('menuId', 'in', ids).execute();
  await trx.deleteFrom('blade_menu').where('id', 'in', ids).execute();
}
