// The calls a signed-in console makes first on an address it is opened or reloaded on, sent by a small script the page
// runs before the console's code (src/ahead/send-ahead.ts). The build writes down, from the page files and the
// runtime's own rules (runtime/crud/controller/listQuery.ts), which call each definition screen's list opens with. So
// a reloaded screen's rows are on their way while its code loads, instead of after it. The same script then asks for
// the address's code (src/ahead/load-ahead.ts, with the table scripts/preload-table.ts writes from the finished
// bundle), so it is written once the bundle is. The script is a file of its own, not inline, because the console's
// pages run no inline script (server/platform/http/browser-headers.ts).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { minify, type Plugin, transformWithOxc } from 'vite';
import { plainOpeningCall } from '../runtime/crud/controller/listQuery';
import { VIEW_SETTINGS_PREFIX } from '../runtime/crud/controller/viewSettings';
import { fileOf, resolveExtendsFrom } from '../runtime/page/extends';
import { screenListOf } from '../runtime/page/screen-list';
import type { PageDefinition } from '../runtime/schema/types';
import { baselinePageIds } from '../server/system/studio/baseline.js';
import type { CodeTable } from '../src/ahead/code-table';
import type { AheadTable } from '../src/ahead/table';
import { publishedCall } from '../src/config/published-call';
import { settings } from '../src/config/settings';
import { menuCalls } from '../src/menu/menu-calls';
import { codeTable } from './preload-table';

const root = join(import.meta.dirname, '..');
const aheadFile = (name: string) => join(root, 'src', 'ahead', name);
/** Where the development server serves the script; a build names it by its content, under assets/. */
const devPath = '/send-ahead.js';

const readPage = (pageId: string): unknown => JSON.parse(readFileSync(join(root, fileOf(pageId)), 'utf8'));

/** The screens' opening calls, from the page files as they are now. */
export function aheadTable(): AheadTable {
  const screens: AheadTable['screens'] = {};
  for (const pageId of baselinePageIds()) {
    let page: PageDefinition;
    try {
      page = resolveExtendsFrom(readPage(pageId), fileOf(pageId), readPage) as PageDefinition;
    } catch {
      // A file being written (under npm run dev) is the console's to report when its screen opens.
      continue;
    }
    const own = Array.isArray(page?.blocks) ? screenListOf(page) : undefined;
    // A process's form (pages/flow/forms/) lists no resource of its own.
    if (typeof own?.list.api?.list === 'string')
      screens[`/${pageId}`] = { page: pageId, ...plainOpeningCall(own.list) };
  }
  return {
    prefix: settings.storagePrefix,
    viewSettings: VIEW_SETTINGS_PREFIX,
    authorization: `Basic ${btoa(`${settings.clientId}:${settings.clientSecret}`)}`,
    timeoutMs: settings.requestTimeoutMs,
    pageSize: settings.listPageSize,
    menu: Object.values(menuCalls),
    published: publishedCall,
    screens,
  };
}

/** The early scripts' files in one scope, their imports of each other dropped. */
async function compiled(names: string[]): Promise<string> {
  const parts = await Promise.all(
    names.map(async (name) => {
      const file = aheadFile(name);
      return (await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts' })).code;
    }),
  );
  return parts
    .join('\n')
    .replace(/^import .*$/gm, '')
    .replace(/^export /gm, '');
}

/**
 * The script with its table, as the browser runs it. Signed in, it then has the page read the script asking for the
 * address's code (`codeScript`), written into the page so that it too runs before the console's code; signed out
 * (the sign-in page) that script and its table are never downloaded. The development server has no bundle, so no
 * code to ask for ahead.
 */
export async function sendAheadScript(codeScript?: string): Promise<string> {
  const body = await compiled(['stored.ts', 'send-ahead.ts']);
  // The calls first: their answers take the server's time, which the code's download then overlaps.
  const code = codeScript ? `if (callsAhead(table)) document.write('<script src="/${codeScript}"><\\/script>');\n` : '';
  const script = `(() => {\n${body}\nconst table = ${JSON.stringify(aheadTable())};\nsendAhead(table);\n${code}})();\n`;
  return (await minify('send-ahead.js', script)).code;
}

/** The script asking for the address's code, with the table of the finished bundle. */
async function loadAheadScript(code: CodeTable): Promise<string> {
  const body = await compiled(['stored.ts', 'load-ahead.ts']);
  const script = `(() => {\n${body}\nloadAhead(${JSON.stringify(code)}, ${JSON.stringify(settings.storagePrefix)});\n})();\n`;
  return (await minify('load-ahead.js', script)).code;
}

const hashOf = (source: string): string => createHash('sha256').update(source).digest('hex').slice(0, 8);

export function callsAhead(): Plugin {
  let built: { fileName: string; source: string } | undefined;
  return {
    name: 'calls-ahead',
    configureServer(server) {
      // Written afresh for each page load, so an edited page file is sent ahead as it now reads.
      server.middlewares.use(devPath, (_request, response, next) => {
        sendAheadScript().then((script) => {
          response.setHeader('content-type', 'text/javascript');
          response.end(script);
        }, next);
      });
    },
    // Before Vite writes index.html (its own generateBundle, which runs after this plugin's).
    async generateBundle(_options, bundle) {
      const code = await loadAheadScript(codeTable(bundle));
      const codeFile = `assets/load-ahead-${hashOf(code)}.js`;
      this.emitFile({ type: 'asset', fileName: codeFile, source: code });
      const source = await sendAheadScript(codeFile);
      built = { fileName: `assets/send-ahead-${hashOf(source)}.js`, source };
      this.emitFile({ type: 'asset', fileName: built.fileName, source: built.source });
    },
    transformIndexHtml: {
      order: 'post',
      handler: (_html, context) => {
        if (!context.server && !built) throw new Error('calls-ahead: index.html was written before the early script');
        return [
          {
            tag: 'script',
            // Before the console's module scripts: a plain script runs as soon as it is read, and is read from the
            // cache.
            attrs: { src: context.server || !built ? devPath : `/${built.fileName}` },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}
