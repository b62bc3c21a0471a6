// Every group of API routes, registered under /api in this order. A new module adds one line here.
import type { FastifyPluginAsync } from 'fastify';

export const apiRoutes: FastifyPluginAsync[] = [];
