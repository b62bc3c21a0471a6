// A route's input is declared once, as the JSON schema Fastify validates with: the type provider reads each route's
// `body`, `querystring` and `params` schemas (written `as const`) and types `request.body`, `request.query` and
// `request.params` from them, so a handler reads what was validated and `tsc` refuses one that reads anything else.
import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginOptions } from 'fastify';

/** A plugin registering routes whose handlers read their input as the routes' schemas declare it; `Options` are what
 * the app hands it when registering it. */
export type RoutePlugin<Options extends FastifyPluginOptions = Record<never, never>> =
  FastifyPluginAsyncJsonSchemaToTs<{ Options: Options }>;

/**
 * The input seen by a hook that runs for every route (whose schema it does not know): an object's fields, or
 * undefined for anything else (no body, a text body, a list).
 */
export function fieldsOf(input: unknown): Record<string, unknown> | undefined {
  return isFields(input) ? input : undefined;
}

const isFields = (input: unknown): input is Record<string, unknown> =>
  input !== null && typeof input === 'object' && !Array.isArray(input);

/** The instance a route plugin registers on, for a helper that registers a route there. */
export type RouteApp = Parameters<RoutePlugin>[0];
