// A route's input is declared once, by its schema (server/README.md, "Conventions"): the handlers read
// `request.body`, `request.query` and `request.params` as the type provider types them, never through a cast that
// could say something else than what was validated.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..', '..');

const CAST = /request\s*\.\s*(body|query|params)\s*\)?\s+as\s/g;

/** `file:line: text` for each cast of a request's input in `text`. */
function castsIn(file: string, text: string): string[] {
  return [...text.matchAll(CAST)].map((match) => {
    const line = text.slice(0, match.index).split('\n').length;
    return `${file}:${line}: ${text.split('\n')[line - 1].trim()}`;
  });
}

function serverFiles(): string[] {
  return fs
    .readdirSync(path.join(root, 'server'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => path.posix.join('server', name.split(path.sep).join('/')));
}

describe("the routes' input", () => {
  it('is read as its schema types it: no cast of a request body, query or params in the server', () => {
    const files = serverFiles();
    expect(files.length).toBeGreaterThan(200);
    const casts = files.flatMap((file) => castsIn(file, fs.readFileSync(path.join(root, file), 'utf8')));
    expect(casts).toEqual([]);
  });

  it('finds a cast wherever it is written', () => {
    const planted = [
      'const body = request.body as Row;',
      'const id = Number((request.query as { id: string }).id);',
      'const { id } = request.params\n  as { id: string };',
    ].join('\n');
    expect(castsIn('planted.ts', planted)).toEqual([
      'planted.ts:1: const body = request.body as Row;',
      'planted.ts:2: const id = Number((request.query as { id: string }).id);',
      'planted.ts:3: const { id } = request.params',
    ]);
    expect(castsIn('clean.ts', 'const { id } = request.query;\nconst query = fieldsOf(request.query);')).toEqual([]);
  });
});
