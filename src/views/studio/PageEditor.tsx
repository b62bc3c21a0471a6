// One page in the studio: the JSON (or the columns form) beside the live preview of the draft; save the draft,
// publish with a comment, revert to the shipped file; the history and, when the shipped file changed since the
// page was overridden, the three versions.

import { hasPermission } from '@ride-console/runtime';
import type { DefinitionProblem } from '@ride-console/runtime/studio';
import { checkPage, DefinitionError } from '@ride-console/runtime/studio';
import { Alert, App, Button, Col, Flex, Input, Modal, Popconfirm, Row, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import useSWR from 'swr';
import { type DraftAccess, type PageDetail, problemsOf, studioApi } from './api';
import { ColumnsForm } from './ColumnsForm';
import { serverNames } from './editor/server-names';
import { pagesExtendedBy } from './extended-pages';
import { History } from './History';
import { Preview } from './Preview';
import { ThreeVersions } from './ThreeVersions';
import { useStudioLang, useStudioText } from './texts';
import { pretty } from './VersionDiff';

const JsonEditor = lazy(() => import('./editor/JsonEditor'));

/** The text the editor starts from: the draft, else the published version, else the shipped file. */
const startingText = (detail: PageDetail | undefined, drafted: unknown) =>
  pretty(drafted ?? detail?.draft?.definition ?? detail?.published?.definition ?? detail?.baseline ?? {});

export function PageEditor({
  pageId,
  drafted,
  access,
  onChanged,
}: {
  pageId: string;
  drafted?: unknown;
  /** For a page drafted from a resource: the menu a role needs for its calls to answer. */
  access?: DraftAccess;
  onChanged: () => void;
}) {
  const t = useStudioText();
  const lang = useStudioLang();
  const { message } = App.useApp();
  const file = `pages/${pageId}.json`;
  const page = useSWR(['studio-page', pageId], () => studioApi.page(pageId).catch(() => undefined));
  const versions = useSWR(['studio-versions', pageId], () => studioApi.versions(pageId));
  // Asked once for the whole studio: it changes only when the server does.
  const description = useSWR('studio-description', () => studioApi.description(), { revalidateOnFocus: false });
  const [text, setText] = useState<string>();
  // The publish's refusal belongs to the text refused: once the text changes it no longer describes it.
  const [refusal, setRefusal] = useState<{ text?: string; problems: DefinitionProblem[] }>({ problems: [] });
  const problems = refusal.text === text ? refusal.problems : [];
  const [comment, setComment] = useState('');
  const [publishing, setPublishing] = useState(false);

  useEffect(() => {
    if (!page.isLoading && text === undefined) setText(startingText(page.data, drafted));
  }, [page.isLoading, page.data, drafted, text]);

  // The preview and the form take the last text that parses; a broken text keeps the previous one on screen.
  const parsed = useMemo(() => {
    if (text === undefined) return {};
    try {
      return { value: JSON.parse(text) as unknown };
    } catch (error) {
      return { broken: error instanceof Error ? error.message : String(error) };
    }
  }, [text]);
  const broken = parsed.broken;
  const [valid, setValid] = useState<unknown>();
  useEffect(() => {
    if ('value' in parsed) setValid(parsed.value);
  }, [parsed]);
  // The preview is drawn again once typing pauses, not on every key.
  const [shown, setShown] = useState<unknown>();
  useEffect(() => {
    const timer = setTimeout(() => setShown(valid), 400);
    return () => clearTimeout(timer);
  }, [valid]);

  const completions = useMemo(
    () => serverNames(valid, pageId, description.data, lang),
    [valid, pageId, description.data, lang],
  );

  // The publish's own checks, run as the person types (once typing pauses), so a search the list ignores or a
  // misspelt dictionary is named before publishing.
  const [checked, setChecked] = useState<DefinitionProblem[]>([]);
  useEffect(() => {
    if (text === undefined) return;
    let current = true;
    const timer = setTimeout(async () => {
      const pages = 'value' in parsed ? await pagesExtendedBy(parsed.value, pageId) : {};
      if (current) setChecked(checkPage(text, { file, description: description.data, pages }));
    }, 400);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, parsed, file, pageId, description.data]);

  const reload = () => {
    page.mutate();
    versions.mutate();
    onChanged();
  };
  const replace = (definition: unknown) => setText(pretty(definition));

  const saveDraft = async () => {
    await studioApi.saveDraft(pageId, valid);
    message.success(t('saved'));
    reload();
  };
  const publish = async () => {
    if (!comment.trim()) {
      message.error(t('commentRequired'));
      return;
    }
    try {
      const answer = await studioApi.publish(pageId, valid, comment.trim());
      setRefusal({ problems: [] });
      setPublishing(false);
      setComment('');
      message.success(t('published', { version: answer.version }));
      reload();
    } catch (error) {
      setPublishing(false);
      setRefusal({ text, problems: problemsOf(error) });
      message.error(error instanceof Error ? error.message : String(error));
    }
  };
  const revert = async () => {
    await studioApi.revert(pageId);
    message.success(t('reverted'));
    setText(pretty(page.data?.baseline ?? {}));
    reload();
  };

  if (text === undefined) return <Spin />;
  const detail = page.data;
  const editing = (
    <Row gutter={12}>
      <Col span={10}>
        <Tabs
          size="small"
          items={[
            {
              key: 'json',
              label: t('json'),
              children: (
                <Flex vertical gap="small">
                  <div style={{ height: 560 }}>
                    <Suspense fallback={<Spin />}>
                      <JsonEditor
                        value={text}
                        onChange={setText}
                        lang={lang}
                        file={file}
                        extraCompletions={completions}
                        label={`${t('json')} ${file}`}
                      />
                    </Suspense>
                  </div>
                  <div data-testid="studio-checks">
                    {checked.length > 0 ? (
                      <DefinitionError file={file} problems={checked} />
                    ) : (
                      <Typography.Text type="success">{t('checksPassed')}</Typography.Text>
                    )}
                  </div>
                </Flex>
              ),
            },
            { key: 'columns', label: t('columns'), children: <ColumnsForm page={valid} onChange={replace} /> },
          ]}
        />
      </Col>
      <Col span={14}>
        <Typography.Title level={5}>{t('preview')}</Typography.Title>
        {broken && <Alert type="warning" showIcon title={t('brokenJson')} description={broken} />}
        {shown !== undefined && <Preview definition={shown} pageId={pageId} file={file} />}
      </Col>
    </Row>
  );

  return (
    <Flex vertical gap="small">
      <Space wrap>
        <Typography.Text code>{file}</Typography.Text>
        {detail?.published && <Tag>{`${t('version')} ${detail.published.version}`}</Tag>}
        {detail?.draft && <Tag color="orange">{t('draft')}</Tag>}
        {hasPermission('studio_edit') && (
          <Button onClick={saveDraft} disabled={Boolean(broken)}>
            {t('saveDraft')}
          </Button>
        )}
        {hasPermission('studio_publish') && (
          <Button type="primary" onClick={() => setPublishing(true)} disabled={Boolean(broken)}>
            {t('publish')}
          </Button>
        )}
        {hasPermission('studio_publish') && detail?.baseline !== null && Boolean(detail?.published?.definition) && (
          <Popconfirm title={t('revertConfirm')} onConfirm={revert}>
            <Button danger>{t('revert')}</Button>
          </Popconfirm>
        )}
      </Space>
      {access && (
        <Alert
          type="warning"
          showIcon
          data-testid="studio-draft-access"
          title={t('draftAccess', { screen: access[lang] })}
          description={t('draftAccessHow', { screen: access[lang] })}
        />
      )}
      {problems.length > 0 && (
        <div data-testid="studio-problems">
          <DefinitionError file={file} problems={problems} />
        </div>
      )}
      <Tabs
        items={[
          { key: 'edit', label: t('edit'), children: editing },
          {
            key: 'history',
            label: t('history'),
            children: (
              <History
                key={versions.data?.length ?? 0}
                pageId={pageId}
                versions={versions.data ?? []}
                baseline={detail?.baseline ?? null}
                onChanged={() => {
                  reload();
                  setText(undefined);
                }}
              />
            ),
          },
          ...(detail?.baselineChanged && detail.published
            ? [
                {
                  key: 'three',
                  label: t('three'),
                  children: (
                    <ThreeVersions
                      before={detail.published.baseline}
                      now={detail.baseline}
                      published={detail.published.definition}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        title={t('publish')}
        open={publishing}
        onOk={publish}
        onCancel={() => setPublishing(false)}
        okText={t('publish')}
        destroyOnHidden
      >
        <Input.TextArea
          aria-label={t('comment')}
          placeholder={t('comment')}
          value={comment}
          maxLength={500}
          onChange={(e) => setComment(e.target.value)}
        />
      </Modal>
    </Flex>
  );
}
