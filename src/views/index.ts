// Custom dialogs and formatters of the system area, registered with the runtime under the names page definitions use.
// Each loads its code only when first opened; the shell imports this file once at start-up.
import { lazy } from 'react';
import { registerAction, registerFormatter, registerView } from '../../runtime/index';
import { menuIconFormat } from './menu/menu-icon-format';
// The workflow area's modeler and instance diagram, by name only.
import './flow/names';

registerAction(
  'roleGrant',
  lazy(() => import('./grant/RoleGrantDialog')),
);
registerAction(
  'topMenuGrant',
  lazy(() => import('./grant/TopMenuGrantDialog')),
);
registerAction(
  'userRoleGrant',
  lazy(() => import('./user/UserRoleGrantDialog')),
);

registerAction(
  'accountMenu',
  lazy(() => import('./mp/AccountMenuDialog')),
);

registerFormatter('menuIcon', menuIconFormat);

// 页面工作室: the editor, the diff and the preview load with this screen only.
registerView(
  '/system/studio',
  lazy(() => import('./studio/StudioView')),
);
