// A record on a page of its own: the detail call's parameters come from the page's address (`?id=12`).
import { Card, Spin } from 'antd';
import { useLabel } from '../../i18n/label';
import { computeValues } from '../../logic/evaluate';
import { LaterAlert } from '../../page/LaterAlert';
import type { ViewBlock as ViewSpec } from '../../schema/types';
import { RecordView } from './RecordView';
import { useRecord } from './useRecord';

export function ViewBlock({ block, id }: { block: ViewSpec; id: string }) {
  const label = useLabel();
  const address = Object.fromEntries(new URLSearchParams(window.location.search));
  const params = computeValues(block.params, address) as Record<string, string>;
  const detail = useRecord(block.detail, params);
  return (
    <Card title={block.title ? label(block.title) : undefined}>
      {detail.error ? (
        <LaterAlert type="error" showIcon title={detail.error.message} />
      ) : detail.data ? (
        <RecordView record={detail.data} columns={block.columns} sections={block.sections} id={id} />
      ) : (
        <Spin />
      )}
    </Card>
  );
}
