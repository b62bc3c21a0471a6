// Every group of API routes, registered under /api in this order. A new module adds one line here.
import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/routes.js';
import { businessRoutes } from './business/index.js';
import { deptRoutes } from './depts/routes.js';
import { pageDescriptionRoutes } from './docs/page-description.js';
import { exportRoutes } from './exports/routes.js';
import { flowRoutes } from './flow/routes.js';
import { logRoutes } from './logs/routes.js';
import { menuGrantRoutes } from './menus/grant-routes.js';
import { menuRoutes } from './menus/routes.js';
import { officialAccountRoutes } from './mp/routes.js';
import { moneyRoutes } from './orders/routes.js';
import { reportRoutes } from './reports/routes.js';
import { resourceRoutes } from './resources/index.js';
import { roleRoutes } from './roles/routes.js';
import { studioRoutes } from './studio/routes.js';
import { usersRoutes } from './users/index.js';

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
