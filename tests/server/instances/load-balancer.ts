// A load balancer in a few lines, as nginx runs in front of several instances: round robin, a connection per request
// (no upstream keep-alive), a refused connection sent to another instance (safe whatever the method: nothing was
// sent). With `readiness`, only instances whose /readyz answered 200 at the last check (every CHECK_MS) get requests.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const CHECK_MS = 150;
/** Headers of one connection, which a proxy never passes on (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);
const endToEnd = (headers: http.IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name, value]) => value !== undefined && !HOP_BY_HOP.has(name)));

export interface LoadBalancer {
  url: string;
  /** Whether the last readiness check found the instance on `port` ready. */
  ready: (port: number) => boolean;
  /** Requests sent on to another instance after a refused connection. */
  retried: () => number;
  close: () => Promise<void>;
}

export async function startLoadBalancer(ports: number[], { readiness = false } = {}): Promise<LoadBalancer> {
  const ready = new Map<number, boolean>();
  let next = 0;
  let retried = 0;
  const check = () => {
    for (const port of ports) {
      fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(1000) }).then(
        (answer) => ready.set(port, answer.status === 200),
        () => ready.set(port, false),
      );
    }
  };
  const checker = readiness ? setInterval(check, CHECK_MS) : undefined;
  if (readiness) check();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const forward = (tries: number) => {
        const live = readiness ? ports.filter((port) => ready.get(port)) : ports;
        const pool = live.length > 0 ? live : ports;
        next += 1;
        const port = pool[next % pool.length];
        const upstream = http.request(
          { host: '127.0.0.1', port, method: request.method, path: request.url, agent: false },
          (answer) => {
            // The instance's `Connection: close` or keep-alive time is its connection's, not the client's.
            response.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
            answer.pipe(response);
          },
        );
        for (const [name, value] of Object.entries(endToEnd(request.headers))) {
          upstream.setHeader(name, value as string);
        }
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code === 'ECONNREFUSED' && tries <= ports.length + 1) {
            retried += 1;
            ready.set(port, false);
            return forward(tries + 1);
          }
          if (!response.headersSent) response.writeHead(502);
          response.end();
        });
        upstream.end(body);
      };
      forward(1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    ready: (port) => ready.get(port) === true,
    retried: () => retried,
    close: async () => {
      clearInterval(checker);
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A port free now, for an instance that must come back on the same one after it is killed. */
export async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The premise of every restart: nothing answers on `port` any more. */
export const refuses = (port: number): Promise<boolean> =>
  fetch(`http://127.0.0.1:${port}/healthz`).then(
    () => false,
    () => true,
  );
