// The customer apps (/blade-system/app): each mini program or web app the business runs, by its platform app id; and
// their entries (/blade-system/app-menu), which the role grant's `appMenuIds` hands to roles.
import { defineResource } from '../../platform/engine/define.js';
import { unique } from '../../platform/engine/unique.js';
import { linkWhenTouched, refuseInUse, refuseSameKey } from './rules.js';

export const apps = defineResource({
  table: 'biz_app',
  prefix: '/blade-system/app',
  menu: 'app',
  title: '应用',
  fields: {
    appName: { type: 'text', label: '应用名称', en: 'App name', required: '请输入应用名称', maxLength: 100 },
    appKey: { type: 'text', label: '应用标识', en: 'App id', required: '请输入应用标识', maxLength: 64 },
    // Dictionary `app_kind`: 1 微信小程序, 2 支付宝小程序, 3 H5.
    appKind: { type: 'integer', label: '应用类型', en: 'Kind', required: '请选择应用类型', enum: [1, 2, 3] },
    remark: { type: 'text', label: '备注', en: 'Remark', maxLength: 500 },
  },
  beforeSave: unique('biz_app', 'appKey', '应用标识已存在'),
  beforeRemove: async ({ db, ids }) => refuseInUse(db, 'biz_app_menu', 'appId', ids, '应用下还有菜单,请先删除菜单'),
});

export const appMenus = defineResource({
  table: 'biz_app_menu',
  prefix: '/blade-system/app-menu',
  menu: 'app',
  title: '应用菜单',
  defaultOrder: [
    ['sort', 'asc'],
    ['code', 'asc'],
  ],
  fields: {
    appId: { type: 'id', label: '所属应用', en: 'App', required: '请选择所属应用' },
    menuName: { type: 'text', label: '菜单名称', en: 'Menu name', required: '请输入菜单名称', maxLength: 50 },
    menuNameEn: { type: 'text', label: '英文名称', en: 'English name', maxLength: 100 },
    code: { type: 'text', label: '菜单编号', en: 'Code', required: '请输入菜单编号', maxLength: 50 },
    path: { type: 'text', label: '页面路径', en: 'Page path', required: '请输入页面路径', maxLength: 255 },
    icon: { type: 'text', label: '菜单图标', en: 'Icon', maxLength: 100 },
    sort: { type: 'integer', label: '排序', en: 'Sort', minimum: 0, maximum: 9999 },
    // Dictionary `app_menu_state`: 1 启用 (shown in the app), 0 停用.
    enabled: { type: 'integer', label: '是否启用', en: 'Enabled', enum: [0, 1] },
  },
  validate: async (event) => {
    await linkWhenTouched(event, 'appId', apps, { missing: '请选择所属应用', unknown: '所属应用不存在' });
  },
  beforeSave: refuseSameKey('biz_app_menu', ['appId', 'code'], '该应用已有此菜单编号'),
  // Grants of a removed app menu would only linger as dead rows.
  beforeRemove: async ({ db, ids }) => {
    await db.deleteFrom('blade_role_app_menu').where('appMenuId', 'in', ids).execute();
  },
});
