// Shows one field of an action's answer: a generated password to copy, or a report's figures.
import { Descriptions, Modal, Typography } from 'antd';
import { useLabel, useRuntimeText } from '../i18n/label';
import type { Label } from '../schema/types';

export function AnswerDialog(props: { title: Label; value: unknown; onClose: () => void }) {
  const label = useLabel();
  const t = useRuntimeText();
  const { value } = props;
  return (
    <Modal
      open
      title={label(props.title)}
      okText={t('close')}
      onOk={props.onClose}
      onCancel={props.onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      {value !== null && typeof value === 'object' && !Array.isArray(value) ? (
        <Descriptions
          bordered
          size="small"
          column={1}
          items={Object.entries(value).map(([key, item]) => ({ key, label: key, children: text(item) }))}
        />
      ) : (
        <Typography.Paragraph copyable={typeof value !== 'object'} code>
          {text(value)}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}

const text = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
