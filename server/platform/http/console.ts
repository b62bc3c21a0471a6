// Serves the built console at `/` as a CDN would; client routes (anything not under /api and not a file) fall back to
// index.html. The build names every file under assets/ by its content, so a browser keeps those for good and asks for
// none of them again on the next visit or reload; index.html and the other files are checked each time (answered 304
// when unchanged), so a new build reaches people at once. The build writes each file's brotli and gzip forms beside
// it (scripts/vite-precompress.ts): the form the browser accepts is sent as it is, compressed once at build time at
// the highest level rather than on every answer.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const KEPT_FOR_GOOD = 'public, max-age=31536000, immutable';
const CHECKED_EACH_TIME = 'no-cache';

export async function registerConsole(app: FastifyInstance, distDir: string): Promise<void> {
  const hasConsole = fs.existsSync(path.join(distDir, 'index.html'));
  const assets = path.join(distDir, 'assets') + path.sep;
  if (hasConsole)
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: 'index.html',
      cacheControl: false,
      preCompressed: true,
      setHeaders: (reply, file) => {
        reply.header('cache-control', file.startsWith(assets) ? KEPT_FOR_GOOD : CHECKED_EACH_TIME);
      },
    });
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
