// Every plain system resource, its specific calls, uploads and SMS sending, as one route plugin under /api.

import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { ossUploadRoutes } from '../oss/upload.js';
import { smsSendRoutes } from '../sms/routes.js';
import { attachments } from './attach.js';
import { clients } from './client.js';
import { businessDictionaries, dictionaries } from './dict.js';
import { enableRoute } from './enable.js';
import { notices } from './notice.js';
import { ossConfigs } from './oss.js';
import { params } from './param.js';
import { postSelectRoute, posts } from './post.js';
import { regionRoutes } from './region.js';
import { apiScopes, dataScopes } from './scopes.js';
import { smsConfigs } from './sms.js';
import { tenantRoutes } from './tenant.js';
import { topMenus } from './top-menu.js';

export const resourceRoutes: RoutePlugin = async (app) => {
  for (const resource of [params, clients, topMenus, dataScopes, apiScopes, notices, attachments, posts]) {
    await app.register(resource.routes);
  }
  for (const config of [ossConfigs, smsConfigs]) {
    await app.register(config.routes);
    await app.register(enableRoute(config));
  }
  await app.register(dictionaries.routes);
  await app.register(businessDictionaries.routes);
  await app.register(regionRoutes);
  await app.register(postSelectRoute);
  await app.register(tenantRoutes);
  await app.register(ossUploadRoutes);
  await app.register(smsSendRoutes);
};
