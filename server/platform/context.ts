// What every route can reach through `app.ctx`: the database and the configuration.
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { DialectName } from './db/index.js';
import type { Database } from './db/schema.js';

export interface AppContext {
  db: Kysely<Database>;
  dialect: DialectName;
  config: Config;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
