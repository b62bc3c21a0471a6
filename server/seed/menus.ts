// Inserts MENU_TREE and the top menus; answers the id of every menu and button by code for the role grants.
import type { Insertable, Kysely } from 'kysely';
import { aliasOf, MENU_TREE, type MenuSeed, TOP_MENUS } from '../../facts/menu-tree.js';
import { nextId } from '../platform/db/ids.js';
import type { Database, MenuTable } from '../platform/db/schema.js';
import { now } from '../platform/db/time.js';
import { menuSource } from './menu-icons.js';

export type MenuIds = Map<string, number>;

// Operators move between the business and official-account screens all day: those keep their search and page
// between visits. System screens start fresh, so an administrator always sees what was just changed.
const KEEP_ALIVE_AREAS = new Set(['business', 'mp']);

function flatten(
  menus: MenuSeed[],
  parentId: number,
  ids: MenuIds,
  rows: Insertable<MenuTable>[],
  keepAlive = false,
): void {
  const createTime = now();
  menus.forEach((menu, index) => {
    const id = nextId();
    const inKeptArea = keepAlive || (parentId === 0 && KEEP_ALIVE_AREAS.has(menu.code));
    ids.set(menu.code, id);
    rows.push({
      id,
      parentId,
      code: menu.code,
      name: menu.name,
      alias: aliasOf(menu.code),
      path: menu.path,
      source: menuSource(menu.source),
      sort: index + 1,
      category: 1,
      action: 0,
      isOpen: 1,
      keepAlive: inKeptArea && !menu.children ? 2 : 1,
      remark: null,
      createTime,
    });
    (menu.buttons ?? []).forEach((button, buttonIndex) => {
      const buttonId = nextId();
      ids.set(button.code, buttonId);
      rows.push({
        id: buttonId,
        parentId: id,
        code: button.code,
        name: button.name,
        alias: aliasOf(button.code),
        path: null,
        source: null,
        sort: buttonIndex + 1,
        category: 2,
        action: button.action,
        isOpen: 1,
        keepAlive: 1,
        remark: null,
        createTime,
      });
    });
    flatten(menu.children ?? [], id, ids, rows, inKeptArea);
  });
}

/** The codes of a group and of every menu (not button) below it: a top menu lists them all, as BladeX stores them. */
function menuCodesUnder(code: string, menus: MenuSeed[] = MENU_TREE): string[] {
  for (const menu of menus) {
    if (menu.code === code) {
      const all = (list: MenuSeed[]): string[] => list.flatMap((m) => [m.code, ...all(m.children ?? [])]);
      return all([menu]);
    }
    const found = menuCodesUnder(code, menu.children ?? []);
    if (found.length > 0) return found;
  }
  return [];
}

export async function seedMenus(db: Kysely<Database>): Promise<MenuIds> {
  const ids: MenuIds = new Map();
  const rows: Insertable<MenuTable>[] = [];
  flatten(MENU_TREE, 0, ids, rows);
  for (let start = 0; start < rows.length; start += 200) {
    await db
      .insertInto('blade_menu')
      .values(rows.slice(start, start + 200))
      .execute();
  }
  for (const top of TOP_MENUS) {
    const topMenuId = nextId();
    await db
      .insertInto('blade_top_menu')
      .values({
        id: topMenuId,
        code: top.code,
        name: top.name,
        source: menuSource(top.source),
        sort: top.sort,
        createTime: now(),
      })
      .execute();
    await db
      .insertInto('blade_top_menu_setting')
      .values(
        top.groups
          .flatMap((group) => menuCodesUnder(group))
          .map((code) => ({ id: nextId(), topMenuId, menuId: ids.get(code) ?? 0 })),
      )
      .execute();
  }
  return ids;
}
