// The document finished as a whole, once every route is known: each call's stable operationId and its answers
// (answers.ts), and the shared records and refusals under components.
import { type SharedRecords, sharedComponents } from './answers.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** A route's URL as the document writes it: `/api/mp/wxaccount/:id` → `/api/mp/wxaccount/{id}`. */
export const openapiPath = (url: string): string => url.replace(/:(\w+)/g, '{$1}');

const camel = (word: string) => word.replace(/[-_](\w)/g, (_, c: string) => c.toUpperCase());

/**
 * A call's operationId, read from its path so it stays the same while the path does: the path after `/api/`
 * without `blade-`, words in camelCase, a parameter as `by<Name>`, and the method last on a path with several
 * (`/api/blade-system/dict/lazy-tree` → `system.dict.lazyTree`; `/api/mp/wxautoreply/{id}` DELETE →
 * `mp.wxautoreply.byId.delete`).
 */
export function operationIdOf(path: string, method: string, methodsOnPath: number): string {
  const words = path
    .replace(/^\/api\//, '')
    .replace(/^blade-/, '')
    .split('/')
    .filter(Boolean)
    .map((word) => {
      const parameter = word.match(/^\{(\w+)\}$/);
      return parameter ? `by${parameter[1][0].toUpperCase()}${camel(parameter[1].slice(1))}` : camel(word);
    });
  return [...words, ...(methodsOnPath > 1 ? [method] : [])].join('.');
}

interface Document {
  components?: { schemas?: Record<string, object>; responses?: Record<string, object> };
  paths?: Record<string, Record<string, { operationId?: string; responses?: object }>>;
}

/** The generated document with every call's operationId and answers, and the components they refer to. */
export function finishDocument(generated: object, records: SharedRecords, answers: Map<string, object>): object {
  const document = generated as Document;
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const methods = Object.keys(item).filter((method) => METHODS.includes(method));
    for (const method of methods) {
      const operation = item[method];
      operation.operationId = operationIdOf(path, method, methods.length);
      operation.responses = answers.get(`${method} ${path}`) ?? operation.responses;
    }
  }
  const shared = sharedComponents();
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ...shared.schemas, ...records.schemas },
    responses: { ...document.components?.responses, ...shared.responses },
  };
  return document;
}
