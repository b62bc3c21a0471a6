// A tree beside the list that filters it (users by department); "all" clears the filter. Its frame is drawn as antd's
// small card without being one: antd's card brings its tabs along (11 KB gzipped), which put the users screen over its
// 400 KB (src/tags/README.md).
import { Tree, theme } from 'antd';
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
  const { token } = theme.useToken();
  const treeData = [{ key: ALL, title: t('allDepartments'), children: toNodes(data ?? []) }];
  const line = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  return (
    <section
      className="left-tree"
      style={{
        width: 240,
        flex: 'none',
        border: line,
        borderRadius: token.borderRadiusLG,
        background: token.colorBgContainer,
        color: token.colorText,
      }}
    >
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          minHeight: 38,
          padding: `0 ${token.paddingSM}px`,
          borderBottom: line,
          fontWeight: token.fontWeightStrong,
        }}
      >
        {label(props.spec.title)}
      </div>
      <div style={{ padding: token.paddingSM }}>
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
      </div>
    </section>
  );
}
