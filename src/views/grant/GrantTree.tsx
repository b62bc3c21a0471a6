// A checkable tree of grantable items (menus, data scopes, API scopes) fed by the BladeX tree nodes.
import { Tree } from 'antd';

export interface GrantNode {
  id: string;
  title: string;
  children?: GrantNode[];
}

interface AntNode {
  key: string;
  title: string;
  children?: AntNode[];
}

const toNodes = (nodes: GrantNode[]): AntNode[] =>
  nodes.map((node) => ({
    key: String(node.id),
    title: node.title,
    children: node.children?.length ? toNodes(node.children) : undefined,
  }));

export function GrantTree(props: { nodes: GrantNode[]; checked: string[]; onChange: (keys: string[]) => void }) {
  return (
    <Tree
      checkable
      defaultExpandAll
      treeData={toNodes(props.nodes)}
      checkedKeys={props.checked}
      onCheck={(keys) => props.onChange((Array.isArray(keys) ? keys : keys.checked).map(String))}
      style={{ maxHeight: 480, overflow: 'auto' }}
    />
  );
}
