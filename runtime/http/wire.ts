// The wire types the console and the runtime use, read from the server's OpenAPI document (openapi.d.ts, generated
// by `npm run api:types`) rather than written by hand: a call's answer, its data, its query and its body by path.
import type { components, paths } from './openapi';

type Method = 'get' | 'post' | 'put' | 'delete';

/** A shared record or answer of the document by its name (`Schema<'Token'>`). */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** The operation of a path and method. */
type OperationOf<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

/** What a call answers with 200, as a whole (the envelope, or a flat answer such as sign-in's). */
export type AnswerOf<P extends keyof paths, M extends Method = 'get'> =
  OperationOf<P, M> extends {
    responses: { 200: { content: { 'application/json': infer Body } } };
  }
    ? Body
    : never;

/** The `data` a call's envelope carries. */
export type DataOf<P extends keyof paths, M extends Method = 'get'> =
  AnswerOf<P, M> extends { data: infer Data } ? Data : never;

/** A call's query parameters (none: an empty object). */
export type QueryOf<P extends keyof paths, M extends Method = 'get'> =
  OperationOf<P, M> extends {
    parameters: { query?: infer Query };
  }
    ? [NonNullable<Query>] extends [never]
      ? Record<string, never>
      : NonNullable<Query>
    : never;

/** A call's JSON body. */
export type BodyOf<P extends keyof paths, M extends Method = 'post'> =
  OperationOf<P, M> extends {
    requestBody?: { content: { 'application/json': infer Body } };
  }
    ? Body
    : never;

/** A refusal as the server answers it (`success` false, `data` null, the message in `msg`). */
export type Refusal = Schema<'Refusal'>;
