// The form step of an action: the starting values (defaults, or what `load` reads from the server) drawn with the
// runtime's form dialog. Saving runs the rest of the action; a refusal keeps the dialog open with what was entered.
import { Modal, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { FormDialog } from '../form/FormDialog';
import { request } from '../http/client';
import { computeValues } from '../logic/evaluate';
import type { ActionForm, Column, FormSpec, Label, Row } from '../schema/types';

export interface ActionFormDialogProps {
  form: ActionForm;
  title: Label;
  /** The data `defaults` and `load` are computed over (`row`, `rows`, `ids`). */
  data: Row;
  onSave: (values: Row) => Promise<string>;
  onClose: (changed: boolean) => void;
}

export function ActionFormDialog({ form, title, data, onSave, onClose }: ActionFormDialogProps) {
  const defaults = useMemo(() => computeValues(form.defaults, data), [form.defaults, data]);
  const [loaded, setLoaded] = useState<Row>();
  const load = form.load;
  useEffect(() => {
    if (!load) return;
    let current = true;
    request<Row>({ url: load.url, params: computeValues(load.query, data) as Record<string, string> }).then(
      (answer) => current && setLoaded(answer ?? {}),
      () => current && onClose(false),
    );
    return () => {
      current = false;
    };
  }, [load, data, onClose]);

  const spec: FormSpec = useMemo(
    () => ({ schema: form.schema, uiSchema: form.uiSchema, messages: form.messages }),
    [form.schema, form.uiSchema, form.messages],
  );
  const columns: Column[] = useMemo(
    () => Object.entries(form.labels ?? {}).map(([field, label]) => ({ field, label })),
    [form.labels],
  );

  if (load && !loaded)
    return (
      <Modal open footer={null} closable={false}>
        <Spin />
      </Modal>
    );
  return (
    <FormDialog
      form={spec}
      columns={columns}
      mode={loaded ? 'edit' : 'add'}
      title={form.title ?? title}
      record={loaded ? { ...defaults, ...loaded } : undefined}
      initial={defaults}
      rowKey="id"
      dialog={{ width: form.width ?? 600 }}
      onSave={onSave}
      onClose={onClose}
    />
  );
}
