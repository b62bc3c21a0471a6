// Shared by the runtime's jsdom tests: the console's texts with the runtime's, and a data provider that answers like
// the BladeX server (envelope messages, paging, refusals) from handlers over in-memory tables, handed to the screens
// with a registry of their own.
import { type ReactNode, useState } from 'react';
import { SWRConfig } from 'swr';
import enRuntime from '../../locales/en/runtime.json';
import zhRuntime from '../../locales/zh/runtime.json';
import { builtins } from '../../runtime/builtins';
import { i18n } from '../../runtime/i18n/texts';
import {
  ApiError,
  createRegistry,
  type DataProvider,
  type Query,
  type Registry,
  RuntimeProvider,
} from '../../runtime/index';

export { i18n };

i18n.init({
  lng: 'zh',
  fallbackLng: 'zh',
  defaultNS: 'shell',
  interpolation: { escapeValue: false },
  initAsync: false,
  resources: { zh: { runtime: zhRuntime }, en: { runtime: enRuntime } },
});

/** Each test gets its own swr cache, so one test's answers never show in another; the screens inside read from
 * `provider` (a fakeServer's) and find widgets, formatters and actions in `registry` (the runtime's own by default). */
export function Providers({
  provider,
  registry,
  children,
}: {
  provider?: DataProvider;
  registry?: Registry;
  children: ReactNode;
}) {
  // One value for the screen's life: a new provider or registry would make every screen ask again.
  const [runtime] = useState(() => ({
    provider: provider ?? fakeServer({}).provider,
    registry: registry ?? createRegistry(builtins),
  }));
  return (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <RuntimeProvider value={runtime}>{children}</RuntimeProvider>
    </SWRConfig>
  );
}

export interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

type Handler = (call: Call) => unknown | Promise<unknown>;

/** A handler's answer with a message of its own instead of 操作成功. */
export class Answer {
  constructor(
    readonly data: unknown,
    readonly msg: string,
  ) {}
}

/** A call as the server reads it: the path as sent, the query as text (empty values are not sent), a JSON body. */
function callOf(method: string, url: string, params: Query = {}, data?: unknown): Call {
  const address = new URL(url, 'http://console.test');
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') address.searchParams.append(key, String(value));
  }
  const body = data === undefined || data instanceof FormData ? data : JSON.parse(JSON.stringify(data));
  return { method, path: address.pathname, query: Object.fromEntries(address.searchParams), body };
}

/** An answer as it arrives over the wire: a copy, so a row the handler changes later is a new row on the screen. */
const wire = (data: unknown) => (data === undefined || data instanceof Blob ? data : JSON.parse(JSON.stringify(data)));

const dictionaryUrl = (biz: boolean) =>
  biz ? '/api/blade-system/dict-biz/dictionary' : '/api/blade-system/dict/dictionary';

/** Routes `METHOD path` to handlers; every call is recorded. A handler may throw `{code, msg}` to refuse. The
 * `provider` is what a test hands to the screens. */
export function fakeServer(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  /** The handler's answer with the server's message, or its refusal as the HTTP provider rejects it. */
  const answer = async (call: Call): Promise<{ data: unknown; msg: string }> => {
    calls.push(call);
    const handler = routes[`${call.method} ${call.path}`];
    if (!handler) throw new ApiError(`no route ${call.path}`, 404);
    try {
      const data = await handler(call);
      return data instanceof Answer ? { data: wire(data.data), msg: data.msg } : { data: wire(data), msg: '操作成功' };
    } catch (refusal) {
      const { code, msg } = refusal as { code: number; msg: string };
      throw new ApiError(msg, code);
    }
  };
  const data = async <T,>(call: Call) => (await answer(call)).data as T;
  const provider: DataProvider = {
    list: async (url, query) => {
      const page = await data<unknown>(callOf('GET', url, query));
      if (Array.isArray(page)) return { rows: page, total: page.length };
      const { records = [], total } = (page ?? {}) as { records?: []; total?: number };
      return { rows: records, total: total ?? records.length };
    },
    read: (url, query) => data(callOf('GET', url, query)),
    submit: (url, record) => data(callOf('POST', url, {}, record)),
    remove: (url, ids, param) => data(callOf('POST', url, { [param]: ids.map(String).join(',') })),
    dictionary: (code, biz) => data(callOf('GET', dictionaryUrl(biz), { code })),
    fieldLimits: (url) => data(callOf('GET', url)),
    send: async <T,>(call: Parameters<DataProvider['send']>[0]) => {
      const answered = await answer(callOf(call.method ?? 'GET', call.url, call.params, call.data));
      return (call.envelope ? answered : answered.data) as T;
    },
  };
  return { calls, provider };
}

/** A BladeX page of rows for `current`/`size`. */
export function pageOf<T>(rows: T[], query: Record<string, string>) {
  const current = Number(query.current ?? 1);
  const size = Number(query.size ?? 10);
  return { records: rows.slice((current - 1) * size, current * size), total: rows.length, current, size };
}

/** A page of one list block, from the list's keys written flat (as most tests' definitions are). */
export function listPage({ id, title, ...list }: { id: string; title: unknown } & Record<string, unknown>) {
  return { id, title, blocks: [{ type: 'list', ...list }] };
}
