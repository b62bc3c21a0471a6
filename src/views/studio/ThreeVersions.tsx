// A page overridden in the studio whose shipped file changed since: the baseline the change was made on, the baseline
// now, and the published version, side by side, with what changed in the shipped file.
import { Alert, Col, Flex, Row, Typography } from 'antd';
import { useStudioText } from './texts';
import { pretty, VersionDiff } from './VersionDiff';

export function ThreeVersions({ before, now, published }: { before: unknown; now: unknown; published: unknown }) {
  const t = useStudioText();
  const columns: [string, unknown][] = [
    [t('oldBaseline'), before],
    [t('newBaseline'), now],
    [t('current'), published],
  ];
  return (
    <Flex vertical gap="middle" data-testid="studio-three">
      <Alert type="warning" showIcon title={t('baselineChangedNote')} />
      <Row gutter={8}>
        {columns.map(([title, definition]) => (
          <Col span={8} key={title}>
            <Typography.Title level={5}>{title}</Typography.Title>
            <pre style={{ fontSize: 11, maxHeight: 420, overflow: 'auto' }}>{pretty(definition)}</pre>
          </Col>
        ))}
      </Row>
      <Typography.Title level={5}>
        {t('oldBaseline')} → {t('newBaseline')}
      </Typography.Title>
      <VersionDiff before={before} after={now} />
    </Flex>
  );
}
