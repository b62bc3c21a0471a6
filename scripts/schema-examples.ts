// Every `examples` entry of page.schema.json placed in the smallest page around it, so the page checks (checkPage,
// with the server's description) can say whether what the schema teaches is what they accept. The keys around an
// example are its neighbours' own examples, all the first, or all the second (…): the n-th examples of the schema
// must agree with one another as a page's keys do (a card's field is one the block's call answers), and an example
// is taught right when one such page accepts it.

import optionsSchema from '../runtime/schema/options.schema.json' with { type: 'json' };

type Node = Record<string, unknown>;
const isObject = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface PlacedExample {
  /** JSON Pointer of the schema node the example belongs to: `#/definitions/statCard/properties/field`. */
  pointer: string;
  example: unknown;
  /** The smallest pages holding it: around it its neighbours' first examples, their second ones … */
  pages: unknown[];
}

const tokensOf = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
const pointerOf = (tokens: string[]) => `#/${tokens.map((t) => t.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

function nodeAt(schema: Node, tokens: string[]): unknown {
  let node: unknown = schema;
  for (const token of tokens) node = isObject(node) || Array.isArray(node) ? (node as Node)[token] : undefined;
  return node;
}

/** Examples and enum values are data; `if` and `not` only test. */
const dataKeys = ['examples', 'enum', 'const', 'default', 'if', 'not'];

/** Every schema node with examples, by its tokens. */
function withExamples(node: unknown, tokens: string[] = []): Array<{ tokens: string[]; examples: unknown[] }> {
  if (!isObject(node) && !Array.isArray(node)) return [];
  const entry = node as Node;
  const own = isObject(node) && Array.isArray(node.examples) ? [{ tokens, examples: node.examples }] : [];
  return [
    ...own,
    ...Object.entries(entry)
      .filter(([key]) => !dataKeys.includes(key))
      .flatMap(([key, value]) => withExamples(value, [...tokens, key])),
  ];
}

/** Where each definition is first used on the way from the page (breadth first): the tokens of the `$ref`. */
function referencesOf(schema: Node): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const queue: string[][] = [[]];
  while (queue.length) {
    const start = queue.shift() as string[];
    const visit = (node: unknown, tokens: string[]) => {
      if (!isObject(node) && !Array.isArray(node)) return;
      if (isObject(node) && typeof node.$ref === 'string') {
        const name = node.$ref.replace('#/definitions/', '');
        if (!found.has(name)) {
          found.set(name, tokens);
          queue.push(['definitions', name]);
        }
      }
      for (const [key, value] of Object.entries(node as Node)) {
        if (!dataKeys.includes(key) && key !== 'definitions') visit(value, [...tokens, key]);
      }
    };
    visit(nodeAt(schema, start), start);
  }
  return found;
}

/** A value's n-th example (its last when it has fewer), through a reference when the node has none of its own. */
function nthExample(schema: Node, node: unknown, n: number): unknown {
  if (!isObject(node)) return undefined;
  if (Array.isArray(node.examples) && node.examples.length) return node.examples[Math.min(n, node.examples.length - 1)];
  if (typeof node.$ref === 'string') return nthExample(schema, nodeAt(schema, tokensOf(node.$ref.slice(1))), n);
  return undefined;
}

/** How many ways of neighbours are tried: as many as any node has examples. */
function mostExamples(node: unknown): number {
  if (!isObject(node) && !Array.isArray(node)) return 0;
  const own = isObject(node) && Array.isArray(node.examples) ? node.examples.length : 0;
  return Math.max(own, ...Object.values(node as Node).map(mostExamples));
}

/** The required keys of one way of `oneOf` / `anyOf` ways that only require keys: the way `given` already takes. */
function wayRequired(ways: unknown, given: Node): string[] {
  if (!Array.isArray(ways) || !ways.every((way) => isObject(way) && Array.isArray(way.required))) return [];
  const required = ways.map((way) => (way as Node).required as string[]);
  return required.find((keys) => keys.some((key) => key in given)) ?? required[0];
}

/**
 * The smallest object of a schema node around the keys `given`: its required keys (those of `else` unless it
 * `extends` another, one way of its alternatives, what a given key depends on), each its first example.
 */
function smallest(schema: Node, node: unknown, n: number, given: Node = {}): Node {
  if (!isObject(node)) return {};
  const otherwise = isObject(node.else) ? node.else : {};
  const dependencies = isObject(node.dependencies) ? node.dependencies : {};
  const required = [
    ...((node.required as string[] | undefined) ?? []),
    ...('extends' in given
      ? []
      : ((otherwise.required as string[] | undefined) ?? wayRequired(otherwise.anyOf, given))),
    ...wayRequired(node.oneOf, given),
    ...('extends' in given ? [] : wayRequired(otherwise.oneOf, given)),
    ...wayRequired(node.anyOf, given),
    ...Object.keys(given).flatMap((key) => (dependencies[key] as string[] | undefined) ?? []),
    ...('extends' in given
      ? []
      : Object.keys(given).flatMap(
          (key) =>
            ((isObject(otherwise.dependencies) ? otherwise.dependencies : {})[key] as string[] | undefined) ?? [],
        )),
  ];
  const properties = (node.properties ?? {}) as Node;
  const value: Node = {};
  for (const key of required) {
    const example = nthExample(schema, properties[key], n);
    if (example !== undefined && !(key in given)) value[key] = example;
  }
  // A block is the shape its type names (`allOf` of `if type is … then $ref`).
  for (const branch of Array.isArray(node.allOf) ? node.allOf : []) {
    const test = isObject(branch) && isObject(branch.if) ? (branch.if.properties as Node | undefined) : undefined;
    const then = isObject(branch) && isObject(branch.then) ? branch.then.$ref : undefined;
    if (!test || typeof then !== 'string') continue;
    const matches = Object.entries(test).every(([key, rule]) => isObject(rule) && rule.const === given[key]);
    if (matches) Object.assign(value, smallest(schema, nodeAt(schema, tokensOf(then.slice(1))), n, given));
  }
  return { ...value, ...given };
}

/**
 * What the page checks ask for beside a key, which the schema cannot say: a tree layout its `tree`, an import the
 * list's form (the rows are checked against it), a card's first button its row action, options their widget or action. Added to each list block of
 * the page that lacks them.
 */
function withCompanions(schema: Node, page: Node, n: number): Node {
  const list = (nodeAt(schema, ['definitions', 'listBlock', 'properties']) ?? {}) as Node;
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!isObject(node)) return node;
    const out = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, visit(value)]));
    if (out.type !== 'list') return out;
    const actions = [...((out.rowActions as Node[]) ?? []), ...((out.toolbarActions as Node[]) ?? [])];
    if (out.layout === 'tree' && !out.tree) out.tree = nthExample(schema, list.tree, n);
    if (actions.some((action) => action.import) && !out.form) out.form = nthExample(schema, list.form, n);
    // Options belong to a widget or an action that declares them: each is given the other's example.
    const field = (nodeAt(schema, ['definitions', 'formField', 'properties']) ?? {}) as Node;
    const formFields = isObject(out.form) && isObject(out.form.fields) ? Object.values(out.form.fields) : [];
    for (const formField of formFields.filter(isObject)) {
      if (formField.options && !formField.widget) formField.widget = nthExample(schema, field.widget, n);
      if (typeof formField.widget === 'string' && !formField.options && needsOptions(formField.widget))
        formField.options = nthExample(schema, field.options, n);
    }
    const action = (nodeAt(schema, ['definitions', 'action', 'properties']) ?? {}) as Node;
    for (const one of actions) if (one.options && !one.action) one.action = nthExample(schema, action.action, n);
    const primary = isObject(out.card) ? out.card.primary : undefined;
    const builtIn = ['view', 'edit', 'delete', 'child'];
    if (typeof primary === 'string' && !builtIn.includes(primary) && !out.rowActions)
      out.rowActions = nthExample(schema, list.rowActions, n);
    return out;
  };
  return visit(page) as Node;
}

/** A widget that cannot be drawn without options (a tree select's `url`). */
const needsOptions = (widget: string): boolean =>
  Boolean((optionsSchema.widgets as Record<string, { required?: string[] }>)[widget]?.required?.length);

/** The value of the whole page around `value`, which sits at `tokens` of the schema. */
function around(schema: Node, tokens: string[], value: unknown, references: Map<string, string[]>, n: number): unknown {
  let inner = value;
  let at = [...tokens];
  while (at.length) {
    const last = at[at.length - 1];
    const parentTokens = at.slice(0, -1);
    const parentKey = parentTokens[parentTokens.length - 1];
    if (at.length === 2 && at[0] === 'definitions') {
      const reference = references.get(last);
      if (!reference) throw new Error(`${pointerOf(at)} is used nowhere in a page`);
      at = reference;
      continue;
    }
    if (parentKey === 'properties') {
      const owner = parentTokens.slice(0, -1);
      inner = smallest(schema, nodeAt(schema, owner), n, { [last]: inner });
      at = owner;
    } else if (last === 'items') {
      inner = [inner];
      at = parentTokens;
    } else if (last === 'additionalProperties') {
      // The key of a map (a form's fields) is that of the map's first example, where it is used if not on itself.
      const map = nodeAt(schema, parentTokens) as Node;
      const usedAt = parentTokens[0] === 'definitions' ? references.get(parentTokens[1]) : undefined;
      const example = nthExample(schema, map, n) ?? (usedAt && nthExample(schema, nodeAt(schema, usedAt), n));
      const key = isObject(example) ? (Object.keys(example)[0] ?? 'name') : 'name';
      inner = { [key]: inner };
      at = parentTokens;
    } else if (['oneOf', 'anyOf', 'allOf'].includes(parentKey ?? '')) {
      at = parentTokens.slice(0, -1);
    } else if (last === 'then' || last === 'else') {
      at = parentTokens;
    } else {
      throw new Error(`${pointerOf(at)}: no page is known around it`);
    }
  }
  return withCompanions(schema, smallest(schema, schema, n, inner as Node), n);
}

/** Each example of the page schema in the smallest page around it. */
export function placedExamples(schema: Node): PlacedExample[] {
  const references = referencesOf(schema);
  const ways = Array.from({ length: mostExamples(schema) }, (_, n) => n);
  return withExamples(schema).flatMap(({ tokens, examples }) =>
    examples.map((example) => ({
      pointer: pointerOf(tokens),
      example,
      pages: ways.map((n) => around(schema, tokens, example, references, n)),
    })),
  );
}

type OptionKind = 'formatters' | 'widgets' | 'actions';

/**
 * The object of a formatter, widget or action naming `name` with `options`, at the page-schema node it is written as:
 * a column's format (the dictionary formatter's options are written as the column's `dict`), a form field, a row
 * action.
 */
function optionHolder(schema: Node, kind: OptionKind, name: string, options: Node, n: number) {
  if (kind === 'formatters' && name === 'dict')
    return { tokens: ['definitions', 'column', 'properties', 'dict'], value: options };
  if (kind === 'formatters')
    return { tokens: ['definitions', 'column', 'properties', 'format'], value: { name, ...options } };
  const [definition, key] = kind === 'widgets' ? ['formField', 'widget'] : ['action', 'action'];
  const node = nodeAt(schema, ['definitions', definition]);
  return { tokens: ['definitions', definition], value: smallest(schema, node, n, { [key]: name, options }) };
}

/**
 * Each example of options.schema.json in the smallest page around it: the options of its formatter, widget or action
 * with the other required ones at their first examples. An option's own keys (an enum's tag, a select's parent) are
 * taught by the example of the option that holds them.
 */
export function placedOptionExamples(pageSchema: Node): PlacedExample[] {
  const references = referencesOf(pageSchema);
  const ways = Array.from({ length: mostExamples(pageSchema) }, (_, n) => n);
  const kinds = optionsSchema as unknown as Record<OptionKind, Record<string, Node>>;
  return (['formatters', 'widgets', 'actions'] as const).flatMap((kind) =>
    Object.entries(kinds[kind]).flatMap(([name, schema]) => {
      const properties = (schema.properties ?? {}) as Record<string, Node>;
      const required = (schema.required as string[] | undefined) ?? [];
      return Object.entries(properties).flatMap(([option, property]) =>
        ((property.examples as unknown[] | undefined) ?? []).map((example) => {
          const options: Node = Object.fromEntries(
            required.map((key) => [key, (properties[key].examples as unknown[] | undefined)?.[0]]),
          );
          options[option] = example;
          return {
            pointer: `#/${kind}/${name}/properties/${option}`,
            example,
            pages: ways.map((n) => {
              const { tokens, value } = optionHolder(pageSchema, kind, name, options, n);
              return around(pageSchema, tokens, value, references, n);
            }),
          };
        }),
      );
    }),
  );
}
