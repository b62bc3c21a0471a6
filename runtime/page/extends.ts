// Reuse between definitions: an object with "extends" is the object it names (another page, a block of one, or a
// shared fragment under pages/_shared/), merged with its own keys. Objects merge key by key; arrays and plain values
// replace. A mistake names the file and the place in it where the "extends" is written.

/** `system/dict`, `system/dict#/blocks/0`, `_shared/log#/columns/serviceId`. */
export type Loader = (pageId: string) => Promise<unknown>;

export class ExtendsError extends Error {
  constructor(
    /** The file whose "extends" failed, e.g. `pages/system/dictbiz.json`. */
    readonly file: string,
    /** JSON Pointer of that "extends" in the file. */
    readonly path: string,
    message: string,
    readonly zh: string,
  ) {
    super(message);
  }
}

export const fileOf = (pageId: string): string => `pages/${pageId}.json`;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Objects merge key by key (the own keys win); anything else the own value replaces, arrays included. */
export function merge(base: unknown, own: unknown): unknown {
  if (!isObject(base) || !isObject(own)) return own;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(own)) merged[key] = key in base ? merge(base[key], value) : value;
  return merged;
}

const pointerToken = (token: string) => token.replace(/~1/g, '/').replace(/~0/g, '~');

function at(document: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '/') return document;
  let node = document;
  for (const token of pointer.replace(/^\//, '').split('/').map(pointerToken)) {
    if (Array.isArray(node) && /^\d+$/.test(token)) node = node[Number(token)];
    else if (isObject(node) && token in node) node = node[token];
    else return undefined;
  }
  return node;
}

const REFERENCE = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*(#\/.*)?$/;

/** The pages and fragments a document's "extends" name (`system/dict` of `system/dict#/blocks/0`). */
function referencedPages(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) referencedPages(item, found);
  else if (isObject(node)) {
    if (typeof node.extends === 'string' && REFERENCE.test(node.extends)) found.add(node.extends.split('#')[0]);
    for (const value of Object.values(node)) referencedPages(value, found);
  }
  return found;
}

/** The definition with every "extends" replaced by what it names; `file` is where `node` was read from. */
export async function resolveExtends(node: unknown, file: string, load: Loader): Promise<unknown> {
  const loaded = new Map<string, unknown>();
  let wanted = [...referencedPages(node)];
  while (wanted.length) {
    const documents = await Promise.all(wanted.map(load));
    for (const [i, pageId] of wanted.entries()) loaded.set(pageId, documents[i]);
    wanted = [...new Set(documents.flatMap((document) => [...referencedPages(document)]))].filter(
      (pageId) => !loaded.has(pageId),
    );
  }
  return resolveExtendsFrom(node, file, (pageId) => loaded.get(pageId));
}

/** The same with the pages at hand (`pages[pageId]`), as a check does that cannot wait. */
export function resolveExtendsFrom(node: unknown, file: string, page: (pageId: string) => unknown): unknown {
  const resolve = (value: unknown, from: string, path: string, chain: string[]): unknown => {
    if (Array.isArray(value)) return value.map((item, i) => resolve(item, from, `${path}/${i}`, chain));
    if (!isObject(value)) return value;
    const { extends: reference, ...own } = value;
    const resolved: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(own)) resolved[key] = resolve(item, from, `${path}/${key}`, chain);
    if (reference === undefined) return resolved;
    const where = `${path}/extends`;
    if (typeof reference !== 'string' || !REFERENCE.test(reference)) {
      throw new ExtendsError(
        from,
        where,
        `"extends" names a page or fragment like "system/dict" or "_shared/log#/columns/0"`,
        `"extends" 应写页面或片段,如 "system/dict" 或 "_shared/log#/columns/0"`,
      );
    }
    const [pageId, pointer = ''] = reference.split('#');
    if (chain.includes(reference)) {
      const circle = [...chain.slice(chain.indexOf(reference)), reference].join(' → ');
      throw new ExtendsError(
        from,
        where,
        `"extends" goes round in a circle: ${circle}`,
        `"extends" 循环引用: ${circle}`,
      );
    }
    const document = page(pageId);
    if (document === undefined) {
      throw new ExtendsError(from, where, `${fileOf(pageId)} does not exist`, `${fileOf(pageId)} 不存在`);
    }
    const base = at(document, pointer);
    if (base === undefined) {
      throw new ExtendsError(
        from,
        where,
        `${fileOf(pageId)} has nothing at ${pointer}`,
        `${fileOf(pageId)} 中没有 ${pointer}`,
      );
    }
    const inherited = resolve(base, fileOf(pageId), pointer, [...chain, reference]);
    return merge(inherited, resolved);
  };
  return resolve(node, file, '', []);
}
