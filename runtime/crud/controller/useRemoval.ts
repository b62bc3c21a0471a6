// Deleting rows: none ticked says so, otherwise a confirmation, the remove call, and 删除成功.
import { App } from 'antd';
import { useProvider } from '../../config';
import { removeRecords } from '../../data/provider';
import { useRuntimeText } from '../../i18n/label';
import type { Row } from '../../schema/types';

export function useRemoval(options: { url: string; param: string; rowKey: string; onRemoved: () => void }) {
  const t = useRuntimeText();
  const { message, modal } = App.useApp();
  const provider = useProvider();
  return (rows: Row[]) => {
    if (!rows.length) {
      message.warning(t('selectAtLeastOne'));
      return;
    }
    modal.confirm({
      title: t('confirmTitle'),
      content: t('confirmDelete'),
      okText: t('ok'),
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await removeRecords(
            provider,
            options.url,
            rows.map((row) => row[options.rowKey]),
            options.param,
          );
          message.success(t('deleteSuccess'));
          options.onRemoved();
        } catch {
          // The data provider has already reported the server's message.
        }
      },
    });
  };
}
