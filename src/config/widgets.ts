// The console's own widgets, formatters, actions and custom views, by the names page definitions use: the one list of
// them. The shell builds its registry from it (runtime-setup.ts) and hands it to the runtime, which draws it over its
// built-ins. Each dialog loads its code only when first opened. A name added here has its options declared in
// runtime/schema/options.schema.json, where the checks in node and the build read the names
// (tests/pages/definitions.test.ts keeps the two in step; `npm run widget:new` does both).

import type { RegistryParts } from '@ride-console/runtime/widgets';
import { lazy } from 'react';
import { BpmnModeler, ProcessDiagram } from '../views/flow/names';
import { menuIconFormat } from '../views/menu/menu-icon-format';

export const consoleWidgets: RegistryParts = {
  formatters: { menuIcon: menuIconFormat },
  // The workflow area's modeler, as the widget of 模型管理's model field.
  widgets: { bpmnModeler: BpmnModeler },
  actions: {
    roleGrant: lazy(() => import('../views/grant/RoleGrantDialog')),
    topMenuGrant: lazy(() => import('../views/grant/TopMenuGrantDialog')),
    userRoleGrant: lazy(() => import('../views/user/UserRoleGrantDialog')),
    accountMenu: lazy(() => import('../views/mp/AccountMenuDialog')),
    // The workflow area's instance diagram, as 流程跟踪's row action.
    processDiagram: ProcessDiagram,
  },
  // 页面工作室: the editor, the diff and the preview load with this screen only.
  views: { '/system/studio': lazy(() => import('../views/studio/StudioView')) },
};
