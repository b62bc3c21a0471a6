// The rental operation's resources and their calls, as one route plugin under /api.

import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { unlockRoutes } from '../locks/unlock.js';
import { activities } from './activity.js';
import { appMenus, apps } from './app.js';
import { appMenuRoutes } from './app-menu-routes.js';
import { banners, commonQuestions, goods, tips } from './catalogue.js';
import { companies } from './company.js';
import { coupons } from './coupon.js';
import { deptPickerRoutes } from './dept-picker.js';
import { equipment } from './equipment.js';
import { equipmentActionRoutes } from './equipment-actions.js';
import { equipmentImportRoutes } from './equipment-import.js';
import { equipmentTemplateRoutes } from './equipment-template.js';
import { prices } from './price.js';
import { problems } from './problem.js';
import { beds, rooms } from './room.js';
import { sites } from './site.js';
import { fieldStaff, schedules } from './staff.js';
import { staffAccountRoutes } from './staff-accounts.js';
import { equipmentTypes } from './type.js';

const RESOURCES = [
  companies,
  sites,
  equipmentTypes,
  equipment,
  prices,
  problems,
  rooms,
  beds,
  coupons,
  goods,
  activities,
  banners,
  tips,
  commonQuestions,
  fieldStaff,
  schedules,
  apps,
  appMenus,
];

export const businessRoutes: RoutePlugin = async (app) => {
  for (const resource of RESOURCES) await app.register(resource.routes);
  await app.register(equipmentActionRoutes);
  await app.register(equipmentImportRoutes);
  await app.register(equipmentTemplateRoutes);
  await app.register(unlockRoutes);
  await app.register(appMenuRoutes);
  await app.register(staffAccountRoutes);
  await app.register(deptPickerRoutes);
};
