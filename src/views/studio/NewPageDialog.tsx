// 新建页面: a page under an id no page has — a process's form, a dashboard, or a list of a resource — started by the
// server as a draft that passes the checks (POST studio/new-page), then opened in the editor like any page.

import { PAGE_ID } from '@ride-console/runtime/studio';
import { App, Form, Input, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { type DraftableResource, type NewPage, type NewPageKind, studioApi } from './api';
import { useStudioText } from './texts';

interface Values {
  pageId: string;
  zh: string;
  en: string;
  kind: NewPageKind;
  prefix?: string;
}

const KINDS: NewPageKind[] = ['form', 'dashboard', 'list'];
const pageIdPattern = new RegExp(PAGE_ID);

export function NewPageDialog(props: {
  open: boolean;
  resources: DraftableResource[];
  onClose: () => void;
  onCreated: (page: NewPage) => void;
}) {
  const t = useStudioText();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form);
  const [saving, setSaving] = useState(false);

  const create = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const page = await studioApi.newPage({
        pageId: values.pageId,
        kind: values.kind,
        title: { zh: values.zh.trim(), en: values.en.trim() },
        ...(values.kind === 'list' ? { prefix: values.prefix } : {}),
      });
      message.success(t('newPageMade', { pageId: page.pageId }));
      form.resetFields();
      props.onCreated(page);
    } finally {
      setSaving(false);
    }
  };

  const required = (text: string) => ({ required: true, whitespace: true, message: text });
  return (
    <Modal
      open={props.open}
      title={t('newPageTitle')}
      okText={t('newPageCreate')}
      confirmLoading={saving}
      onOk={create}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ kind: 'form' }} aria-label={t('newPageTitle')}>
        <Form.Item
          name="pageId"
          label={t('newPageId')}
          extra={t('newPageIdHint')}
          rules={[
            required(t('newPageIdRequired')),
            { pattern: pageIdPattern, message: t('newPageIdRule') },
            { max: 200, message: t('newPageIdRule') },
          ]}
        >
          <Input placeholder="flow/forms/shop-check" />
        </Form.Item>
        <Form.Item name="zh" label={t('newPageZh')} rules={[required(t('newPageZhRequired')), { max: 100 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="en" label={t('newPageEn')} rules={[required(t('newPageEnRequired')), { max: 100 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="kind" label={t('newPageKind')}>
          <Radio.Group
            options={KINDS.map((value) => ({ value, label: t(`newPageKind_${value}`) }))}
            optionType="button"
          />
        </Form.Item>
        {kind === 'list' && (
          <Form.Item name="prefix" label={t('newPageResource')} rules={[required(t('newPageResourceRequired'))]}>
            <Select
              showSearch
              optionFilterProp="label"
              options={props.resources.map((resource) => ({
                value: resource.prefix,
                label: `${resource.title} ${resource.prefix}`,
              }))}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
