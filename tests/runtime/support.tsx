// Shared by the runtime's jsdom tests: the console's texts with the runtime's, and a fetch double that
// answers like the BladeX server (envelope, paging) from an in-memory table.
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import { i18n } from '../../runtime/i18n/texts';
import { runtimeResources } from '../../runtime/index';

export { i18n };

i18n.init({
  lng: 'zh',
  fallbackLng: 'zh',
  resources: { zh: { runtime: runtimeResources.zh }, en: { runtime: runtimeResources.en } },
});

/** Each test gets its own swr cache, so one test's answers never show in another. */
export function Providers({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>;
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

/** Routes `METHOD path` to handlers; every call is recorded. A handler may throw `{code, msg}` to refuse. */
export function fakeServer(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchDouble = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://console.test');
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    };
    calls.push(call);
    const handler = routes[`${call.method} ${call.path}`];
    if (!handler) return Response.json({ code: 404, success: false, msg: `no route ${call.path}` }, { status: 404 });
    try {
      const data = await handler(call);
      if (data instanceof Answer) return Response.json({ code: 200, success: true, data: data.data, msg: data.msg });
      return Response.json({ code: 200, success: true, data, msg: '操作成功' });
    } catch (refusal) {
      const { code, msg } = refusal as { code: number; msg: string };
      return Response.json({ code, success: false, data: null, msg }, { status: code });
    }
  });
  vi.stubGlobal('fetch', fetchDouble);
  return { calls, fetch: fetchDouble };
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
