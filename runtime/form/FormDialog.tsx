// The add / edit / view dialog (modal or drawer) of a screen, rendered by @rjsf/antd from the definition's JSON Schema.
import Form from '@rjsf/antd';
import type CoreForm from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import { Alert, App, Button, Drawer, Modal, Space, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useRuntime } from '../config';
import { useFieldLimits, withServerLimits } from '../data/fieldLimits';
import { submitRecord } from '../data/provider';
import { useLabel, usePrompt, useRuntimeText } from '../i18n/label';
import { useFocusReturn } from '../page/useFocusReturn';
import type { Column, FormMode, FormSpec, Label, Row } from '../schema/types';
import { FieldGrid } from './FieldGrid';
import { modeSchema, modeUiSchema, requiredPrompt, shownSchema, unmetFields } from './formSchema';
import { fieldOfId, transformErrors } from './messages';
import { useFormValidator } from './precompiled';
import { formValues, submittedValues } from './wireValues';

export interface FormDialogProps {
  form: FormSpec;
  columns: Column[];
  mode: FormMode;
  title: Label;
  /** The row an edit or view starts from; the detail call completes it. */
  record?: Row;
  /** Values a new record starts with (a child inherits its parent's code and id). */
  initial?: Row;
  rowKey: string;
  detailUrl?: string;
  /** Query parameter of the detail call (default: the row key). */
  detailParam?: string;
  submitUrl?: string;
  /** Modal or drawer, and its width (the console's dialog width unless given). */
  dialog: { type?: 'modal' | 'drawer'; width?: number };
  /** Replaces the submit call (custom dialogs such as platform settings); resolves with the success text. */
  onSave?: (values: Row) => Promise<string>;
  onClose: (changed: boolean) => void;
  /** The schemas of the forms this one is made of (an action's form borrowing a page's fields), checked by theirs. */
  parts?: RJSFSchema[];
}

/** The record as the server has it now: fetched each time a dialog opens, never from an earlier answer. */
function useDetail(url: string | undefined, param: string, id: unknown) {
  const [state, setState] = useState<{ data?: Row; error?: Error }>({});
  const { provider } = useRuntime();
  useEffect(() => {
    if (!url) return;
    let current = true;
    // The detail call names the key like the rows do: `id`, or `code` for regions.
    provider.read<Row>(url, { [param]: String(id) }).then(
      (data) => current && setState({ data }),
      (error: Error) => current && setState({ error }),
    );
    return () => {
      current = false;
    };
  }, [provider, url, param, id]);
  return state;
}

