// The account menu editor (公众号菜单 → 编辑菜单): up to 3 buttons, each a link of its own or up to 5 sub-buttons,
// saved as a draft (wxmenu_save) and published to the platform (wxmenu_publish), whose refusal is shown as it says.

import { type ActionProps, api, useLabel, usePermission } from '@ride-console/runtime';
import type { AnswerOf, Schema } from '@ride-console/runtime/shell';
import { Alert, Button, Card, Input, Modal, message, Select, Space, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { cleaned, MAX_BUTTONS, MAX_SUB_BUTTONS, type MenuButton, newButton } from './menu-buttons';

const T = {
  title: { zh: '编辑菜单', en: 'Edit the menu' },
  hint: {
    zh: '最多 3 个一级菜单,每个最多 5 个子菜单;有子菜单的一级菜单只作分组。',
    en: 'At most 3 buttons, each with at most 5 sub-buttons; a button with sub-buttons only groups them.',
  },
  addButton: { zh: '添加一级菜单', en: 'Add a button' },
  addSub: { zh: '添加子菜单', en: 'Add a sub-button' },
  remove: { zh: '删除', en: 'Remove' },
  name: { zh: '菜单名称', en: 'Name' },
  type: { zh: '菜单类型', en: 'Type' },
  view: { zh: '跳转网页', en: 'Web page' },
  click: { zh: '点击推事件', en: 'Click event' },
  miniprogram: { zh: '打开小程序', en: 'Mini program' },
  key: { zh: '事件 KEY', en: 'Event key' },
  url: { zh: '网页链接', en: 'URL' },
  appid: { zh: '小程序 AppID', en: 'Mini program AppID' },
  pagepath: { zh: '小程序页面路径', en: 'Mini program page' },
  fallback: { zh: '备用网页链接', en: 'Fallback URL' },
  save: { zh: '保存', en: 'Save' },
  publish: { zh: '发布', en: 'Publish' },
  close: { zh: '关闭', en: 'Close' },
  published: { zh: '已发布', en: 'Published' },
  draft: { zh: '未发布', en: 'Draft' },
  newName: { zh: '新菜单', en: 'New' },
};

type MenuAnswer = Schema<'AccountMenu'>;
/** Saving and publishing show the server's own words (`msg`), so they take the whole envelope. */
type Sent = AnswerOf<'/api/blade-mp/menu/{id}', 'post'>;

function ButtonFields({ button, onChange }: { button: MenuButton; onChange: (next: MenuButton) => void }) {
  const label = useLabel();
  const set = (field: keyof MenuButton, value: string) => onChange({ ...button, [field]: value });
  const input = (field: 'key' | 'url' | 'appid' | 'pagepath', text: { zh: string; en: string }) => (
    <Input
      aria-label={label(text)}
      placeholder={label(text)}
      value={button[field] ?? ''}
      onChange={(event) => set(field, event.target.value)}
    />
  );
  return (
    <Space wrap>
      <Select
        aria-label={label(T.type)}
        style={{ width: 140 }}
        value={button.type ?? 'view'}
        onChange={(value) => set('type', value)}
        options={(['view', 'click', 'miniprogram'] as const).map((type) => ({ value: type, label: label(T[type]) }))}
      />
      {(button.type ?? 'view') === 'view' && input('url', T.url)}
      {button.type === 'click' && input('key', T.key)}
      {button.type === 'miniprogram' && (
        <>
          {input('appid', T.appid)}
          {input('pagepath', T.pagepath)}
          {input('url', T.fallback)}
        </>
      )}
    </Space>
  );
}

export default function AccountMenuDialog({ row, onClose }: ActionProps) {
  const label = useLabel();
  const canSave = usePermission('wxmenu_save');
  const canPublish = usePermission('wxmenu_publish');
  const accountId = String(row?.id ?? '');
  const target = { params: { id: accountId }, quiet: true };
  const [menu, setMenu] = useState<MenuAnswer | null>(null);
  const [buttons, setButtons] = useState<MenuButton[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api
      .get('/api/blade-mp/menu/{id}', {}, { params: { id: accountId }, quiet: true })
      .then((answer) => {
        setMenu(answer);
        setButtons(answer.buttons);
      })
      .catch((failure: Error) => setError(failure.message));
  }, [accountId]);

  const change = (index: number, next: MenuButton) => setButtons(buttons.map((b, i) => (i === index ? next : b)));
  // Publishing sends what is on screen: it is saved first (for those who may save), then published.
  const send = async (publish: boolean) => {
    setBusy(true);
    setError('');
    try {
      let answer: Sent | null = null;
      if (canSave) {
        const data = { buttons: buttons.map(cleaned) };
        answer = await api.answered.post('/api/blade-mp/menu/{id}', data, target);
        setMenu(answer.data);
      }
      if (publish) answer = await api.answered.put('/api/blade-mp/menu/{id}', undefined, target);
      if (answer) {
        setMenu(answer.data);
        message.success(answer.msg);
      }
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const footer = [
    <Button key="close" onClick={() => onClose(true)}>
      {label(T.close)}
    </Button>,
    canSave && (
      <Button key="save" loading={busy} onClick={() => send(false)}>
        {label(T.save)}
      </Button>
    ),
    canPublish && (
      <Button key="publish" type="primary" loading={busy} onClick={() => send(true)}>
        {label(T.publish)}
      </Button>
    ),
  ];

  return (
    <Modal
      open
      width={880}
      title={`${label(T.title)} · ${String(row?.accountName ?? '')}`}
      footer={footer}
      onCancel={() => onClose(true)}
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      {!menu && !error ? (
        <Spin />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space>
            {menu && (
              <Tag color={menu.publishState === 1 ? 'green' : 'default'}>
                {label(menu.publishState === 1 ? T.published : T.draft)}
              </Tag>
            )}
            <span>{label(T.hint)}</span>
          </Space>
          {buttons.map((button, index) => {
            const subs = button.sub_button ?? [];
            const setSubs = (next: MenuButton[]) => change(index, { ...button, sub_button: next });
            return (
              <Card
                key={index}
                size="small"
                title={
                  <Input
                    aria-label={label(T.name)}
                    value={button.name}
                    style={{ maxWidth: 240 }}
                    onChange={(event) => change(index, { ...button, name: event.target.value })}
                  />
                }
                extra={
                  <Button danger size="small" onClick={() => setButtons(buttons.filter((_, i) => i !== index))}>
                    {label(T.remove)}
                  </Button>
                }
              >
                <Space direction="vertical" style={{ width: '100%' }}>
                  {subs.length === 0 && <ButtonFields button={button} onChange={(next) => change(index, next)} />}
                  {subs.map((sub, subIndex) => (
                    <Space key={subIndex} wrap>
                      <Input
                        aria-label={label(T.name)}
                        value={sub.name}
                        style={{ width: 160 }}
                        onChange={(event) =>
                          setSubs(subs.map((s, i) => (i === subIndex ? { ...sub, name: event.target.value } : s)))
                        }
                      />
                      <ButtonFields
                        button={sub}
                        onChange={(next) => setSubs(subs.map((s, i) => (i === subIndex ? next : s)))}
                      />
                      <Button size="small" onClick={() => setSubs(subs.filter((_, i) => i !== subIndex))}>
                        {label(T.remove)}
                      </Button>
                    </Space>
                  ))}
                  <Button
                    size="small"
                    disabled={subs.length >= MAX_SUB_BUTTONS}
                    onClick={() => setSubs([...subs, newButton(label(T.newName))])}
                  >
                    {label(T.addSub)}
                  </Button>
                </Space>
              </Card>
            );
          })}
          <Button
            disabled={buttons.length >= MAX_BUTTONS}
            onClick={() => setButtons([...buttons, newButton(label(T.newName))])}
          >
            {label(T.addButton)}
          </Button>
        </Space>
      )}
    </Modal>
  );
}
