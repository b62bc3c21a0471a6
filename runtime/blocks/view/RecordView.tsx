// A record shown read-only: titled sections of fields, each through its column's formatter (as in the table), and
// lists of rows belonging to the record, queried with fields of it.
import { Descriptions, Flex, Typography } from 'antd';
import { useRuntime } from '../../config';
import { CrudPage } from '../../crud/CrudPage';
import { formatOf } from '../../crud/fields';
import type { Query } from '../../data/provider';
import { formatterOf } from '../../format/Cell';
import { useLabel } from '../../i18n/label';
import { computeValues } from '../../logic/evaluate';
import { usePermissionSet } from '../../permissions';
import { usePhone } from '../../phone/usePhone';
import { listScreen } from '../../schema/list-screen';
import type { Column, Label, Row, ViewSection } from '../../schema/types';

export interface RecordViewProps {
  record: Row;
  columns: Column[];
  sections?: ViewSection[];
  /** Keys what people choose in the nested lists (their column settings). */
  id: string;
}

function FieldValue({ column, record }: { column: Column; record: Row }) {
  const value = record[column.field];
  const { registry } = useRuntime();
  const found = formatterOf(formatOf(column), registry);
  if (found) return <found.formatter.Cell value={value} row={record} options={found.options} />;
  return <>{value === undefined || value === null ? '' : String(value)}</>;
}

function Fields({ title, fields, record }: { title?: Label; fields: Column[]; record: Row }) {
  const label = useLabel();
  // On a phone each label stands above its value, one field under the other.
  const phone = usePhone();
  return (
    <Descriptions
      title={title ? label(title) : undefined}
      bordered
      size="small"
      layout={phone ? 'vertical' : 'horizontal'}
      // One label width for every section, so the sections of a record line up.
      styles={phone ? undefined : { label: { width: 140 } }}
      column={fields.length > 1 && !phone ? 2 : 1}
      items={fields.map((column) => ({
        key: column.field,
        label: label(column.label),
        children: <FieldValue column={column} record={record} />,
      }))}
    />
  );
}

export function RecordView({ record, columns, sections, id }: RecordViewProps) {
  const label = useLabel();
  const allowed = usePermissionSet();
  const byField = new Map(columns.map((column) => [column.field, column]));
  if (!sections) return <Fields fields={columns} record={record} />;
  return (
    <Flex vertical gap="large">
      {sections.map((section, index) => {
        const key = `${id}#view-${index}`;
        // A list the person may not see takes its section's title with it.
        const permission = section.list?.permission;
        if (permission !== undefined && !allowed(permission)) return null;
        const list = section.list && listScreen(section.list, key, section.title);
        if (list) {
          return (
            <div key={key}>
              <Typography.Title level={5}>{label(section.title)}</Typography.Title>
              <CrudPage page={list} fixedQuery={computeValues(section.query, record) as Query} />
            </div>
          );
        }
        const fields = (section.fields ?? []).flatMap((field) => byField.get(field) ?? []);
        return <Fields key={key} title={section.title} fields={fields} record={record} />;
      })}
    </Flex>
  );
}
