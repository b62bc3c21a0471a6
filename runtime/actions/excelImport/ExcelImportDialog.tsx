// Excel import of a list: download the template, upload an .xlsx, see every row checked (errors per row), then import
// the valid rows one by one to the submit call; rows the server refuses keep its message in the preview. A `whole`
// import sends the valid rows at once instead: the server checks them for the preview (what only it knows: a number
// taken, a site out of reach) and writes them all or none.
import { InboxOutlined } from '@ant-design/icons';
import { Alert, App, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { useMemo, useState } from 'react';
import { useProvider } from '../../config';
import { download, writeWorkbook } from '../../crud/exportExcel';
import { type DictItem, loadDictionary } from '../../data/dictionary';
import { resourceUrls } from '../../data/provider';
import { useLabel } from '../../i18n/label';
import type { ExcelImport, Label, ListScreen } from '../../schema/types';
import { fillTemplate } from '../context';
import { actionTexts } from '../texts';
import { importFields } from './fields';
import { checkRows, type PreviewRow, readSheet } from './rows';

/** A whole import's answer: the rows written, and each refused row's messages by its place among those sent. */
interface WholeAnswer {
  saved: number;
  errors: Array<{ index: number; messages: string[] }>;
}

export interface ExcelImportDialogProps {
  screen: ListScreen;
  spec: ExcelImport;
  title: Label;
  onClose: (changed: boolean) => void;
}

export function ExcelImportDialog({ screen, spec, title, onClose }: ExcelImportDialogProps) {
  const label = useLabel();
  const { message } = App.useApp();
  const provider = useProvider();
  const say = (text: Label, values?: Record<string, unknown>) => fillTemplate(label(text), values ?? {});
  const fields = useMemo(() => importFields(screen), [screen]);
  const url = spec.url ?? resourceUrls(screen.api).submit;
  const [preview, setPreview] = useState<PreviewRow[]>();
  const [problem, setProblem] = useState<string>();
  const [progress, setProgress] = useState<string>();
  const [saved, setSaved] = useState(0);

  const read = async (file: File) => {
    setProblem(undefined);
    setPreview(undefined);
    try {
      const sheet = await readSheet(await file.arrayBuffer());
      const dictionaries = new Map<string, DictItem[]>();
      for (const field of fields)
        if (field.dict)
          dictionaries.set(field.dict.code, await loadDictionary(provider, field.dict.code, field.dict.biz));
      const rows = checkRows(fields, sheet, dictionaries, say);
      if (rows.length === 0) setProblem(say(actionTexts.importEmpty));
      else setPreview(spec.whole ? await serverChecked(rows, true) : rows);
    } catch {
      setProblem(say(actionTexts.importUnreadable));
    }
  };

  /** The rows after the server's own check (`check`) or write; refused rows carry its messages. */
  const serverChecked = async (rows: PreviewRow[], check: boolean): Promise<PreviewRow[]> => {
    const sent = rows.filter((row) => row.errors.length === 0);
    if (sent.length === 0) return rows;
    const answer = await provider.send<WholeAnswer>({
      method: 'POST',
      url,
      data: { rows: sent.map((row) => row.record), check },
      quiet: true,
    });
    const refused = new Map(answer.errors.map((error) => [sent[error.index], error.messages]));
    return rows.map((row) => (refused.has(row) ? { ...row, errors: refused.get(row) as string[] } : row));
  };

  const submitWhole = async () => {
    setProgress(say(actionTexts.importProgress, { done: 0, total: valid.length }));
    try {
      const rows = await serverChecked(preview ?? [], false);
      const invalid = rows.filter((row) => row.errors.length > 0).length;
      const before = (preview ?? []).filter((row) => row.errors.length > 0).length;
      if (invalid > before) {
        setPreview(rows);
        message.error(say(actionTexts.importWholeRefused, { invalid: invalid - before }));
        return;
      }
      setSaved((count) => count + valid.length);
      message.success(say(actionTexts.importDone, { saved: valid.length, failed: 0 }));
      if (before === 0) onClose(true);
      else setPreview(rows.filter((row) => row.errors.length > 0));
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setProgress(undefined);
    }
  };

  const template = async () => {
    const name = say(actionTexts.importTemplateName, { title: label(screen.title) });
    // The server's template carries an example row and the values each column takes, in the person's language.
    if (spec.template) {
      download(await provider.send<Blob>({ url: spec.template, blob: true }), `${name}.xlsx`);
      return;
    }
    download(
      await writeWorkbook(
        name,
        fields.map((field) => label(field.label)),
        [],
      ),
      `${name}.xlsx`,
    );
  };

  const valid = preview?.filter((row) => row.errors.length === 0) ?? [];
  const submit = async () => {
    if (spec.whole) return submitWhole();
    const result = [...(preview ?? [])];
    let done = 0;
    let ok = 0;
    for (const row of valid) {
      setProgress(say(actionTexts.importProgress, { done, total: valid.length }));
      try {
        await provider.send({ method: 'POST', url, data: row.record, quiet: true });
        ok++;
        result.splice(result.indexOf(row), 1);
      } catch (error) {
        const msg = error instanceof Error ? error.message : String(error);
        result[result.indexOf(row)] = { ...row, errors: [say(actionTexts.importRefused, { msg })] };
      }
      done++;
    }
    setProgress(undefined);
    setSaved((count) => count + ok);
    const failed = valid.length - ok;
    const summary = say(actionTexts.importDone, { saved: ok, failed });
    if (failed === 0 && result.length === 0) {
      message.success(summary);
      onClose(true);
      return;
    }
    // What is left to mend stays on screen: the refused rows and those that had errors.
    setPreview(result);
    if (failed) message.warning(summary);
    else message.success(summary);
  };

  const columns = [
    { key: 'line', title: say(actionTexts.importRow), dataIndex: 'line', width: 70 },
    ...fields.map((field) => ({
      key: field.field,
      title: label(field.label),
      render: (_: unknown, row: PreviewRow) => row.cells[field.field],
    })),
    {
      key: 'errors',
      title: say(actionTexts.importErrors),
      render: (_: unknown, row: PreviewRow) => <Typography.Text type="danger">{row.errors.join('; ')}</Typography.Text>,
    },
  ];

  return (
    <Modal
      open
      title={label(title)}
      width={960}
      onCancel={() => onClose(saved > 0)}
      footer={
        <Space>
          <Button onClick={template}>{say(actionTexts.importTemplate)}</Button>
          <Button onClick={() => onClose(saved > 0)}>{say(actionTexts.close)}</Button>
          <Button type="primary" disabled={valid.length === 0} loading={Boolean(progress)} onClick={submit}>
            {say(actionTexts.importSubmit, { valid: valid.length })}
          </Button>
        </Space>
      }
    >
      <Upload.Dragger
        accept=".xlsx"
        maxCount={1}
        showUploadList={false}
        beforeUpload={(file) => {
          void read(file);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{say(actionTexts.importHint)}</p>
      </Upload.Dragger>
      {problem && <Alert type="error" showIcon title={problem} style={{ marginTop: 12 }} />}
      {progress && <Alert type="info" title={progress} style={{ marginTop: 12 }} />}
      {preview && (
        <>
          <Alert
            type={valid.length === preview.length ? 'success' : 'warning'}
            showIcon
            style={{ marginTop: 12, marginBottom: 12 }}
            title={say(actionTexts.importSummary, {
              total: preview.length,
              valid: valid.length,
              invalid: preview.length - valid.length,
            })}
          />
          <Table<PreviewRow>
            rowKey="line"
            size="small"
            bordered
            dataSource={preview}
            columns={columns}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }}
          />
        </>
      )}
    </Modal>
  );
}
