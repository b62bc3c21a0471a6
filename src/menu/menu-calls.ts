// The calls that load the signed-in person's menu (menu-store.ts); a reload sends them before the console's code has
// loaded (src/ahead/).
export const menuCalls = {
  routes: '/api/blade-system/menu/routes',
  topMenu: '/api/blade-system/menu/top-menu',
  buttons: '/api/blade-system/menu/buttons',
} as const;
