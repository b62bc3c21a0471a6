// The view operation of a list that has a `view`: the row's detail, read-only, in a drawer beside the list.
import { Alert, Button, Drawer, Spin } from 'antd';
import { useLabel, useRuntimeText } from '../../i18n/label';
import { useFocusReturn } from '../../page/useFocusReturn';
import type { Column, Label, Row, ViewSpec } from '../../schema/types';
import { RecordView } from './RecordView';
import { useRecord } from './useRecord';

export interface ViewDrawerProps {
  view: ViewSpec;
  columns: Column[];
  title: Label;
  record: Row;
  rowKey: string;
  detailUrl: string;
  /** Query parameter of the detail call (default: the row key). */
  detailParam?: string;
  width?: number;
  id: string;
  onClose: () => void;
}

export default function ViewDrawer(props: ViewDrawerProps) {
  useFocusReturn();
  const label = useLabel();
  const t = useRuntimeText();
  const id = props.record[props.rowKey];
  const asListed = props.view.detail === false;
  const detail = useRecord(asListed ? undefined : props.detailUrl, { [props.detailParam ?? props.rowKey]: String(id) });
  const loaded = asListed ? {} : detail.data;
  return (
    <Drawer
      open
      title={`${label(props.title)} - ${t('view')}`}
      size={props.width ?? 880}
      onClose={props.onClose}
      footer={<Button onClick={props.onClose}>{t('close')}</Button>}
    >
      {detail.error ? (
        <Alert type="error" showIcon title={detail.error.message} />
      ) : loaded ? (
        <RecordView
          record={{ ...props.record, ...loaded }}
          columns={props.columns}
          sections={props.view.sections}
          id={props.id}
        />
      ) : (
        <Spin />
      )}
    </Drawer>
  );
}
