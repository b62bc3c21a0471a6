// Which menus a top menu holds (topmenu/grant), from menu/grant-top-tree and the top menu's current keys (both
// `{menu: [...]}`, as BladeX answers them). Saving with nothing ticked clears the top menu, so it asks first.
import { type ActionProps, api } from '@ride-console/runtime';
import { GrantDialog, oneTree } from './GrantDialog';
import type { GrantNode } from './GrantTree';

export default function TopMenuGrantDialog({ row, onClose }: ActionProps) {
  const topMenuId = String(row?.id ?? '');
  return (
    <GrantDialog<GrantNode[], string[]>
      title="topMenuGrant"
      width={600}
      grant={{
        key: topMenuId,
        load: async () => {
          const [tree, keys] = await Promise.all([
            api.get('/api/blade-system/menu/grant-top-tree'),
            api.get('/api/blade-system/menu/top-tree-keys', { topMenuIds: topMenuId }),
          ]);
          return { trees: tree.menu ?? [], checked: (keys.menu ?? []).map(String) };
        },
        save: (checked) => api.post('/api/blade-system/topmenu/grant', { topMenuIds: [topMenuId], menuIds: checked }),
        clears: (checked) => (checked.length === 0 ? 'clearTopMenu' : undefined),
        onClose,
      }}
      body={oneTree}
    />
  );
}
