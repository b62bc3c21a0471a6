// The console's calls take their types from the server's document (runtime/http/openapi.d.ts): its own code calls
// through the typed `api`, and where it sends through `request` (a flat answer, a whole envelope, a multipart body)
// the answer's type is still one of the document's (AnswerOf, DataOf, Schema), never one written by hand again.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..', '..');

function sources(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(folder, file));
}

const WIRE_TYPES = ['AnswerOf', 'DataOf', 'Schema'];

/** Calls of a file whose answer type is not the document's: the untyped client, or `request<T>` with T by hand. */
function handTypedCalls(file: string, text: string): string[] {
  // An alias of a wire type (`type Sent = AnswerOf<…>`) counts as the wire type.
  const aliases = [...text.matchAll(/type (\w+) = (?:AnswerOf|DataOf|Schema)</g)].map((match) => match[1]);
  const named = [...WIRE_TYPES, ...aliases];
  const found: string[] = [];
  for (const match of text.matchAll(/\bhttp\.(get|post)\b/g)) found.push(`${file}: http.${match[1]}`);
  for (const match of text.matchAll(/\brequest<(.*?)>\(/g)) {
    if (!named.some((name) => new RegExp(`\\b${name}\\b`).test(match[1]))) found.push(`${file}: request<${match[1]}>`);
  }
  return found;
}

describe("the console's calls", () => {
  it('are typed from the server document', () => {
    const files = sources('src');
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((file) => handTypedCalls(file, readFileSync(path.join(root, file), 'utf8')))).toEqual([]);
  });

  it('name a call typed by hand', () => {
    const text = [
      "const menu = await http.get<Menu[]>('/api/blade-system/menu/routes');",
      "const page = await request<{ total: number }>({ url: '/api/blade-system/order/list' });",
      'type Sent = AnswerOf<"/api/blade-mp/menu/{id}", "post">;',
      "const sent = await request<Sent>({ method: 'POST', url });",
    ].join('\n');
    expect(handTypedCalls('src/example.ts', text)).toEqual([
      'src/example.ts: http.get',
      'src/example.ts: request<{ total: number }>',
    ]);
  });
});
