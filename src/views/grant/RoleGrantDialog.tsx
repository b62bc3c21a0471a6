// Grant of menus, data scopes and API scopes to the selected roles (role/grant), from menu/grant-tree and the roles'
// current keys (menu/role-tree-keys). Saving with no menu ticked clears the roles' menus, so it asks first.
import { Modal, Spin, Tabs } from 'antd';
import { type ActionProps, http, request } from '../../../runtime/index';
import { type GrantNode, GrantTree } from './GrantTree';
import { useGrant } from './useGrant';

type Kind = 'menu' | 'dataScope' | 'apiScope';
const KINDS: Kind[] = ['menu', 'dataScope', 'apiScope'];
type Grants = Record<Kind, string[]>;

export default function RoleGrantDialog({ rows, onClose }: ActionProps) {
  const roleIds = rows.map((row) => String(row.id)).join(',');
  const grant = useGrant<Record<Kind, GrantNode[]>, Grants>({
    key: roleIds,
    load: async () => {
      const [trees, keys] = await Promise.all([
        http.get<Record<Kind, GrantNode[]>>('/api/blade-system/menu/grant-tree'),
        http.get<Partial<Grants>>('/api/blade-system/menu/role-tree-keys', { roleIds }),
      ]);
      return {
        trees,
        checked: { menu: keys.menu ?? [], dataScope: keys.dataScope ?? [], apiScope: keys.apiScope ?? [] },
      };
    },
    save: (checked) =>
      request({
        method: 'POST',
        url: '/api/blade-system/role/grant',
        data: {
          roleIds: roleIds.split(','),
          menuIds: checked.menu,
          dataScopeIds: checked.dataScope,
          apiScopeIds: checked.apiScope,
        },
      }),
    clears: (checked) => (checked.menu.length === 0 ? 'clearRoleMenus' : undefined),
    onClose,
  });
  const { trees, checked, text } = grant;

  return (
    <Modal
      open
      title={text('roleGrant')}
      width={600}
      okText={text('ok')}
      cancelText={text('cancel')}
      confirmLoading={grant.saving}
      onOk={grant.save}
      onCancel={() => onClose(false)}
    >
      {trees && checked ? (
        <Tabs
          items={KINDS.map((kind) => ({
            key: kind,
            label: text(kind),
            children: (
              <GrantTree
                nodes={trees[kind] ?? []}
                checked={checked[kind]}
                onChange={(keys) => grant.setChecked({ ...checked, [kind]: keys })}
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
