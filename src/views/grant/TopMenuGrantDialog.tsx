// Which menus a top menu holds (topmenu/grant), from menu/grant-top-tree and the top menu's current keys (both
// `{menu: [...]}`, as BladeX answers them). Saving with nothing ticked clears the top menu, so it asks first.
import { App, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { http, request } from '../../../runtime/http/client';
import type { ActionProps } from '../../../runtime/index';
import { type GrantNode, GrantTree } from './GrantTree';
import { useViewText } from './texts';

export default function TopMenuGrantDialog({ row, onClose }: ActionProps) {
  const text = useViewText();
  const { message, modal } = App.useApp();
  const topMenuId = String(row?.id ?? '');
  const [nodes, setNodes] = useState<GrantNode[]>();
  const [checked, setChecked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    void Promise.all([
      http.get<{ menu?: GrantNode[] }>('/api/blade-system/menu/grant-top-tree'),
      http.get<{ menu?: string[] }>('/api/blade-system/menu/top-tree-keys', { topMenuIds: topMenuId }),
    ])
      .then(([tree, keys]) => {
        setNodes(tree.menu ?? []);
        setChecked((keys.menu ?? []).map(String));
      })
      .catch(() => onClose(false));
  }, [topMenuId, onClose]);

  const save = async () => {
    setSaving(true);
    try {
      await request({
        method: 'POST',
        url: '/api/blade-system/topmenu/grant',
        data: { topMenuIds: [topMenuId], menuIds: checked },
      });
      message.success(text('granted'));
      onClose(true);
    } catch {
      setSaving(false);
    }
  };

  const confirmThenSave = () => {
    if (checked.length > 0) return save();
    modal.confirm({
      title: text('confirmTitle'),
      content: text('clearTopMenu'),
      okText: text('ok'),
      cancelText: text('cancel'),
      onOk: save,
    });
  };

  return (
    <Modal
      open
      title={text('topMenuGrant')}
      width={600}
      okText={text('ok')}
      cancelText={text('cancel')}
      confirmLoading={saving}
      onOk={confirmThenSave}
      onCancel={() => onClose(false)}
    >
      {nodes ? <GrantTree nodes={nodes} checked={checked} onChange={setChecked} /> : <Spin />}
    </Modal>
  );
}
