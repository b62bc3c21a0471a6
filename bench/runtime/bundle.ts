// Gzipped JavaScript of the built console (dist/): what the first screen loads, and what a CRUD screen adds to it
// (the runtime chunk, the definition, and every chunk they import statically).
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const assets = path.resolve('dist/assets');

const importsOf = (file: string): string[] => {
  const code = fs.readFileSync(path.join(assets, file), 'utf8');
  const found = [...code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]);
  return [...new Set(found)];
};

function closure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...entries];
  while (stack.length) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...importsOf(file));
  }
  return seen;
}

const gzipKb = (files: Iterable<string>) =>
  [...files].reduce((sum, file) => sum + gzipSync(fs.readFileSync(path.join(assets, file))).length, 0) / 1024;

const chunk = (prefix: string) => fs.readdirSync(assets).find((f) => f.startsWith(`${prefix}-`) && f.endsWith('.js'));

export function bundleFigures(): Record<string, string> {
  const html = fs.readFileSync(path.resolve('dist/index.html'), 'utf8');
  const entry = /src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
  const layout = chunk('MainLayout');
  const runtime = chunk('DefinitionPage');
  const definition = chunk('param');
  if (!entry || !layout || !runtime || !definition)
    return { 'CRUD screen JavaScript': 'dist/ lacks the runtime chunks' };
  const start = closure([entry]);
  const shell = [...closure([layout])].filter((file) => !start.has(file));
  const screen = closure([runtime, definition]);
  const added = [...screen].filter((file) => !start.has(file) && !shell.includes(file));
  return {
    'sign-in screen JS (gzip)': `${gzipKb(start).toFixed(1)} KB`,
    'console layout adds (gzip)': `${gzipKb(shell).toFixed(1)} KB`,
    'CRUD screen (parameters) adds (gzip)': `${gzipKb(added).toFixed(1)} KB in ${added.length} chunks`,
    'CRUD screen total JS (gzip)': `${gzipKb(new Set([...start, ...shell, ...screen])).toFixed(1)} KB`,
  };
}
