// Calls at the paths the server declares, typed from its OpenAPI document (openapi.d.ts): the path must be one the
// server has for that method, and the query, the body, the path's parameters and the answer's data are the route's
// own, so a call that drifts from the server fails the build. URLs that come from page definitions go through
// `request` instead: they are data, not code.
import { type QueryValue, type RequestOptions, request } from './client';
import type { FilterSuffix, filters, paths } from './openapi';
import type { AnswerOf, BodyOf, DataOf, QueryOf } from './wire';

type Method = 'get' | 'post' | 'put' | 'delete';

/** The paths the server declares for a method. */
export type PathOf<M extends Method> = {
  [P in keyof paths]: [NonNullable<paths[P][M]>] extends [never] ? never : P;
}[keyof paths];

/** The `{name}` parameters of a path (`/api/blade-mp/menu/{id}`), or never for a path without them. */
type PathParamsOf<P extends keyof paths, M extends Method> =
  NonNullable<paths[P][M]> extends { parameters: { path: infer Params } } ? Params : never;

/** How a call is sent, beyond its path, query and body. */
type SendOptions = Pick<RequestOptions, 'quiet' | 'signal' | 'headers' | 'auth'>;

type CallOptions<P extends keyof paths, M extends Method> = SendOptions &
  ([PathParamsOf<P, M>] extends [never] ? { params?: never } : { params: PathParamsOf<P, M> });

/** A list's filter keys: each field it declares, alone or with a suffix (`phoneNumber_equal`). */
type FilterKeyOf<P> = P extends keyof filters ? filters[P] | `${filters[P]}_${FilterSuffix}` : never;

/** A call's query: its declared parameters and, for a list, its filters. */
type FullQueryOf<P extends keyof paths, M extends Method> = QueryOf<P, M> &
  ([FilterKeyOf<P>] extends [never] ? unknown : Partial<Record<FilterKeyOf<P>, QueryValue>>);

/** A query argument that may be left out when the route requires no query parameter. */
type QueryArgs<P extends keyof paths, M extends Method> =
  Record<string, never> extends QueryOf<P, M>
    ? [query?: FullQueryOf<P, M>, options?: CallOptions<P, M>]
    : [query: FullQueryOf<P, M>, options?: CallOptions<P, M>];

type BodyOptions<P extends keyof paths, M extends Method> = CallOptions<P, M> & { query?: QueryOf<P, M> };

/** `/api/blade-mp/menu/{id}` with `{ id: '7' }` → `/api/blade-mp/menu/7`. */
function fill(path: string, params: unknown): string {
  if (!params) return path;
  const values = params as Record<string, string | number>;
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name])));
}

function send<T>(
  method: RequestOptions['method'],
  path: string,
  query: object | undefined,
  body: unknown,
  options: (SendOptions & { params?: unknown }) | undefined,
  envelope = false,
): Promise<T> {
  const { params, ...how } = options ?? {};
  return request<T>({
    ...how,
    method,
    url: fill(path, params),
    params: query as Record<string, QueryValue> | undefined,
    data: body,
    envelope,
  });
}

export const api = {
  get: <P extends PathOf<'get'>>(path: P, ...[query, options]: QueryArgs<P, 'get'>) =>
    send<DataOf<P, 'get'>>('GET', path, query, undefined, options),
  post: <P extends PathOf<'post'>>(path: P, body?: BodyOf<P, 'post'>, options?: BodyOptions<P, 'post'>) =>
    send<DataOf<P, 'post'>>('POST', path, options?.query, body, options),
  put: <P extends PathOf<'put'>>(path: P, body?: BodyOf<P, 'put'>, options?: BodyOptions<P, 'put'>) =>
    send<DataOf<P, 'put'>>('PUT', path, options?.query, body, options),
  /** Writes answered with the whole envelope, for a screen that shows the server's own words (`msg`). */
  answered: {
    post: <P extends PathOf<'post'>>(path: P, body?: BodyOf<P, 'post'>, options?: BodyOptions<P, 'post'>) =>
      send<AnswerOf<P, 'post'>>('POST', path, options?.query, body, options, true),
    put: <P extends PathOf<'put'>>(path: P, body?: BodyOf<P, 'put'>, options?: BodyOptions<P, 'put'>) =>
      send<AnswerOf<P, 'put'>>('PUT', path, options?.query, body, options, true),
  },
};
