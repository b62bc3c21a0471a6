// The official account area's calls, as one route plugin under /api (docs/official-account.md).

import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { accountActionRoutes } from './actions.js';
import { materialRoutes } from './material.js';
import { menuRoutes } from './menu.js';
import { publishingRoutes } from './publishing.js';
import { pushRoutes } from './push.js';
import { accounts, autoReplies, fanMessages, fanReplies, MP_RESOURCES } from './resources.js';
import { restRoutes } from './rest.js';

export const officialAccountRoutes: RoutePlugin = async (app) => {
  for (const resource of MP_RESOURCES) await app.register(resource.routes);
  await app.register(async (scope) => {
    restRoutes(scope, accounts, ['get']);
    restRoutes(scope, autoReplies, ['get', 'post', 'put', 'delete']);
    restRoutes(scope, fanMessages, ['get', 'post', 'delete']);
    restRoutes(scope, fanReplies, ['get', 'delete']);
  });
  await app.register(accountActionRoutes);
  await app.register(materialRoutes);
  await app.register(publishingRoutes);
  await app.register(menuRoutes);
  await app.register(pushRoutes);
};