export function FormDialog(props: FormDialogProps) {
  useFocusReturn();
  const { columns, mode, record, rowKey, detailUrl, submitUrl, dialog } = props;
  const limits = useFieldLimits(props.onSave ? undefined : submitUrl);
  const form = useMemo(() => withServerLimits(props.form, limits), [props.form, limits]);
  const validator = useFormValidator(props.form.schema as RJSFSchema, limits, props.parts);
  const label = useLabel();
  const t = useRuntimeText();
  const runtime = useRuntime();
  const { message } = App.useApp();
  const id = record?.[rowKey];
  const needsDetail = mode !== 'add' && Boolean(detailUrl) && id !== undefined;
  const detail = useDetail(needsDetail ? detailUrl : undefined, props.detailParam ?? rowKey, id);
  const [formData, setFormData] = useState<Row | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const touched = useRef<Set<string> | undefined>(new Set());
  const formRef = useRef<CoreForm<Row>>(null);

  const fullSchema = useMemo(() => modeSchema(form, columns, label, mode), [form, columns, label, mode]);
  const titles = useMemo(() => new Map(columns.map((c) => [c.field, label(c.label)])), [columns, label]);
  const prompt = usePrompt();
  const fieldTitle = (field: string) => titles.get(field) ?? String(form.schema.properties[field]?.title ?? field);
  const own = (field: string) => {
    const placeholder = form.placeholders?.[field];
    return placeholder && label(placeholder);
  };
  const uiSchema = useMemo(
    () =>
      modeUiSchema(form, mode, {
        enter: (field) => own(field) || prompt.enter(fieldTitle(field)),
        select: (field) => own(field) || prompt.select(fieldTitle(field)),
      }),
    [form, mode, prompt, titles, label],
  );
  const properties = form.schema.properties as Record<string, Record<string, unknown>>;
  const start: Row =
    mode === 'add' ? { ...form.defaults, ...props.initial } : formValues({ ...record, ...detail.data }, properties);
  const data = formData ?? start;
  // Keyed by the fields left out, so the form keeps one schema object while typing.
  const unmet = unmetFields(form.conditions, data).join(',');
  const schema = useMemo(() => shownSchema(fullSchema, unmet ? unmet.split(',') : []), [fullSchema, unmet]);

  const transform = (errors: RJSFValidationError[]) =>
    transformErrors(errors, {
      messages: form.messages ?? {},
      fieldLabel: (field) => titles.get(field) ?? field,
      text: label,
      fallback: (rule, field, limit, name) =>
        rule === 'required'
          ? prompt[
              requiredPrompt(properties[name], (uiSchema[name] as Record<string, unknown> | undefined)?.['ui:widget'])
            ](field)
          : t(rule, { field, limit }),
      touched: touched.current,
    });

  const submit = async ({ formData: values }: IChangeEvent<Row>) => {
    setSaving(true);
    setRefusal(undefined);
    const sent = submittedValues(start, values ?? {}, schema.properties as typeof properties, mode === 'edit');
    // A field its rule hides no longer applies (the amount off of a coupon turned into a discount one).
    for (const field of Object.keys(form.conditions ?? {}))
      if (!(field in (schema.properties ?? {}))) sent[field] = null;
    try {
      if (props.onSave) message.success(await props.onSave(sent));
      else {
        await submitRecord(runtime.provider, submitUrl as string, sent);
        message.success(t(mode === 'add' ? 'addSuccess' : 'updateSuccess'));
      }
      props.onClose(true);
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  const save = () => {
    touched.current = undefined;
    formRef.current?.submit();
  };

  // 保存 waits for the form: pressed while its validators or its record are on their way, it would do nothing.
  const drawn = validator !== undefined && !(needsDetail && !detail.data && !detail.error);
  const title = props.onSave ? label(props.title) : `${label(props.title)} - ${t(mode)}`;
  const footer =
    mode === 'view' ? (
      <Button onClick={() => props.onClose(false)}>{t('close')}</Button>
    ) : (
      <Space>
        <Button onClick={() => props.onClose(false)}>{t('cancel')}</Button>
        <Button type="primary" loading={saving} disabled={!drawn} onClick={save}>
          {t('save')}
        </Button>
      </Space>
    );
  const body = !drawn ? (
    <Spin />
  ) : (
    <>
      {(refusal || detail.error) && (
        <Alert type="error" showIcon title={refusal ?? detail.error?.message} style={{ marginBottom: 16 }} />
      )}
      <Form
        ref={formRef}
        schema={schema}
        uiSchema={uiSchema}
        formData={data}
        validator={validator}
        widgets={runtime.registry.widgetMap()}
        formContext={{ values: data }}
        templates={{ ObjectFieldTemplate: FieldGrid }}
        readonly={mode === 'view'}
        liveValidate="onBlur"
        showErrorList={false}
        noHtml5Validate
        transformErrors={transform}
        onBlur={(fieldId) => touched.current?.add(fieldOfId(fieldId))}
        onChange={(event) => setFormData(event.formData)}
        onSubmit={submit}
      />
    </>
  );
  const width = dialog.width ?? runtime.dialogWidth;
  return dialog.type === 'drawer' ? (
    <Drawer open title={title} size={width} onClose={() => props.onClose(false)} footer={footer}>
      {body}
    </Drawer>
  ) : (
    <Modal open title={title} width={width} onCancel={() => props.onClose(false)} footer={footer} destroyOnHidden>
      {body}
    </Modal>
  );
}
