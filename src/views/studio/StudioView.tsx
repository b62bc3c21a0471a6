// 页面工作室 (/system/studio, docs/studio.md): the pages with their state, and the chosen one in the editor.
import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Input, Select, Spin, Table, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import useSWR from 'swr';
import { type DraftAccess, type NewPage, type StudioPage, studioApi } from './api';
import { useStudioLang, useStudioText } from './texts';

// The editor (the definition checks, the preview, the diff, the JSON editor) loads when a page is opened: the list of
// pages weighs no more than any other screen.
const PageEditor = lazy(() => import('./PageEditor').then((module) => ({ default: module.PageEditor })));
// The new-page dialog (a form, radios, a modal) loads when 新建页面 is pressed, for the same reason.
const NewPageDialog = lazy(() => import('./NewPageDialog').then((module) => ({ default: module.NewPageDialog })));

const STATE_COLOR = { baseline: undefined, changed: 'blue', draft: 'orange' } as const;

export default function StudioView() {
  const t = useStudioText();
  const lang = useStudioLang();
  const { message } = App.useApp();
  const list = useSWR('studio-pages', studioApi.pages);
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<{ pageId: string; drafted?: unknown; access?: DraftAccess; created?: NewPage }>();
  const [creating, setCreating] = useState(false);

  const titleOf = (page: StudioPage) =>
    typeof page.title === 'string' ? page.title : (page.title?.[lang] ?? page.pageId);
  const pages = (list.data?.pages ?? []).filter(
    (page) => !search || page.pageId.includes(search) || titleOf(page).toLowerCase().includes(search.toLowerCase()),
  );
  const draftFrom = async (prefix: string) => {
    const drafted = await studioApi.resourceDraft(prefix);
    setOpen({ pageId: drafted.pageId, drafted: drafted.definition, access: drafted.access });
    message.info(drafted.pageId);
  };

  // An open page takes the whole width: the editor beside its preview.
  if (open)
    return (
      <Flex vertical gap="small">
        <Button style={{ alignSelf: 'start' }} icon={<ArrowLeftOutlined />} onClick={() => setOpen(undefined)}>
          {t('pages')}
        </Button>
        {open.created && <MenuNote page={open.created} />}
        <Suspense fallback={<Spin />}>
          <PageEditor
            key={open.pageId}
            pageId={open.pageId}
            drafted={open.drafted}
            access={open.access}
            onChanged={() => list.mutate()}
          />
        </Suspense>
      </Flex>
    );
  return (
    <Flex gap="middle" align="start">
      <Flex vertical gap="small" style={{ width: 560, flex: 'none' }}>
        <Input.Search
          aria-label={t('search')}
          placeholder={t('search')}
          allowClear
          onChange={(e) => setSearch(e.target.value)}
        />
        <Button icon={<PlusOutlined />} style={{ alignSelf: 'start' }} onClick={() => setCreating(true)}>
          {t('newPageTitle')}
        </Button>
        {creating && (
          <Suspense fallback={null}>
            <NewPageDialog
              open
              resources={list.data?.resources ?? []}
              onClose={() => setCreating(false)}
              onCreated={(page) => {
                setCreating(false);
                list.mutate();
                setOpen({ pageId: page.pageId, access: page.access ?? undefined, created: page });
              }}
            />
          </Suspense>
        )}
        <Select
          aria-label={t('newPage')}
          placeholder={t('newPage')}
          showSearch
          optionFilterProp="label"
          value={null}
          onChange={(prefix: string) => draftFrom(prefix)}
          options={(list.data?.resources ?? []).map((resource) => ({
            value: resource.prefix,
            label: `${resource.title} ${resource.prefix}${resource.hasScreen ? ` (${t('hasScreen')})` : ''}`,
          }))}
        />
        <Table<StudioPage>
          size="small"
          rowKey="pageId"
          loading={list.isLoading}
          dataSource={pages}
          pagination={{ pageSize: 15, size: 'small', showSizeChanger: false }}
          onRow={(page) => ({ onClick: () => setOpen({ pageId: page.pageId }), style: { cursor: 'pointer' } })}
          columns={[
            {
              title: t('pages'),
              render: (_, page) => (
                <Flex vertical>
                  <Typography.Link>{titleOf(page)}</Typography.Link>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {page.pageId}
                  </Typography.Text>
                </Flex>
              ),
            },
            {
              title: t('state'),
              width: 120,
              render: (_, page) => (
                <Flex vertical gap={2} align="start">
                  <Tag color={STATE_COLOR[page.state]}>{t(page.state)}</Tag>
                  {page.baselineChanged && <Tag color="red">{t('baselineChanged')}</Tag>}
                </Flex>
              ),
            },
          ]}
        />
      </Flex>
      <Typography.Text type="secondary">{t('pick')}</Typography.Text>
    </Flex>
  );
}

/** How a new page reaches people: the menu that has its path already, or the menu to add (a form: a formKey). */
function MenuNote({ page }: { page: NewPage }) {
  const t = useStudioText();
  return (
    <Alert
      type="info"
      showIcon
      data-testid="studio-new-page-menu"
      message={
        page.menu ? t('newPageMenuFound', { menu: page.menu.name, path: `/${page.pageId}` }) : t('newPageNoMenu')
      }
      description={page.menu ? undefined : t('newPageMenuHow', { path: `/${page.pageId}`, pageId: page.pageId })}
    />
  );
}
