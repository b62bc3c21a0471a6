// Tree select fed by an API (department tree, menu tree; region loads lazily by ui:options.lazyParam).
import type { WidgetProps } from '@rjsf/utils';
import { TreeSelect } from 'antd';
import { useState } from 'react';
import useSWR from 'swr';
import { http } from '../../http/client';
import { useRuntimeText } from '../../i18n/label';

export interface TreeNode {
  id: string;
  parentId?: string;
  title: string;
  key?: string;
  value: string;
  hasChildren?: boolean;
  children?: TreeNode[];
}

/** `titleField` names the field shown when the API answers records rather than tree nodes (`post/select`). */
const toOptions = (nodes: TreeNode[], titleField = 'title'): TreeNode[] =>
  nodes.map((node) => ({
    ...node,
    title: String((node as unknown as Record<string, unknown>)[titleField] ?? node.title),
    value: String(node.value ?? node.id),
    children: node.children?.length ? toOptions(node.children, titleField) : undefined,
  }));

export function TreeSelectWidget(props: WidgetProps) {
  const t = useRuntimeText();
  const url = String(props.options.url ?? '');
  const lazyParam = props.options.lazyParam ? String(props.options.lazyParam) : undefined;
  const root = String(props.options.root ?? '0');
  const multiple = props.options.multiple === true;
  const { data } = useSWR(url ? ['tree', url, lazyParam ? root : ''] : null, () =>
    http.get<TreeNode[]>(url, lazyParam ? { [lazyParam]: root } : undefined),
  );
  const [loaded, setLoaded] = useState<TreeNode[]>([]);
  const nodes = toOptions([...(data ?? []), ...loaded], String(props.options.titleField ?? 'title'));
  const value = multiple
    ? props.value
      ? String(props.value).split(',').filter(Boolean)
      : []
    : (props.value ?? undefined);
  return (
    <TreeSelect
      id={props.id}
      style={{ width: '100%' }}
      allowClear
      showSearch={!lazyParam}
      treeNodeFilterProp="title"
      multiple={multiple}
      treeCheckable={multiple}
      placeholder={props.placeholder || t('pleaseSelect')}
      treeDataSimpleMode={lazyParam ? { id: 'id', pId: 'parentId' } : undefined}
      treeData={lazyParam ? nodes.map((node) => ({ ...node, pId: node.parentId, isLeaf: !node.hasChildren })) : nodes}
      loadData={
        lazyParam
          ? async (node) => {
              const children = await http.get<TreeNode[]>(url, { [lazyParam]: String(node.value) });
              setLoaded((previous) => [...previous, ...children.map((child) => ({ ...child, children: undefined }))]);
            }
          : undefined
      }
      value={value}
      disabled={props.disabled || props.readonly}
      onChange={(next) => props.onChange(multiple ? (next as string[]).join(',') : (next ?? undefined))}
      onBlur={() => props.onBlur(props.id, props.value)}
    />
  );
}
