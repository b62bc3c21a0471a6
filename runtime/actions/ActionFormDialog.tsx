// The form step of an action: its fields (after those it borrows from another page, `fieldsFrom`) compiled as a
// list's form is, starting from their defaults (computed over the row) or from what `load` reads from the server;
// a select's filters may be computed over the row or the ticked rows too.
// Saving runs the rest of the action; a refusal keeps the dialog open with what was entered.
import { Modal, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useProvider } from '../config';
import { FormDialog } from '../form/FormDialog';
import { compileForm, fieldsSchema } from '../form/formSchema';
import { computeValues } from '../logic/evaluate';
import { useFocusReturn } from '../page/useFocusReturn';
import type { ActionForm, Column, Label, Row } from '../schema/types';
import { type BorrowedForm, withBorrowedFields } from './borrowedFields';
import { withPickerFilters } from './pickerFilters';

export interface ActionFormDialogProps {
  form: ActionForm;
  /** The list's columns: a field named like one takes its label, dictionary and format. */
  columns: Column[];
  title: Label;
  /** The data `default` and `load` are computed over (`row`, `rows`, `ids`). */
  data: Row;
  onSave: (values: Row) => Promise<string>;
  onClose: (changed: boolean) => void;
}

export function ActionFormDialog(props: ActionFormDialogProps) {
  const { form, columns, data } = props;
  const [whole, setWhole] = useState<BorrowedForm | undefined>(form.fieldsFrom ? undefined : { form, columns });
  useEffect(() => {
    if (!form.fieldsFrom) return;
    let current = true;
    withBorrowedFields(form, columns, data).then((borrowed) => current && setWhole(borrowed));
    return () => {
      current = false;
    };
  }, [form, columns, data]);
  if (!whole)
    return (
      <Modal open footer={null} closable={false}>
        <Spin />
      </Modal>
    );
  return <WholeFormDialog {...props} form={whole.form} columns={whole.columns} parts={whole.parts} />;
}

function WholeFormDialog({
  form,
  columns,
  title,
  data,
  onSave,
  onClose,
  parts,
}: ActionFormDialogProps & Pick<BorrowedForm, 'parts'>) {
  useFocusReturn();
  // Each part is a form its own page's validators check.
  const partSchemas = useMemo(() => parts?.map(fieldsSchema), [parts]);
  const compiled = useMemo(
    () => compileForm({ fields: withPickerFilters(form.fields ?? {}, data) }, columns),
    [form, columns, data],
  );
  const spec = useMemo(
    () => ({ ...compiled.form, defaults: computeValues(compiled.form.defaults, data) }),
    [compiled, data],
  );
  const [loaded, setLoaded] = useState<Row>();
  const provider = useProvider();
  const load = form.load;
  useEffect(() => {
    if (!load) return;
    let current = true;
    provider.read<Row>(load.url, computeValues(load.query, data) as Record<string, string>).then(
      (answer) => current && setLoaded(answer ?? {}),
      () => current && onClose(false),
    );
    return () => {
      current = false;
    };
  }, [provider, load, data, onClose]);

  if (load && !loaded)
    return (
      <Modal open footer={null} closable={false}>
        <Spin />
      </Modal>
    );
  return (
    <FormDialog
      form={spec}
      columns={compiled.labels}
      mode={loaded ? 'edit' : 'add'}
      title={form.title ?? title}
      record={loaded ? { ...spec.defaults, ...loaded } : undefined}
      rowKey="id"
      dialog={{ width: form.width ?? 600 }}
      onSave={onSave}
      onClose={onClose}
      parts={partSchemas}
    />
  );
}
