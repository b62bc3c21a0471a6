// The providers' documented examples (the JSON files beside this one, each naming its source) and a raw HTTP
// request to a double as the document writes it: its own Host header, nothing added.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

export function vectorOf<T = Record<string, unknown>>(name: string): T {
  return JSON.parse(fs.readFileSync(path.join(import.meta.dirname, `${name}.json`), 'utf8')) as T;
}

export interface RawAnswer {
  status: number;
  body: string;
}

/** `target` is the path with its query; `headers` go out as given, Host included. */
export function send(
  base: string,
  method: string,
  target: string,
  headers: Record<string, string>,
  body = '',
): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, method, path: target, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** The text with one character changed: the last of its kind swapped for another of the same alphabet. */
export function oneCharChanged(text: string, at = text.length - 1): string {
  const swapped = text[at] === 'a' ? 'b' : 'a';
  return `${text.slice(0, at)}${swapped}${text.slice(at + 1)}`;
}
