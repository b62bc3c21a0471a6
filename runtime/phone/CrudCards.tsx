// A list on a phone: each row a card with its summary fields (cardFields.ts), the button the definition puts first and
// 更多 for the rest; a totals card when the list has a totals row; paging below. It loads only on a phone.
import { Button, Dropdown, Pagination, Spin } from 'antd';
import { Fragment, useId } from 'react';
import type { CrudController } from '../crud/controller/useCrudController';
import { formatOf } from '../crud/fields';
import type { RowButton } from '../crud/RowOperations';
import { TickBox } from '../crud/TickBox';
import { isEmpty } from '../format/builtins';
import { formatterOf } from '../format/Cell';
import { useLabel, useRuntimeText } from '../i18n/label';
import type { Column, Row } from '../schema/types';
import { cardColumns } from './cardFields';

function Value({ column, row, registry }: { column: Column; row: Row; registry: CrudController['registry'] }) {
  const value = row[column.field];
  const found = formatterOf(formatOf(column), registry);
  if (found) return <found.formatter.Cell value={value} row={row} options={found.options} />;
  return <>{value === undefined || value === null ? '' : String(value)}</>;
}

/** A card's fields, each label above its value as the column formats it. */
function Fields({ columns, row, registry }: { columns: Column[]; row: Row; registry: CrudController['registry'] }) {
  const label = useLabel();
  return (
    <dl className="console-card-fields">
      {columns.map((column) => (
        <Fragment key={column.field}>
          <dt>{label(column.label)}</dt>
          <dd>
            <Value column={column} row={row} registry={registry} />
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** The card's first button, and the others in a menu; each names the card it acts on (its title). */
function CardActions({ buttons, primary, titleId }: { buttons: RowButton[]; primary?: string; titleId: string }) {
  const t = useRuntimeText();
  const first = buttons.find((button) => button.key === primary && !button.disabled) ?? buttons[0];
  if (!first) return null;
  const others = buttons.filter((button) => button !== first);
  return (
    <div className="console-card-actions">
      {others.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: others.map((button) => ({
              key: button.key,
              label: button.text,
              danger: button.danger,
              disabled: button.disabled,
              onClick: button.onClick,
            })),
          }}
        >
          <Button aria-describedby={titleId}>{t('more')}</Button>
        </Dropdown>
      )}
      <Button
        type="primary"
        danger={first.danger}
        disabled={first.disabled}
        aria-describedby={titleId}
        onClick={first.onClick}
      >
        {first.text}
      </Button>
    </div>
  );
}

function Card(props: {
  row: Row;
  index: number;
  columns: Column[];
  crud: CrudController;
  buttons: RowButton[];
  tick?: { checked: boolean; onTick: (on: boolean) => void };
}) {
  const { row, columns, crud } = props;
  const t = useRuntimeText();
  const titleId = useId();
  const [title, ...fields] = columns;
  return (
    <article className="console-card" aria-labelledby={titleId}>
      <div className="console-card-head">
        {props.tick && (
          <TickBox
            checked={props.tick.checked}
            label={t('tickRow', { row: props.index + 1 })}
            onTick={props.tick.onTick}
          />
        )}
        <h3 className="console-card-title" id={titleId}>
          {title && <Value column={title} row={row} registry={crud.registry} />}
        </h3>
      </div>
      {/* A field with nothing in it takes no line: a label alone reads as a value missing. */}
      <Fields columns={fields.filter((column) => !isEmpty(row[column.field]))} row={row} registry={crud.registry} />
      <CardActions buttons={props.buttons} primary={crud.page.card?.primary ?? 'view'} titleId={titleId} />
    </article>
  );
}

/** The list's totals row as a card: each named column summed over the rows shown, in its column's format. */
function TotalsCard({ crud }: { crud: CrudController }) {
  const label = useLabel();
  const { summary, columns } = crud.page;
  if (!summary || crud.rows.length === 0) return null;
  const totals: Row = {};
  for (const field of summary.fields)
    totals[field] = Math.round(crud.rows.reduce((sum, row) => sum + (Number(row[field]) || 0), 0) * 100) / 100;
  return (
    <section className="console-card" aria-label={label(summary.label)}>
      <h3 className="console-card-title">{label(summary.label)}</h3>
      <Fields
        columns={columns.filter((column) => summary.fields.includes(column.field))}
        row={totals}
        registry={crud.registry}
      />
    </section>
  );
}

export default function CrudCards(props: {
  crud: CrudController;
  selectable: boolean;
  rowButtons: { buttons: (row: Row) => RowButton[] };
}) {
  const { crud, selectable } = props;
  const t = useRuntimeText();
  const columns = cardColumns(crud.page, crud.columns.hidden);
  const rows = crud.rows.filter((row) => !crud.tree.isPlaceholder(row));
  const key = (row: Row) => String(row[crud.rowKey]);
  const { paging } = crud;
  return (
    <Spin spinning={crud.loading} delay={rows.length ? 300 : 0}>
      <div className="console-cards">
        {rows.map((row, index) => (
          <Card
            key={key(row)}
            row={row}
            index={index}
            columns={columns}
            crud={crud}
            buttons={props.rowButtons.buttons(row)}
            tick={
              selectable
                ? {
                    checked: crud.selection.keys.includes(key(row)),
                    onTick: (on) => crud.selection.tick(rows, key(row), on, false),
                  }
                : undefined
            }
          />
        ))}
        {!crud.loading && rows.length === 0 && <p className="console-cards-empty">{t('noData')}</p>}
        <TotalsCard crud={crud} />
      </div>
      {paging && crud.total > 0 && (
        <div className="console-cards-pages">
          <span>{t('total', { count: crud.total })}</span>
          <Pagination simple current={paging.current} pageSize={paging.size} total={crud.total} onChange={paging.go} />
        </div>
      )}
    </Spin>
  );
}
