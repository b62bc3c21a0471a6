// Every group of API routes, registered under /api in this order. A new module adds one line here.
import type { FastifyPluginAsync } from 'fastify';
import { officialAccountRoutes } from './channels/mp/routes.js';
import { reportRoutes } from './money/reports/routes.js';
import { moneyRoutes } from './money/routes.js';
import { pageDescriptionRoutes } from './platform/docs/page-description.js';
import { exportRoutes } from './platform/exports/routes.js';
import { businessRoutes } from './rental/business/index.js';
import { authRoutes } from './system/auth/routes.js';
import { deptRoutes } from './system/depts/routes.js';
import { flowRoutes } from './system/flow/routes.js';
import { logRoutes } from './system/logs/routes.js';
import { menuGrantRoutes } from './system/menus/grant-routes.js';
import { menuRoutes } from './system/menus/routes.js';
import { resourceRoutes } from './system/resources/index.js';
import { roleRoutes } from './system/roles/routes.js';
import { studioRoutes } from './system/studio/routes.js';
import { usersRoutes } from './system/users/index.js';

export const apiRoutes: FastifyPluginAsync[] = [
  authRoutes,
  resourceRoutes,
  businessRoutes,
  moneyRoutes,
  reportRoutes,
  flowRoutes,
  officialAccountRoutes,
  logRoutes,
  menuRoutes,
  menuGrantRoutes,
  roleRoutes,
  deptRoutes,
  usersRoutes,
  studioRoutes,
  pageDescriptionRoutes,
  exportRoutes,
];
