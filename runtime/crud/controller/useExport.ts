// Export of the current search to Excel, with the progress shown while pages of rows arrive.
import { App } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { Query } from '../../data/provider';
import { useLabel, useLang, useRuntimeText } from '../../i18n/label';
import type { Registry } from '../../registry';
import type { Column, Label } from '../../schema/types';
import { cellValue, collectRows, download, exportName, numberKindOf, writeWorkbook } from '../exportExcel';

export function useExport(options: { url: string; title: Label; registry: Registry }) {
  const t = useRuntimeText();
  const label = useLabel();
  const lang = useLang();
  const { message } = App.useApp();
  const [progress, setProgress] = useState<string>();

  const run = async (filters: Query, columns: Column[]) => {
    setProgress(t('exporting', { done: 0, total: '…' }));
    try {
      const rows = await collectRows(options.url, filters, (done, total) =>
        setProgress(t('exporting', { done, total })),
      );
      const table = await Promise.all(
        rows.map((row) => Promise.all(columns.map((c) => cellValue(c, row, lang, options.registry)))),
      );
      const title = label(options.title);
      download(
        await writeWorkbook(
          title,
          columns.map((c) => label(c.label)),
          table,
          { kinds: columns.map(numberKindOf), totalsLabel: t('exportTotals') },
        ),
        `${exportName(title, filters, dayjs().format('YYYY-MM-DD'))}.xlsx`,
      );
      message.success(t('exportDone'));
    } catch {
      // The request client has already shown why the export stopped.
    } finally {
      setProgress(undefined);
    }
  };
  return { progress, run };
}
