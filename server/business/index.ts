// The rental operation's resources and their calls, as one route plugin under /api.
import type { FastifyPluginAsync } from 'fastify';
import { unlockRoutes } from '../locks/unlock.js';
import { companies } from './company.js';
import { equipment } from './equipment.js';
import { equipmentActionRoutes } from './equipment-actions.js';
import { prices } from './price.js';
import { sites } from './site.js';
import { equipmentTypes } from './type.js';

export const businessRoutes: FastifyPluginAsync = async (app) => {
  for (const resource of [companies, sites, equipmentTypes, equipment, prices]) await app.register(resource.routes);
  await app.register(equipmentActionRoutes);
  await app.register(unlockRoutes);
};
