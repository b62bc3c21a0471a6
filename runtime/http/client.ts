// The one request client of the console: BladeX headers, the envelope, 401 and error reporting (spec §8).
export interface Envelope<T> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

export interface HttpConfig {
  /** Prefix for every URL that starts with `/` (empty: same origin). */
  baseURL: string;
  clientId: string;
  clientSecret: string;
  /** Milliseconds before a request is abandoned (spec §9: 100000). */
  timeout: number;
  /** Body codes that reject quietly, without the error hook (spec §8 "white list"). */
  statusWhiteList: number[];
  getToken: () => string | undefined;
  /** The console's language, sent as Accept-Language so the server answers its messages in it. */
  getLanguage: () => string;
  onUnauthorized: () => void;
  /** Called with the message and code (0: network or timeout) of every failure that is not white-listed. */
  onError: (message: string, code: number) => void;
  /** The answer to this GET if the page sent it before the console's code loaded, with this token (taken once). */
  takeSentAhead: (url: string, token: string | undefined) => Promise<Response> | undefined;
}

const config: HttpConfig = {
  baseURL: '',
  clientId: 'saber',
  clientSecret: 'saber_secret',
  timeout: 100000,
  statusWhiteList: [],
  getToken: () => undefined,
  getLanguage: () => 'zh-CN',
  onUnauthorized: () => {},
  onError: () => {},
  takeSentAhead: () => undefined,
};

export function configureHttp(partial: Partial<HttpConfig>): void {
  Object.assign(config, partial);
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  params?: Record<string, QueryValue>;
  data?: unknown;
  headers?: Record<string, string>;
  /** false: send no Blade-Auth header even when signed in. */
  auth?: boolean;
  /** true: resolve with the whole body (the token endpoint answers flat, without an envelope). */
  raw?: boolean;
  signal?: AbortSignal;
  /** true: reject without the error hook (the caller shows or ignores the failure itself). */
  quiet?: boolean;
  /** true: resolve a success with the whole envelope (an action that shows the server's `msg`). */
  envelope?: boolean;
  /** true: the call carries out a person's action (a button's request), whatever its method. */
  acts?: boolean;
  /** true: resolve a file the server sends (anything but JSON) as a Blob; a JSON answer is its refusal. */
  blob?: boolean;
}

/** Answers the text to show instead of sending a call, or nothing to send it. */
export type CallGuard = (options: RequestOptions) => string | undefined;

let guard: CallGuard | undefined;
/** The code of a call the guard held back: never sent, so neither a network failure (0) nor a server's answer. */
export const HELD_CALL = -1;

/** While a guard is set, the calls it answers are not sent (the studio's preview reads, and never changes anything). */
export function guardCalls(next: CallGuard | undefined): void {
  guard = next;
}

export function buildUrl(url: string, params?: Record<string, QueryValue>): string {
  const base = url.startsWith('/') ? config.baseURL + url : url;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null && value !== '') query.append(key, String(value));
  }
  const text = query.toString();
  return text ? `${base}${base.includes('?') ? '&' : '?'}${text}` : base;
}

function fail(message: string, code: number, body?: unknown, quiet = false): never {
  if (code === 401) config.onUnauthorized();
  if (!quiet && !config.statusWhiteList.includes(code)) config.onError(message, code);
  throw new ApiError(message, code, body);
}

/**
 * The answer of a call sent before the console's code loaded. A failed call, or one the server refused for its token
 * (a token refreshed meanwhile), is sent again as any other.
 */
async function usableAnswer(sent: Promise<Response>): Promise<Response | undefined> {
  const answer = await sent.catch(() => undefined);
  return answer && answer.status !== 401 ? answer : undefined;
}

export async function request<T>(options: RequestOptions): Promise<T> {
  const held = guard?.(options);
  if (held) return fail(held, HELD_CALL, undefined, options.quiet);
  const headers: Record<string, string> = {
    Authorization: `Basic ${btoa(`${config.clientId}:${config.clientSecret}`)}`,
    'Accept-Language': config.getLanguage(),
    ...options.headers,
  };
  const token = config.getToken();
  if (token && options.auth !== false) headers['Blade-Auth'] = `bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.data instanceof FormData) body = options.data;
  else if (options.data !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.data);
  }
  const timeout = AbortSignal.timeout(config.timeout);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const method = options.method ?? 'GET';
  const url = buildUrl(options.url, options.params);
  let response: Response;
  try {
    const plain = method === 'GET' && options.auth !== false && !options.headers;
    const sent = plain ? config.takeSentAhead(url, token) : undefined;
    const ahead = sent && (await usableAnswer(sent));
    response = ahead || (await fetch(url, { method, headers, body, credentials: 'include', signal }));
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const message = timeout.aborted ? 'timeout' : error instanceof Error ? error.message : String(error);
    return fail(message, 0, undefined, options.quiet);
  }
  if (options.blob && response.ok && !response.headers.get('content-type')?.includes('json')) {
    return (await response.blob()) as T;
  }
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // A non-JSON body (an HTML error page from a proxy) is reported by its status below.
  }
  const envelope = (parsed ?? {}) as Partial<Envelope<T>> & { error_description?: string };
  if (response.status > 500)
    return fail(envelope.msg || response.statusText || String(response.status), response.status, parsed, options.quiet);
  if (options.raw) {
    if (response.status === 401) return fail(envelope.msg || '请求未授权', 401, parsed, options.quiet);
    return parsed as T;
  }
  const code = envelope.code || response.status;
  if (code !== 200) {
    return fail(envelope.msg || envelope.error_description || response.statusText, code, parsed, options.quiet);
  }
  return (options.envelope ? envelope : envelope.data) as T;
}

export const http = {
  get: <T>(url: string, params?: Record<string, QueryValue>) => request<T>({ url, params }),
  post: <T>(url: string, data?: unknown, params?: Record<string, QueryValue>) =>
    request<T>({ method: 'POST', url, data, params }),
};

const loadMd5 = () => import('./md5');

/** BladeX clients send the lower-case md5 hex of what the person typed. The hash code loads with the first password
 * sent (or once `preparePasswordHash` asked for it), so the sign-in page draws without it. */
export async function hashPassword(plain: string): Promise<string> {
  const { md5 } = await loadMd5();
  return md5(plain);
}

/** Starts loading the hash code while a person fills a password form, so sending it waits for nothing. */
export function preparePasswordHash(): void {
  loadMd5().catch(() => {
    // A failed load is tried again when the password is sent, which reports it.
  });
}
