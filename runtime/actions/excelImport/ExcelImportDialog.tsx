// Excel import of a list: download the template, upload an .xlsx, see every row checked (errors per row), then import
// the valid rows one by one to the submit call; rows the server refuses keep its message in the preview.
import { InboxOutlined } from '@ant-design/icons';
import { Alert, App, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { useMemo, useState } from 'react';
import { download, writeWorkbook } from '../../crud/exportExcel';
import { type DictItem, loadDictionary } from '../../data/dictionary';
import { resourceUrls } from '../../data/provider';
import { request } from '../../http/client';
import { useLabel } from '../../i18n/label';
import type { ExcelImport, Label, ListScreen } from '../../schema/types';
import { fillTemplate } from '../context';
import { actionTexts } from '../texts';
import { importFields } from './fields';
import { checkRows, type PreviewRow, readSheet } from './rows';

export interface ExcelImportDialogProps {
  screen: ListScreen;
  spec: ExcelImport;
  title: Label;
  onClose: (changed: boolean) => void;
}

export function ExcelImportDialog({ screen, spec, title, onClose }: ExcelImportDialogProps) {
  const label = useLabel();
  const { message } = App.useApp();
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
        if (field.dict) dictionaries.set(field.dict.code, await loadDictionary(field.dict.code, field.dict.biz));
      const rows = checkRows(fields, sheet, dictionaries, say);
      if (rows.length === 0) setProblem(say(actionTexts.importEmpty));
      else setPreview(rows);
    } catch {
      setProblem(say(actionTexts.importUnreadable));
    }
  };

  const template = async () => {
    const name = say(actionTexts.importTemplateName, { title: label(screen.title) });
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
    const result = [...(preview ?? [])];
    let done = 0;
    let ok = 0;
    for (const row of valid) {
      setProgress(say(actionTexts.importProgress, { done, total: valid.length }));
      try {
        await request({ method: 'POST', url, data: row.record, quiet: true });
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
