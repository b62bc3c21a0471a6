// A definition is data: it names server calls and fields, never code. Checked by the server before it stores a
// version and by the console before it draws one that came from the server, so a stored definition cannot carry a
// script or send a person's token to another site.
import { decodeHTML } from 'entities/decode';
import type { DefinitionProblem } from '../schema/validate';
import { CODE_SCHEMES, schemeOf, strippedText } from './url-scheme';

/** `&amp;#106;` is `&#106;` once decoded and `j` twice: entities are decoded until nothing changes (a few rounds). */
const MOST_DECODINGS = 4;

function decoded(text: string): string {
  let current = text;
  for (let round = 0; round < MOST_DECODINGS && current.includes('&'); round++) {
    const next = decodeHTML(current);
    if (next === current) break;
    current = next;
  }
  return current;
}

/**
 * Whether a text would run as code where a definition's text reaches a link, an image or markup: judged on the text as
 * a browser could read it, its entities (`&#106;`, `&#x6A;`, `&colon;`) decoded and its spaces and control characters
 * taken out, in any case.
 */
export function isCode(text: string): boolean {
  const plain = decoded(text);
  const scheme = schemeOf(plain);
  return (scheme !== undefined && CODE_SCHEMES.includes(scheme)) || strippedText(plain).includes('<script');
}

function problem(path: string, message: string, zh: string): DefinitionProblem {
  return { path: path || '/', message, zh };
}

export function dataOnlyProblems(definition: unknown): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const walk = (node: unknown, path: string, inCall: boolean) => {
    if (typeof node === 'string') {
      if (isCode(node))
        problems.push(problem(path, 'a definition holds data, not code', '页面定义只能是数据,不能含代码'));
      else if (inCall && !node.startsWith('/api/'))
        problems.push(
          problem(
            path,
            `a call must be a path of this server's API (/api/…): "${node}"`,
            `调用只能是本服务的接口路径 (/api/…): "${node}"`,
          ),
        );
      return;
    }
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) walk(item, `${path}/${index}`, inCall);
      return;
    }
    if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        // Every string of a `url`, and of an `api` (a path or its calls by name), is a call of this server.
        const call = inCall || key === 'url' || key === 'api';
        walk(value, `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, call);
      }
    }
  };
  walk(definition, '', false);
  return problems;
}
