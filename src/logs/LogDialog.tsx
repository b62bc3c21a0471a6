// Full-screen table of the locally stored client errors, with upload and clear (spec §2 log dialog).

import { useTranslation } from '@ride-console/runtime/shell';
import { App, Button, Modal, Space, Table } from 'antd';
import { errorLog, type LogEntry, useErrorLog } from './error-log';

export default function LogDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { modal, message } = App.useApp();
  const entries = useErrorLog();

  const upload = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('log.uploadConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await errorLog.upload();
        void message.success(t('log.uploaded'));
      },
    });

  const clear = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('log.clearConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => {
        errorLog.clear();
        void message.success(t('log.cleared'));
      },
    });

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('log.title')}
      footer={null}
      width="100%"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      styles={{ body: { minHeight: 'calc(100vh - 110px)' } }}
      destroyOnHidden
    >
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={upload} disabled={entries.length === 0}>
          {t('log.upload')}
        </Button>
        <Button danger onClick={clear} disabled={entries.length === 0}>
          {t('log.clear')}
        </Button>
      </Space>
      <Table<LogEntry>
        rowKey="id"
        dataSource={entries}
        size="small"
        pagination={{ pageSize: 10 }}
        columns={[
          { title: t('log.type'), dataIndex: 'type', width: 140 },
          { title: t('log.url'), dataIndex: 'url', width: 240, ellipsis: true },
          { title: t('log.message'), dataIndex: 'message', width: 260, ellipsis: true },
          {
            title: t('log.stack'),
            dataIndex: 'stack',
            ellipsis: true,
            render: (stack: string) => <span title={stack}>{stack}</span>,
          },
          { title: t('log.time'), dataIndex: 'time', width: 180 },
        ]}
      />
    </Modal>
  );
}
