// Export of the current search to Excel, written by the server: it reads the list page by page and streams the rows
// into the file, while the screen shows the rows written so far and can cancel; the finished file is then
// downloaded, named with the period searched.
import { App } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useProvider } from '../../config';
import type { Query } from '../../data/provider';
import type { Schema } from '../../http/wire';
import { useLabel, useLang, useRuntimeText } from '../../i18n/label';
import type { Registry } from '../../registry';
import type { Column, Label } from '../../schema/types';
import { exportColumn } from '../exportColumns';
import { download, exportName } from '../exportExcel';

const EXPORT = '/api/blade-system/export';
/** How often the rows written are asked for. */
const POLL_MS = 400;

type Progress = Schema<'ExportProgress'>;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function useExport(options: {
  url: string;
  title: Label;
  registry: Registry;
  /** The columns the screen's totals row sums: the file's totals row sums them too. */
  totals?: string[];
}) {
  const t = useRuntimeText();
  const label = useLabel();
  const lang = useLang();
  const { message } = App.useApp();
  const provider = useProvider();
  const [progress, setProgress] = useState<string>();
  const cancelled = useRef(false);
  const job = useRef<string | undefined>(undefined);

  const cancel = () => {
    cancelled.current = true;
    if (job.current)
      void provider.send({ method: 'POST', url: `${EXPORT}/cancel`, params: { id: job.current } }).catch(() => {});
  };

  const run = async (filters: Query, columns: Column[]) => {
    cancelled.current = false;
    setProgress(t('exporting', { done: 0, total: '…' }));
    try {
      const title = label(options.title);
      const spec = await Promise.all(
        columns.map((column) =>
          exportColumn(
            column,
            label(column.label),
            lang,
            options.registry,
            provider,
            options.totals?.includes(column.field),
          ),
        ),
      );
      const query = Object.fromEntries(
        Object.entries(filters)
          .filter(([, value]) => value !== undefined && value !== null && value !== '')
          .map(([key, value]) => [key, String(value)]),
      );
      const { id } = await provider.send<Schema<'ExportStarted'>>({
        method: 'POST',
        url: `${EXPORT}/start`,
        data: { url: options.url, query, title, columns: spec, totalsLabel: t('exportTotals') },
      });
      job.current = id;
      if (cancelled.current) cancel();
      let state: Progress;
      for (;;) {
        state = await provider.send<Progress>({ url: `${EXPORT}/progress`, params: { id } });
        setProgress(t('exporting', { done: state.written, total: state.total ?? '…' }));
        if (state.state !== 'running') break;
        await pause(POLL_MS);
      }
      if (state.state === 'done') {
        const file = await provider.send<Blob>({ url: `${EXPORT}/file`, params: { id }, blob: true });
        download(file, `${exportName(title, filters, dayjs().format('YYYY-MM-DD'))}.xlsx`);
        message.success(t('exportDone'));
      } else if (state.state === 'cancelled') message.info(t('exportCancelled'));
      else message.error(state.message ?? t('exportFailed'));
    } catch {
      // The data provider has already reported why the export stopped.
    } finally {
      job.current = undefined;
      setProgress(undefined);
    }
  };
  return { progress, run, cancel };
}
