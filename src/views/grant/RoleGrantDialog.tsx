// Grant of menus, data scopes, API scopes and app menus to the selected roles (role/grant), from menu/grant-tree and the
// roles' current keys (menu/role-tree-keys). Saving with no menu ticked clears the roles' menus, so it asks first.

import { type ActionProps, api } from '@ride-console/runtime';
import { Tabs } from 'antd';
import { useRef } from 'react';
import { GrantDialog } from './GrantDialog';
import { type GrantNode, GrantTree } from './GrantTree';
import { useViewText } from './texts';

type Kind = 'menu' | 'dataScope' | 'apiScope' | 'appMenu';
const KINDS: Kind[] = ['menu', 'dataScope', 'apiScope', 'appMenu'];
type Grants = Record<Kind, string[]>;

export default function RoleGrantDialog({ rows, onClose }: ActionProps) {
  const text = useViewText();
  const roleIds = rows.map((row) => String(row.id)).join(',');
  // The apps of the app menu tree: a fully ticked app comes along as a key, but only its menus are granted.
  const apps = useRef(new Set<string>());
  return (
    <GrantDialog<Record<Kind, GrantNode[]>, Grants>
      title="roleGrant"
      width={600}
      grant={{
        key: roleIds,
        load: async () => {
          const [trees, keys] = await Promise.all([
            api.get('/api/blade-system/menu/grant-tree'),
            api.get('/api/blade-system/menu/role-tree-keys', { roleIds }),
          ]);
          apps.current = new Set((trees.appMenu ?? []).map((app) => String(app.id)));
          return {
            trees,
            checked: {
              menu: keys.menu ?? [],
              dataScope: keys.dataScope ?? [],
              apiScope: keys.apiScope ?? [],
              appMenu: keys.appMenu ?? [],
            },
          };
        },
        save: (checked) =>
          api.post('/api/blade-system/role/grant', {
            roleIds: roleIds.split(','),
            menuIds: checked.menu,
            dataScopeIds: checked.dataScope,
            apiScopeIds: checked.apiScope,
            appMenuIds: checked.appMenu.filter((key) => !apps.current.has(key)),
          }),
        clears: (checked) => (checked.menu.length === 0 ? 'clearRoleMenus' : undefined),
        onClose,
      }}
      body={(trees, checked, setChecked) => (
        <Tabs
          items={KINDS.map((kind) => ({
            key: kind,
            label: text(kind),
            children: (
              <GrantTree
                nodes={trees[kind] ?? []}
                checked={checked[kind]}
                onChange={(keys) => setChecked({ ...checked, [kind]: keys })}
              />
            ),
          }))}
        />
      )}
    />
  );
}
