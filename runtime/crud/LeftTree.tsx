// A tree beside the list that filters it (users by department); "all" clears the filter.
import { Card, Tree } from 'antd';
import useSWR from 'swr';
import { useProvider } from '../config';
import type { TreeNode } from '../form/widgets/treeSelect';
import { useLabel, useRuntimeText } from '../i18n/label';
import type { LeftTreeSpec } from '../schema/types';

const ALL = '__all';

interface AntNode {
  key: string;
  title: string;
  children?: AntNode[];
}

const toNodes = (nodes: TreeNode[]): AntNode[] =>
  nodes.map((node) => ({
    key: String(node.id),
    title: node.title,
    children: node.children?.length ? toNodes(node.children) : undefined,
  }));

export function LeftTree(props: { spec: LeftTreeSpec; value?: string; onSelect: (key: string | undefined) => void }) {
  const t = useRuntimeText();
  const label = useLabel();
  const provider = useProvider();
  const { data } = useSWR(['tree', props.spec.url], () => provider.read<TreeNode[]>(props.spec.url), {
    revalidateOnFocus: false,
  });
  const treeData = [{ key: ALL, title: t('allDepartments'), children: toNodes(data ?? []) }];
  return (
    <Card size="small" title={label(props.spec.title)} style={{ width: 240, flex: 'none' }}>
      <Tree
        blockNode
        defaultExpandAll
        key={data ? 'loaded' : 'loading'}
        treeData={treeData}
        selectedKeys={[props.value ?? ALL]}
        onSelect={(keys) => {
          const key = keys[0] === undefined ? undefined : String(keys[0]);
          props.onSelect(key === ALL ? undefined : key);
        }}
      />
    </Card>
  );
}
