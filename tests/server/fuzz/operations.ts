// The operations of the server's own OpenAPI document, as the fuzz suite walks them: every call the server
// declares, so a call added later is fuzzed without anyone listing it here.
import type { Server } from '../../../server/start.js';

export type Access = 'public' | 'signedIn' | 'customer' | { menu: string };

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** As documented, with `{name}` placeholders. */
  path: string;
  parameters: Parameter[];
  /** Properties of the JSON body, when the call takes one. */
  bodyFields: string[] | null;
  access: Access;
  /** Its documented 400 may carry data (the page's problems of the studio's checks), not only null. */
  refusesWithData: boolean;
}

interface Documented {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
  'x-access'?: Access;
  responses?: Record<string, { $ref?: string }>;
}

export async function operationsOf(server: Server): Promise<Operation[]> {
  const response = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
  const document = response.json() as { paths: Record<string, Record<string, Documented>> };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const json = operation.requestBody?.content['application/json'];
      const access = operation['x-access'];
      if (!access) throw new Error(`${method} ${path} does not say who may call it`);
      return {
        method: method.toUpperCase() as Operation['method'],
        path,
        parameters: operation.parameters ?? [],
        bodyFields: json ? Object.keys(json.schema?.properties ?? {}) : null,
        access,
        // A 400 of the shared BadRequest carries null; one described on the call itself says what it carries.
        refusesWithData: operation.responses?.['400'] !== undefined && !operation.responses['400'].$ref,
      };
    }),
  );
}

export const nameOf = (operation: Operation): string => `${operation.method} ${operation.path}`;
