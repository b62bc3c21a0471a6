// Runs a definition's custom action: a request (after its confirm text) or a registered action's dialog.
import { App, Spin } from 'antd';
import { type ReactNode, Suspense, useState } from 'react';
import { useRuntime } from '../config';
import { request } from '../http/client';
import { useLabel, useRuntimeText } from '../i18n/label';
import { computeValues } from '../logic/evaluate';
import type { Action, Row } from '../schema/types';

export function useActionRunner(refresh: () => void) {
  const { modal, message } = App.useApp();
  const label = useLabel();
  const t = useRuntimeText();
  const { registry } = useRuntime();
  const [open, setOpen] = useState<ReactNode>(null);

  const call = async (action: Action, row: Row | undefined, rows: Row[]) => {
    const spec = action.request;
    if (!spec) return;
    const data = { ...row, ids: rows.map((r) => r.id).join(',') };
    await request({
      method: spec.method ?? 'POST',
      url: spec.url,
      params: computeValues(spec.params, data) as Record<string, string>,
      data: spec.body ? computeValues(spec.body, data) : undefined,
    });
    message.success(action.success ? label(action.success) : t('actionSuccess'));
    refresh();
  };

  /**
   * Toolbar actions work on the selection (role grant, password reset) unless `selection: false` (upload); row actions
   * on their row.
   */
  const run = (action: Action, row: Row | undefined, rows: Row[]) => {
    if (!row && rows.length === 0 && action.selection !== false) {
      message.warning(t('selectAtLeastOne'));
      return;
    }
    if (action.action) {
      const Component = registry.action(action.action);
      if (!Component) return;
      // Registered actions may be lazy components, so that their code loads when first used.
      setOpen(
        <Suspense fallback={<Spin fullscreen />}>
          <Component
            row={row}
            rows={rows}
            options={action.options ?? {}}
            onClose={(changed) => {
              setOpen(null);
              if (changed) refresh();
            }}
          />
        </Suspense>,
      );
      return;
    }
    if (!action.confirm) {
      void call(action, row, rows).catch(() => {});
      return;
    }
    modal.confirm({
      title: t('confirmTitle'),
      content: label(action.confirm),
      okText: t('ok'),
      cancelText: t('cancel'),
      onOk: () => call(action, row, rows).catch(() => {}),
    });
  };

  return { run, dialog: open };
}
