// Which menus a top menu holds (topmenu/grant), from menu/grant-top-tree and the top menu's current keys (both
// `{menu: [...]}`, as BladeX answers them). Saving with nothing ticked clears the top menu, so it asks first.
import { Modal, Spin } from 'antd';
import { type ActionProps, http, request } from '../../../runtime/index';
import { type GrantNode, GrantTree } from './GrantTree';
import { useGrant } from './useGrant';

export default function TopMenuGrantDialog({ row, onClose }: ActionProps) {
  const topMenuId = String(row?.id ?? '');
  const grant = useGrant<GrantNode[], string[]>({
    key: topMenuId,
    load: async () => {
      const [tree, keys] = await Promise.all([
        http.get<{ menu?: GrantNode[] }>('/api/blade-system/menu/grant-top-tree'),
        http.get<{ menu?: string[] }>('/api/blade-system/menu/top-tree-keys', { topMenuIds: topMenuId }),
      ]);
      return { trees: tree.menu ?? [], checked: (keys.menu ?? []).map(String) };
    },
    save: (checked) =>
      request({
        method: 'POST',
        url: '/api/blade-system/topmenu/grant',
        data: { topMenuIds: [topMenuId], menuIds: checked },
      }),
    clears: (checked) => (checked.length === 0 ? 'clearTopMenu' : undefined),
    onClose,
  });
  const { trees, checked, text } = grant;

  return (
    <Modal
      open
      title={text('topMenuGrant')}
      width={600}
      okText={text('ok')}
      cancelText={text('cancel')}
      confirmLoading={grant.saving}
      onOk={grant.save}
      onCancel={() => onClose(false)}
    >
      {trees && checked ? <GrantTree nodes={trees} checked={checked} onChange={grant.setChecked} /> : <Spin />}
    </Modal>
  );
}
