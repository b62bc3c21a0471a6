// Gives the selected users a set of roles (blade-user/grant with userIds and roleIds).
import { App, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { http, request } from '../../../runtime/http/client';
import type { ActionProps } from '../../../runtime/index';
import { type GrantNode, GrantTree } from '../grant/GrantTree';
import { useViewText } from '../grant/texts';

export default function UserRoleGrantDialog({ rows, onClose }: ActionProps) {
  const text = useViewText();
  const { message } = App.useApp();
  const [roles, setRoles] = useState<GrantNode[]>();
  const [checked, setChecked] = useState<string[]>(() =>
    rows.length === 1
      ? String(rows[0].roleId ?? '')
          .split(',')
          .filter(Boolean)
      : [],
  );
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    http
      .get<GrantNode[]>('/api/blade-system/role/tree')
      .then(setRoles)
      .catch(() => onClose(false));
  }, [onClose]);

  const save = async () => {
    setSaving(true);
    try {
      await request({
        method: 'POST',
        url: '/api/blade-user/grant',
        params: { userIds: rows.map((row) => String(row.id)).join(','), roleIds: checked.join(',') },
      });
      message.success(text('granted'));
      onClose(true);
    } catch {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={text('userRoleGrant')}
      width={480}
      okText={text('ok')}
      cancelText={text('cancel')}
      confirmLoading={saving}
      onOk={save}
      onCancel={() => onClose(false)}
    >
      {roles ? <GrantTree nodes={roles} checked={checked} onChange={setChecked} /> : <Spin />}
    </Modal>
  );
}
