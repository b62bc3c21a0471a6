// A real server for one test file with the admin and the seeded operator signed in, and short call helpers that
// answer the parsed envelope together with the HTTP status.
import { call, signIn, startTestServer, type TestServer } from '../harness.js';

export type Row = Record<string, unknown>;

export interface Page {
  records: Row[];
  total: number;
  size: number;
  current: number;
  pages: number;
  orders: unknown[];
  searchCount: boolean;
}

export interface Answer {
  status: number;
  code: number;
  success: boolean;
  data: unknown;
  msg: string;
}

export const pageOf = (answer: Answer): Page => answer.data as Page;
export const rowOf = (answer: Answer): Row => answer.data as Row;
export const rowsOf = (answer: Answer): Row[] => answer.data as Row[];

export interface Api {
  server: TestServer;
  adminToken: string;
  operatorToken: string;
  get: (url: string, query?: Record<string, string | number>, token?: string) => Promise<Answer>;
  post: (
    url: string,
    options?: { query?: Record<string, string | number>; body?: unknown; token?: string },
  ) => Promise<Answer>;
  close: () => Promise<void>;
}

export async function openApi(env: Record<string, string> = {}): Promise<Api> {
  const server = await startTestServer(env);
  const adminToken = await signIn(server, 'admin', 'admin');
  const operatorToken = await signIn(server, 'operator', 'operator');
  const answer = (response: { statusCode: number; json: () => unknown }): Answer => ({
    status: response.statusCode,
    ...(response.json() as Omit<Answer, 'status'>),
  });
  return {
    server,
    adminToken,
    operatorToken,
    get: async (url, query = {}, token = adminToken) => answer(await call(server, 'GET', url, { token, query })),
    post: async (url, options = {}) =>
      answer(
        await call(server, 'POST', url, {
          token: options.token ?? adminToken,
          query: options.query,
          body: options.body,
        }),
      ),
    close: () => server.close(),
  };
}
