// A definition is data: it names server calls and fields, never code. Checked by the server before it stores a
// version and by the console before it draws one that came from the server, so a stored definition cannot carry a
// script or send a person's token to another site.
import type { DefinitionProblem } from '../schema/validate';

/** Strings that would run as code where a definition's text reaches a link, an image or markup. */
const CODE = /^\s*(javascript|vbscript|data):|<\s*script/i;

function problem(path: string, message: string, zh: string): DefinitionProblem {
  return { path: path || '/', message, zh };
}

export function dataOnlyProblems(definition: unknown): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const walk = (node: unknown, path: string, inCall: boolean) => {
    if (typeof node === 'string') {
      if (CODE.test(node))
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

/** A definition from the server that holds code: drawn as the problems, never as a screen. */
export class UnsafeDefinitionError extends Error {
  constructor(
    readonly file: string,
    readonly problems: DefinitionProblem[],
  ) {
    super(problems[0]?.message ?? 'unsafe definition');
  }
}
