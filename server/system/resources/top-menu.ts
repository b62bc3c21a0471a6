// Top menus (contract §7): plain CRUD here; their menu grant (topmenu/grant) belongs to the menu module.
import { defineResource } from '../../platform/engine/define.js';

export const topMenus = defineResource({
  table: 'blade_top_menu',
  prefix: '/blade-system/topmenu',
  menu: 'topmenu',
  title: '顶部菜单',
  defaultOrder: [['sort', 'asc']],
  fields: {
    code: { type: 'text', label: '菜单编号', en: 'Code', required: '请输入菜单编号', maxLength: 255 },
    name: { type: 'text', label: '菜单名称', en: 'Name', required: '请输入菜单名称', maxLength: 255 },
    source: { type: 'text', label: '菜单图标', en: 'Icon', maxLength: 255 },
    sort: { type: 'integer', label: '菜单排序', en: 'Sort', required: '请输入菜单排序', minimum: 0, maximum: 1000000 },
  },
});
