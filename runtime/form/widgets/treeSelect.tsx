// Tree select fed by an API (department tree, menu tree; region loads lazily by ui:options.lazyParam). The address may
// name the form's fields (`?companyId={{id}}`): the tree is asked again when they change, and a parameter left empty is
// not sent. Nodes the server marks `disabled` are shown for their place in the tree and cannot be chosen; they open
// at once, as they are there only to lead to what may be chosen.
import type { WidgetProps } from '@rjsf/utils';
import { TreeSelect } from 'antd';
import { useState } from 'react';
import useSWR from 'swr';
import { useProvider } from '../../config';
import { useRuntimeText } from '../../i18n/label';

export interface TreeNode {
  id: string;
  parentId?: string;
  title: string;
  key?: string;
  value: string;
  hasChildren?: boolean;
  disabled?: boolean;
  children?: TreeNode[];
}

/** The keys of the disabled nodes (with children) in a tree. */
const disabledKeys = (nodes: TreeNode[]): string[] =>
  nodes.flatMap((node) =>
    node.disabled && node.children?.length
      ? [node.value, ...disabledKeys(node.children)]
      : disabledKeys(node.children ?? []),
  );

/** `titleField` names the field shown when the API answers records rather than tree nodes (`post/select`). */
const toOptions = (nodes: TreeNode[], titleField = 'title'): TreeNode[] =>
  nodes.map((node) => ({
    ...node,
    title: String((node as unknown as Record<string, unknown>)[titleField] ?? node.title),
    value: String(node.value ?? node.id),
    children: node.children?.length ? toOptions(node.children, titleField) : undefined,
  }));

/** The address with `{{field}}` filled from the form's values, dropping the parameters left empty. */
function filledUrl(url: string, values: Record<string, unknown>): string {
  if (!url.includes('{{')) return url;
  const [path, query = ''] = url.split('?');
  const params = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(query)) {
    const filled = value.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, field: string) => String(values[field] ?? ''));
    if (filled !== '') params.append(key, filled);
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export function TreeSelectWidget(props: WidgetProps) {
  const t = useRuntimeText();
  const provider = useProvider();
  const values = (props.registry.formContext as { values?: Record<string, unknown> } | undefined)?.values ?? {};
  const url = filledUrl(String(props.options.url ?? ''), values);
  const lazyParam = props.options.lazyParam ? String(props.options.lazyParam) : undefined;
  const root = String(props.options.root ?? '0');
  const multiple = props.options.multiple === true;
  const { data } = useSWR(url ? ['tree', url, lazyParam ? root : ''] : null, () =>
    provider.read<TreeNode[]>(url, lazyParam ? { [lazyParam]: root } : undefined),
  );
  const [loaded, setLoaded] = useState<TreeNode[]>([]);
  // Trees with disabled nodes open them until the person opens or closes a node; others expand as antd does.
  const [expanded, setExpanded] = useState<string[]>();
  const nodes = toOptions([...(data ?? []), ...loaded], String(props.options.titleField ?? 'title'));
  const opened = lazyParam ? [] : disabledKeys(nodes);
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
      treeExpandedKeys={opened.length ? (expanded ?? opened) : undefined}
      onTreeExpand={opened.length ? (keys) => setExpanded(keys.map(String)) : undefined}
      multiple={multiple}
      treeCheckable={multiple}
      placeholder={props.placeholder || t('pleaseSelect')}
      treeDataSimpleMode={lazyParam ? { id: 'id', pId: 'parentId' } : undefined}
      treeData={lazyParam ? nodes.map((node) => ({ ...node, pId: node.parentId, isLeaf: !node.hasChildren })) : nodes}
      loadData={
        lazyParam
          ? async (node) => {
              const children = await provider.read<TreeNode[]>(url, { [lazyParam]: String(node.value) });
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
