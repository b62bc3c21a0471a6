// Grant of menus, data scopes and API scopes to the selected roles (role/grant), from menu/grant-tree and the roles'
// current keys (menu/role-tree-keys). Saving with no menu ticked clears the roles' menus, so it asks first.
import { App, Modal, Spin, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { http, request } from '../../../runtime/http/client';
import type { ActionProps } from '../../../runtime/index';
import { type GrantNode, GrantTree } from './GrantTree';
import { useViewText } from './texts';

type Kind = 'menu' | 'dataScope' | 'apiScope';
const KINDS: Kind[] = ['menu', 'dataScope', 'apiScope'];
type Grants = Record<Kind, string[]>;

export default function RoleGrantDialog({ rows, onClose }: ActionProps) {
  const text = useViewText();
  const { message, modal } = App.useApp();
  const roleIds = rows.map((row) => String(row.id)).join(',');
  const [trees, setTrees] = useState<Record<Kind, GrantNode[]>>();
  const [checked, setChecked] = useState<Grants>({ menu: [], dataScope: [], apiScope: [] });
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    void Promise.all([
      http.get<Record<Kind, GrantNode[]>>('/api/blade-system/menu/grant-tree'),
      http.get<Partial<Grants>>('/api/blade-system/menu/role-tree-keys', { roleIds }),
    ])
      .then(([tree, keys]) => {
        setTrees(tree);
        setChecked({ menu: keys.menu ?? [], dataScope: keys.dataScope ?? [], apiScope: keys.apiScope ?? [] });
      })
      .catch(() => onClose(false));
  }, [roleIds, onClose]);

  const save = async () => {
    setSaving(true);
    try {
      await request({
        method: 'POST',
        url: '/api/blade-system/role/grant',
        data: {
          roleIds: roleIds.split(','),
          menuIds: checked.menu,
          dataScopeIds: checked.dataScope,
          apiScopeIds: checked.apiScope,
        },
      });
      message.success(text('granted'));
      onClose(true);
    } catch {
      setSaving(false);
    }
  };

  const confirmThenSave = () => {
    if (checked.menu.length > 0) return save();
    modal.confirm({
      title: text('confirmTitle'),
      content: text('clearRoleMenus'),
      okText: text('ok'),
      cancelText: text('cancel'),
      onOk: save,
    });
  };

  return (
    <Modal
      open
      title={text('roleGrant')}
      width={600}
      okText={text('ok')}
      cancelText={text('cancel')}
      confirmLoading={saving}
      onOk={confirmThenSave}
      onCancel={() => onClose(false)}
    >
      {trees ? (
        <Tabs
          items={KINDS.map((kind) => ({
            key: kind,
            label: text(kind),
            children: (
              <GrantTree
                nodes={trees[kind] ?? []}
                checked={checked[kind]}
                onChange={(keys) => setChecked((previous) => ({ ...previous, [kind]: keys }))}
              />
            ),
          }))}
        />
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
