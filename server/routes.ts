// Every group of API routes, registered under /api in this order. A new module adds one line here.
import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/routes.js';
import { logRoutes } from './logs/routes.js';
import { resourceRoutes } from './resources/index.js';

export const apiRoutes: FastifyPluginAsync[] = [authRoutes, resourceRoutes, logRoutes];
