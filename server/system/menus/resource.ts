// blade_menu as an engine resource: fields, validation and the checks a menu change must pass.
import { defineResource } from '../../platform/engine/define.js';
import {
  liveLinks,
  parentAmong,
  parentIdOf,
  refuseLoop,
  refuseParentsWithChildren,
  refuseTaken,
} from '../../platform/engine/tree.js';
import type { Row } from '../../platform/engine/types.js';
import { badRequest } from '../../platform/http/envelope.js';

export const MSG_DUPLICATE_CODE = '菜单编号已存在';
export const MSG_PARENT_LOOP = '上级菜单不能是自身或其下级菜单';
export const MSG_PARENT_MISSING = '上级菜单不存在';
export const MSG_BUTTON_PARENT = '按钮下不能再添加菜单或按钮';

const refuseMenusWithChildren = refuseParentsWithChildren('blade_menu');

export const menuResource = defineResource({
  table: 'blade_menu',
  prefix: '/blade-system/menu',
  menu: 'menu',
  title: '菜单',
  operations: ['submit', 'remove'],
  answerSaved: true,
  defaultOrder: [['sort', 'asc']],
  fields: {
    parentId: { type: 'id', label: '上级菜单', en: 'Parent', emptyMeans: 0 },
    code: { type: 'text', label: '菜单编号', en: 'Code', required: '请输入菜单编号', maxLength: 255 },
    name: { type: 'text', label: '菜单名称', en: 'Name', required: '请输入菜单名称', maxLength: 255 },
    alias: { type: 'text', label: '菜单别名', en: 'Alias', maxLength: 255 },
    path: { type: 'text', label: '路由地址', en: 'Path', maxLength: 255 },
    source: { type: 'text', label: '菜单图标', en: 'Icon', maxLength: 255 },
    sort: { type: 'integer', label: '菜单排序', en: 'Sort', minimum: 0, maximum: 99999 },
    category: { type: 'integer', label: '菜单类型', en: 'Type', required: '请选择菜单类型', enum: [1, 2] },
    action: { type: 'integer', label: '按钮功能', en: 'Button place', enum: [0, 1, 2, 3] },
    isOpen: { type: 'integer', label: '新窗口', en: 'New window', enum: [1, 2] },
    keepAlive: { type: 'integer', label: '页面缓存', en: 'Keep state', enum: [1, 2] },
    remark: { type: 'text', label: '备注', en: 'Remark', maxLength: 255 },
  },
  async beforeSave({ db, row, existing }) {
    const menus = await liveLinks(db, 'blade_menu', ['code', 'category']);
    refuseTaken(menus, row, existing, 'code', MSG_DUPLICATE_CODE);
    const parentId = parentIdOf(row, existing);
    const parent = parentAmong(menus, parentId, MSG_PARENT_MISSING);
    if (!parent) return;
    if (Number(parent.category) === 2) throw badRequest(MSG_BUTTON_PARENT);
    refuseLoop(menus, existing, parentId, MSG_PARENT_LOOP);
  },
  async beforeRemove({ db, ids }) {
    await refuseMenusWithChildren({ db, ids });
    // Grants of a removed menu would only linger as dead rows.
    await db.deleteFrom('blade_role_menu').where('menuId', 'in', ids).execute();
    await db.deleteFrom('blade_top_menu_setting').where('menuId', 'in', ids).execute();
  },
});

/** A menu row in wire form (string ids, null → "" / -1). */
export const menuWire = (row: Row): Row => menuResource.toWire(row);
