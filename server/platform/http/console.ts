// Serves the built console at `/`; client routes (anything not under /api and not a file) fall back to index.html.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export async function registerConsole(app: FastifyInstance, distDir: string): Promise<void> {
  const hasConsole = fs.existsSync(path.join(distDir, 'index.html'));
  if (hasConsole) await app.register(fastifyStatic, { root: distDir, wildcard: false, index: 'index.html' });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (hasConsole && request.method === 'GET' && !url.startsWith('/api/') && !path.extname(url)) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ code: 404, success: false, data: null, msg: `接口不存在: ${request.method} ${url}` });
  });
}
