// Every version of a page: roll back to any published one (it becomes the newest), download it as its file, and
// compare any two (the shipped file and the draft included).

import { hasPermission, request, useLang } from '@ride-console/runtime';
import type { AnswerOf } from '@ride-console/runtime/shell';
import { App, Button, Flex, Select, Space, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { studioApi, type Version } from './api';
import { useStudioText } from './texts';
import { pretty, VersionDiff } from './VersionDiff';

/** Offers the published version's JSON as its page file. */
export async function downloadVersion(pageId: string, version: number): Promise<void> {
  const definition = await request<AnswerOf<'/api/blade-system/studio/download'>>({
    url: studioApi.downloadUrl(pageId, version),
    raw: true,
  });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([pretty(definition)], { type: 'application/json' }));
  link.download = `${pageId.split('/').pop()}.json`;
  link.click();
  URL.revokeObjectURL(link.href);
}

const BASELINE = 'baseline';

/** A published version consoles do not draw, with why on hover. */
function Undrawable({ failure }: { failure: NonNullable<Version['drawFailure']> }) {
  const t = useStudioText();
  const lang = useLang();
  const why = t(failure.by === 'server' ? 'undrawableByServer' : 'undrawableByConsole', {
    path: failure.path,
    problem: lang === 'zh' ? failure.zh : failure.message,
  });
  return (
    <Tooltip title={why}>
      <Tag color="red">{t('undrawable')}</Tag>
    </Tooltip>
  );
}

export function History({
  pageId,
  versions,
  baseline,
  onChanged,
}: {
  pageId: string;
  versions: Version[];
  baseline: unknown;
  onChanged: () => void;
}) {
  const t = useStudioText();
  const { message } = App.useApp();
  const keyOf = (v: Version) => (v.state === 'draft' ? 'draft' : String(v.version));
  const published = versions.filter((v) => v.state === 'published');
  const [from, setFrom] = useState<string>(published[1] ? keyOf(published[1]) : BASELINE);
  const [to, setTo] = useState<string>(versions[0] ? keyOf(versions[0]) : BASELINE);
  const definitionOf = (key: string) => {
    const version = versions.find((v) => keyOf(v) === key);
    return version ? (version.definition ?? baseline) : baseline;
  };
  const options = [
    ...versions.map((v) => ({
      value: keyOf(v),
      label: v.state === 'draft' ? t('draftVersion') : `${t('version')} ${v.version} · ${v.comment}`,
    })),
    { value: BASELINE, label: t('baselineVersion') },
  ];
  const rollback = async (version: number) => {
    const answer = await studioApi.rollback(pageId, version);
    message.success(t('rolledBack', { version: answer.version }));
    onChanged();
  };

  return (
    <Flex vertical gap="middle">
      <Table<Version>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={versions}
        columns={[
          {
            title: t('version'),
            width: 90,
            render: (_, v) => (v.state === 'draft' ? <Tag color="orange">{t('draftVersion')}</Tag> : v.version),
          },
          {
            title: t('state'),
            width: 110,
            render: (_, v) => v.drawFailure && <Undrawable failure={v.drawFailure} />,
          },
          {
            title: t('comment'),
            render: (_, v) =>
              v.definition === null && v.state === 'published' ? `${v.comment} (${t('baselineVersion')})` : v.comment,
          },
          { title: t('author'), dataIndex: 'author', width: 100 },
          { title: t('time'), dataIndex: 'createTime', width: 170 },
          {
            title: '',
            width: 240,
            render: (_, v) =>
              v.state === 'published' && (
                <Space>
                  {hasPermission('studio_publish') && v.version !== published[0]?.version && (
                    <Button size="small" onClick={() => rollback(v.version)}>
                      {t('rollback')}
                    </Button>
                  )}
                  <Button size="small" onClick={() => downloadVersion(pageId, v.version)}>
                    {t('download')}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      <Space wrap>
        {t('compare')}
        <span>{t('from')}</span>
        <Select aria-label={t('from')} style={{ width: 260 }} value={from} options={options} onChange={setFrom} />
        <span>{t('to')}</span>
        <Select aria-label={t('to')} style={{ width: 260 }} value={to} options={options} onChange={setTo} />
      </Space>
      <VersionDiff before={definitionOf(from)} after={definitionOf(to)} />
    </Flex>
  );
}
