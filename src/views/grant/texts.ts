// Texts of the system area's custom dialogs, in both languages.
import { useTranslation } from '../../../runtime/i18n/texts';

const texts = {
  menu: { zh: '菜单权限', en: 'Menus' },
  dataScope: { zh: '数据权限', en: 'Data scopes' },
  apiScope: { zh: '接口权限', en: 'API scopes' },
  appMenu: { zh: '应用菜单', en: 'App menus' },
  roleGrant: { zh: '角色权限配置', en: 'Role permissions' },
  topMenuGrant: { zh: '顶部菜单配置', en: 'Top menu items' },
  userRoleGrant: { zh: '用户角色配置', en: 'User roles' },
  granted: { zh: '操作成功', en: 'Done' },
  confirmTitle: { zh: '提示', en: 'Confirm' },
  clearTopMenu: {
    zh: '未勾选任何菜单,确定清空该顶部菜单下的全部菜单吗?',
    en: 'No menu is ticked. Remove every menu from this top menu?',
  },
  clearRoleMenus: {
    zh: '未勾选任何菜单,确定清空所选角色的全部菜单权限吗?',
    en: 'No menu is ticked. Remove every menu permission from the selected roles?',
  },
  ok: { zh: '确定', en: 'OK' },
  cancel: { zh: '取消', en: 'Cancel' },
} as const;

export type ViewText = keyof typeof texts;

export function useViewText(): (key: ViewText) => string {
  const { i18n } = useTranslation();
  const lang = i18n.language?.startsWith('en') ? 'en' : 'zh';
  return (key) => texts[key][lang];
}
