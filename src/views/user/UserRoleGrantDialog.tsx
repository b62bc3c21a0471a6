// Gives the selected users a set of roles (blade-user/grant with userIds and roleIds); one user's roles start ticked.
import { Modal, Spin } from 'antd';
import { type ActionProps, http, request } from '../../../runtime/index';
import { type GrantNode, GrantTree } from '../grant/GrantTree';
import { useGrant } from '../grant/useGrant';

export default function UserRoleGrantDialog({ rows, onClose }: ActionProps) {
  const userIds = rows.map((row) => String(row.id)).join(',');
  const grant = useGrant<GrantNode[], string[]>({
    key: userIds,
    load: async () => ({
      trees: await http.get<GrantNode[]>('/api/blade-system/role/tree'),
      checked:
        rows.length === 1
          ? String(rows[0].roleId ?? '')
              .split(',')
              .filter(Boolean)
          : [],
    }),
    save: (checked) =>
      request({ method: 'POST', url: '/api/blade-user/grant', params: { userIds, roleIds: checked.join(',') } }),
    onClose,
  });
  const { trees, checked, text } = grant;

  return (
    <Modal
      open
      title={text('userRoleGrant')}
      width={480}
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
