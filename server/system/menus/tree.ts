// Trees of rows linked by parentId, as BladeX answers them: a row whose parent is not in the set is a root, and
// `children` is left out on leaves. Menus, roles and departments all answer this way.
import { field, type RecordFields } from '../../platform/docs/record.js';

export interface Linked {
  id?: unknown;
  parentId?: unknown;
}

export type WithChildren<T> = T & { children?: WithChildren<T>[] };

/** Nests rows by parentId, keeping the rows' order among siblings. */
export function forest<T extends Linked>(rows: T[]): WithChildren<T>[] {
  const nodes = rows.map((row) => ({ ...row }) as WithChildren<T>);
  const byId = new Map(nodes.map((node) => [String(node.id), node]));
  const roots: WithChildren<T>[] = [];
  for (const node of nodes) {
    const parent = byId.get(String(node.parentId));
    if (parent && parent !== node) {
      parent.children ??= [];
      parent.children.push(node);
    } else {
      roots.push(node);
    }
  }
  return roots;
}

/** The node every tree endpoint shares (contract §5), ids as strings. */
export interface TreeNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  hasChildren?: boolean;
  children?: TreeNode[];
}

/** A tree node as the API document and the page checks read it. */
export const TREE_NODE_RECORD: RecordFields = {
  id: field('id', '主键', 'ID'),
  parentId: field('id', '上级主键', 'Parent ID'),
  title: field('text', '名称', 'Name'),
  key: field('text', '键', 'Key'),
  value: field('text', '值', 'Value'),
  hasChildren: field('boolean', '有下级', 'Has children'),
  children: field('array', '下级', 'Children'),
};

/** What a tree of a resource's rows adds to each row. */
export const TREE_ROW_FIELDS: RecordFields = {
  parentName: field('text', '上级名称', 'Parent'),
  hasChildren: field('boolean', '有下级', 'Has children'),
  children: field('array', '下级', 'Children'),
};

export const treeNode = (id: number | string, parentId: number | string, title: string): TreeNode => ({
  id: String(id),
  parentId: String(parentId),
  title,
  key: String(id),
  value: String(id),
});

/** A full tree of nodes: hasChildren says whether the node has children in this answer. */
export function nodeForest<T extends Linked & { hasChildren?: boolean }>(nodes: T[]): WithChildren<T>[] {
  const tree = forest(nodes);
  const mark = (list: WithChildren<T>[]): void => {
    for (const node of list) {
      node.hasChildren = Boolean(node.children?.length);
      if (node.children) mark(node.children);
    }
  };
  mark(tree);
  return tree;
}

/** The ids of `ids` and of all their ancestors, following parentId through `parentOf`. */
export function withAncestors(ids: Iterable<number>, parentOf: Map<number, number>): Set<number> {
  const all = new Set<number>();
  for (const start of ids) {
    let id: number | undefined = start;
    while (id !== undefined && id !== 0 && !all.has(id)) {
      all.add(id);
      id = parentOf.get(id);
    }
  }
  return all;
}
