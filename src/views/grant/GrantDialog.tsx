// The one grant dialog: a modal around what the grant loads (one tree, or a tab per kind of grant), a spinner while
// it loads, OK saving through the grant (which asks first when the ticks would clear every grant).
import { Modal, Spin } from 'antd';
import type { ReactNode } from 'react';
import { type GrantNode, GrantTree } from './GrantTree';
import type { ViewText } from './texts';
import { type GrantSpec, useGrant } from './useGrant';

interface GrantDialogProps<Trees, Checked> {
  /** What is granted: how the trees and ticks load and how they are saved. */
  grant: GrantSpec<Trees, Checked>;
  title: ViewText;
  width: number;
  /** What the loaded trees show, with their ticks. */
  body: (trees: Trees, checked: Checked, setChecked: (checked: Checked) => void) => ReactNode;
}

export function GrantDialog<Trees, Checked>({ grant: spec, title, width, body }: GrantDialogProps<Trees, Checked>) {
  const grant = useGrant(spec);
  const { trees, checked, text } = grant;
  return (
    <Modal
      open
      title={text(title)}
      width={width}
      okText={text('ok')}
      cancelText={text('cancel')}
      confirmLoading={grant.saving}
      onOk={grant.save}
      onCancel={() => spec.onClose(false)}
    >
      {trees !== undefined && checked !== undefined ? body(trees, checked, grant.setChecked) : <Spin />}
    </Modal>
  );
}

/** The body of a dialog granting from one tree. */
export const oneTree = (nodes: GrantNode[], checked: string[], setChecked: (keys: string[]) => void) => (
  <GrantTree nodes={nodes} checked={checked} onChange={setChecked} />
);
