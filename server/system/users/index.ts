// The /api/blade-user calls: administration (menu `user`) and the caller's own account.

import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { profileRoutes } from './profile-routes.js';
import { registrationRoutes } from './registration-routes.js';
import { userRoutes } from './routes.js';

export const usersRoutes: RoutePlugin = async (app) => {
  await app.register(userRoutes);
  await app.register(profileRoutes);
  await app.register(registrationRoutes);
};
