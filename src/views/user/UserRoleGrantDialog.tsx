// Gives the selected users a set of roles (blade-user/grant with userIds and roleIds); one user's roles start ticked.
import { type ActionProps, api } from '@ride-console/runtime';
import { GrantDialog, oneTree } from '../grant/GrantDialog';
import type { GrantNode } from '../grant/GrantTree';

export default function UserRoleGrantDialog({ rows, onClose }: ActionProps) {
  const userIds = rows.map((row) => String(row.id)).join(',');
  return (
    <GrantDialog<GrantNode[], string[]>
      title="userRoleGrant"
      width={480}
      grant={{
        key: userIds,
        load: async () => ({
          trees: await api.get('/api/blade-system/role/tree'),
          checked:
            rows.length === 1
              ? String(rows[0].roleId ?? '')
                  .split(',')
                  .filter(Boolean)
              : [],
        }),
        save: (checked) =>
          api.post('/api/blade-user/grant', undefined, { query: { userIds, roleIds: checked.join(',') } }),
        onClose,
      }}
      body={oneTree}
    />
  );
}
