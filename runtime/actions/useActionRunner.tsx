// Runs a definition's action: its form, its confirmation, its request and what follows; or a registered action's
// dialog, or an Excel import.
import { App, Spin } from 'antd';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { useRuntime } from '../config';
import { type LookupSpec, loadLookup, searchedLabel } from '../data/lookup';
import type { DataProvider } from '../data/provider';
import { useLabel, useRuntimeText } from '../i18n/label';
import type { Action, FormField, ListScreen, Row } from '../schema/types';
import { type ActionTarget, answerField, fillTemplate, idsOf, newRequestNo, requestData, ruleData } from './context';
import { withPickerFilters } from './pickerFilters';
import { type Answer, sendRequest } from './request';

// The form dialog brings rjsf and the import dialog its Excel reader, so each loads when first opened, as does the answer.
const AnswerDialog = lazy(() => import('./AnswerDialog').then((module) => ({ default: module.AnswerDialog })));
const ActionFormDialog = lazy(() =>
  import('./ActionFormDialog').then((module) => ({ default: module.ActionFormDialog })),
);
const ExcelImportDialog = lazy(() =>
  import('./excelImport/ExcelImportDialog').then((module) => ({ default: module.ExcelImportDialog })),
);

/** Thrown when the person cancels the confirmation of a form's action: the form stays open, without a message. */
class Cancelled extends Error {
  constructor() {
    super('');
  }
}

/** The names (as the select showed them) of the rows a form's lookup selects picked, by field. */
async function pickedLabels(
  provider: DataProvider,
  fields: Record<string, FormField>,
  values: Row,
): Promise<Record<string, string>> {
  const labels: Record<string, string> = {};
  for (const [name, field] of Object.entries(fields)) {
    const options = field.options as (Partial<LookupSpec> & { search?: string }) | undefined;
    if (field.widget !== 'lookupSelect' || !options?.url || !options.labelField || values[name] == null) continue;
    const value = String(values[name]);
    // A select searching on the server named the row it showed; its whole list is never read.
    if (options.search) {
      labels[name] = searchedLabel(options as LookupSpec, value) ?? value;
      continue;
    }
    const items = await loadLookup(provider, options as LookupSpec).catch(() => []);
    labels[name] = items.find((item) => item.value === value)?.label ?? value;
  }
  return labels;
}

export function useActionRunner(screen: ListScreen, refresh: () => void) {
  const { modal, message } = App.useApp();
  const label = useLabel();
  const t = useRuntimeText();
  const { registry, provider } = useRuntime();
  const [open, setOpen] = useState<ReactNode>(null);
  const pending = useRef(new Set<string>());
  const rowKey = screen.rowKey ?? 'id';

  const close = (changed: boolean) => {
    setOpen(null);
    if (changed) refresh();
  };

  /**
   * A form's confirm also sees what the form holds (`{{form.amount | money}}`) and the names of the rows it picked
   * (`{{labels.customerId}}`), so it can repeat whom and how much.
   */
  const ask = async (action: Action, target: ActionTarget, form?: Row): Promise<boolean> => {
    const fields = withPickerFilters(action.form?.fields ?? {}, requestData(target, rowKey));
    const labels = form && action.form ? await pickedLabels(provider, fields, form) : {};
    return new Promise((resolve) => {
      if (!action.confirm) return resolve(true);
      modal.confirm({
        title: t('confirmTitle'),
        content: fillTemplate(label(action.confirm), {
          ...ruleData(target, rowKey),
          ...(form ? { form, labels } : {}),
        }),
        okText: t('ok'),
        cancelText: t('cancel'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
  };

  /**
   * What follows a successful request: the answer's field shown, the list reloaded; resolves with the message, none
   * for an action that only reads what it shows (`"message": false`).
   */
  const follow = (action: Action, answer: Answer): string | undefined => {
    const then = action.then ?? {};
    if (then.show) {
      const value = answerField(answer.data, then.show.field);
      const title = then.show.label;
      setOpen(
        <Suspense fallback={<Spin fullscreen />}>
          <AnswerDialog title={title} value={value} columns={then.show.columns} onClose={() => setOpen(null)} />
        </Suspense>,
      );
    }
    if (then.reload !== false) refresh();
    if (then.message === false) return undefined;
    if (then.message === 'server') return answer.msg || t('actionSuccess');
    return then.message ? label(then.message) : t('actionSuccess');
  };

  const withForm = (action: Action, target: ActionTarget) => {
    const form = action.form;
    if (!form) return;
    const data = requestData(target, rowKey);
    setOpen(
      <Suspense fallback={<Spin fullscreen />}>
        <ActionFormDialog
          form={form}
          columns={screen.columns}
          title={action.label}
          data={data}
          onSave={async (values) => {
            if (!(await ask(action, target, values))) throw new Cancelled();
            const answer = await sendRequest(provider, action, requestData(target, rowKey, values));
            // The form closes first, so that an answer to show is not hidden behind it.
            setOpen(null);
            return follow(action, answer) ?? t('actionSuccess');
          }}
          // A save has already put what follows in place; only a cancel closes the form here.
          onClose={(changed) => changed || setOpen(null)}
        />
      </Suspense>,
    );
  };

  const run = async (action: Action, started: ActionTarget) => {
    const target = { ...started, requestNo: newRequestNo() };
    if (!target.row && target.rows.length === 0 && action.selection !== false) {
      message.warning(t('selectAtLeastOne'));
      return;
    }
    if (action.action) {
      const Component = registry.action(action.action);
      if (!Component) return;
      // Registered actions may be lazy components, so that their code loads when first used.
      setOpen(
        <Suspense fallback={<Spin fullscreen />}>
          <Component row={target.row} rows={target.rows} options={action.options ?? {}} onClose={close} />
        </Suspense>,
      );
      return;
    }
    if (action.import) {
      setOpen(
        <Suspense fallback={<Spin fullscreen />}>
          <ExcelImportDialog screen={screen} spec={action.import} title={action.label} onClose={close} />
        </Suspense>,
      );
      return;
    }
    if (action.form) return withForm(action, target);
    // One request per action and row at a time: a second tap while the first is on its way (an unlock takes seconds)
    // sends nothing.
    const key = `${action.id}:${target.row ? String(target.row[rowKey]) : idsOf(target.rows, rowKey)}`;
    if (pending.current.has(key)) return;
    const send = async () => {
      pending.current.add(key);
      try {
        const said = follow(action, await sendRequest(provider, action, requestData(target, rowKey)));
        if (said) message.success(said);
      } catch {
        // The data provider has already reported the server's message.
      } finally {
        pending.current.delete(key);
      }
    };
    if (!action.confirm) return send();
    // The confirm stays open, its button loading, until the answer has come.
    modal.confirm({
      title: t('confirmTitle'),
      content: fillTemplate(label(action.confirm), ruleData(target, rowKey)),
      okText: t('ok'),
      cancelText: t('cancel'),
      onOk: send,
    });
  };

  return { run, dialog: open };
}
