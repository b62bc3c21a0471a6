// A double's HTTP server on a free port of the loopback address: tests and development reach it, nothing else.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Listening {
  url: string;
  close: () => Promise<void>;
}

export type Handler = (request: http.IncomingMessage, body: Buffer, response: http.ServerResponse) => Promise<void>;

export async function listen(handler: Handler, port = 0): Promise<Listening> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      handler(request, Buffer.concat(chunks), response).catch((error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
