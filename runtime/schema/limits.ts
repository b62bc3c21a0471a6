// How big a definition may be. A screen drawn from a definition with thousands of columns or a label of a hundred
// thousand characters takes a minute to draw and cannot be used; the studio, the server, npm test, the build and the
// console all refuse it by these figures (docs/studio.md has the largest shipped page beside each).
import type { DefinitionProblem } from './definition-problems';

export const DEFINITION_LIMITS = {
  /** The definition written as compact JSON, in bytes (UTF-8). */
  bytes: 256 * 1024,
  /** Objects and arrays inside one another. */
  depth: 32,
  /** Every text: a label, a title, a placeholder, a pattern, a call. */
  textLength: 1000,
  /** The columns of one list, view or answer table. */
  columns: 100,
  /** The fields of one form, view section or summary row. */
  fields: 100,
  /** The buttons of one list's rows, or of its toolbar. */
  actions: 30,
  /** The values of a static list of options: a field's `enum`, an `enum` format's `values`. */
  options: 200,
} as const;

/** A definition far over its limits would otherwise be answered with thousands of lines saying the same. */
const MOST_PROBLEMS = 50;

const pointer = (path: string, key: string | number) =>
  `${path}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;

const isObject = (node: unknown): node is Record<string, unknown> =>
  typeof node === 'object' && node !== null && !Array.isArray(node);

/** How many items a list in the definition holds, and which limit they count against, by the key holding the list. */
function counted(
  key: string | number,
  node: unknown,
  parent: unknown,
): { limit: keyof typeof DEFINITION_LIMITS; count: number } | undefined {
  if (Array.isArray(node)) {
    if (key === 'columns') return { limit: 'columns', count: node.length };
    if (key === 'rowActions' || key === 'toolbarActions') return { limit: 'actions', count: node.length };
    if (key === 'enum') return { limit: 'options', count: node.length };
    if (key === 'fields') return { limit: 'fields', count: node.length };
    return undefined;
  }
  if (!isObject(node)) return undefined;
  if (key === 'fields') return { limit: 'fields', count: Object.keys(node).length };
  if (key === 'values' && isObject(parent) && parent.name === 'enum')
    return { limit: 'options', count: Object.keys(node).length };
  return undefined;
}

const said: Record<keyof typeof DEFINITION_LIMITS, (count: number, limit: number) => [string, string]> = {
  bytes: (count, limit) => [
    `the definition is ${count} bytes; at most ${limit} bytes`,
    `页面定义有 ${count} 字节,最多 ${limit} 字节`,
  ],
  depth: (_, limit) => [`nested deeper than ${limit} levels`, `嵌套超过 ${limit} 层`],
  textLength: (count, limit) => [
    `a text of ${count} characters; at most ${limit}`,
    `文字有 ${count} 个字符,最多 ${limit} 个`,
  ],
  columns: (count, limit) => [`${count} columns; at most ${limit}`, `有 ${count} 列,最多 ${limit} 列`],
  fields: (count, limit) => [`${count} form fields; at most ${limit}`, `表单有 ${count} 个字段,最多 ${limit} 个`],
  actions: (count, limit) => [`${count} buttons; at most ${limit}`, `有 ${count} 个按钮,最多 ${limit} 个`],
  options: (count, limit) => [`${count} options; at most ${limit}`, `有 ${count} 个选项,最多 ${limit} 个`],
};

function problem(path: string, limit: keyof typeof DEFINITION_LIMITS, count: number): DefinitionProblem {
  const [message, zh] = said[limit](count, DEFINITION_LIMITS[limit]);
  return { path: path || '/', message, zh };
}

/**
 * Where a definition passes a limit, each place with its JSON path and the limit. The walk keeps its own stack and
 * stops at the depth limit, so a hostile definition nested a hundred thousand levels deep is named, not a crash.
 */
export function limitProblems(definition: unknown): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const stack: { node: unknown; path: string; depth: number; key: string | number; parent: unknown }[] = [
    { node: definition, path: '', depth: 0, key: '', parent: undefined },
  ];
  let tooDeep = false;
  while (stack.length) {
    const { node, path, depth, key, parent } = stack.pop() as (typeof stack)[number];
    if (typeof node === 'string') {
      if (node.length > DEFINITION_LIMITS.textLength) problems.push(problem(path, 'textLength', node.length));
      continue;
    }
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= DEFINITION_LIMITS.depth) {
      if (!tooDeep) problems.push(problem(path, 'depth', depth));
      tooDeep = true;
      continue;
    }
    const count = counted(key, node, parent);
    if (count && count.count > DEFINITION_LIMITS[count.limit]) problems.push(problem(path, count.limit, count.count));
    const entries: [string | number, unknown][] = Array.isArray(node) ? [...node.entries()] : Object.entries(node);
    for (let index = entries.length - 1; index >= 0; index--) {
      const [childKey, child] = entries[index];
      if (typeof childKey === 'string' && childKey.length > DEFINITION_LIMITS.textLength)
        problems.push(problem(pointer(path, childKey.slice(0, 40)), 'textLength', childKey.length));
      stack.push({ node: child, path: pointer(path, childKey), depth: depth + 1, key: childKey, parent: node });
    }
  }
  // Only a definition nested within the limit can be written out to be weighed.
  if (!tooDeep) {
    const bytes = new TextEncoder().encode(JSON.stringify(definition) ?? '').length;
    if (bytes > DEFINITION_LIMITS.bytes) problems.unshift(problem('', 'bytes', bytes));
  }
  return problems.slice(0, MOST_PROBLEMS);
}
