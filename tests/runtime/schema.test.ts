// The definition language: page.schema.json and the TypeScript types stay in step, and a wrong definition is
// reported with its JSON path and, for an unknown name, the names that exist.
import { describe, expect, it } from 'vitest';
import '../../runtime/builtins';
import pageSchema from '../../runtime/schema/page.schema.json';
import type {
  Action,
  ChartBlock,
  ChartSeries,
  ChildSpec,
  Column,
  FormSpec,
  ListBlock,
  PageDefinition,
  SearchField,
  StatCard,
  StatsBlock,
  Tab,
  TabsBlock,
  ViewBlock,
  ViewSection,
  ViewSpec,
} from '../../runtime/schema/types';
import { validateDefinition } from '../../runtime/schema/validate';
import { listPage } from './support';

type Keys<T> = Record<keyof T, true>;
const pageKeys: Keys<PageDefinition> = { $schema: true, id: true, title: true, blocks: true };
const listKeys: Keys<ListBlock> = {
  type: true,
  layout: true,
  rowKey: true,
  api: true,
  paging: true,
  tree: true,
  leftTree: true,
  child: true,
  dialog: true,
  operations: true,
  toolbar: true,
  search: true,
  columns: true,
  rowActions: true,
  lockedRows: true,
  toolbarActions: true,
  form: true,
  view: true,
};
const columnKeys: Keys<Column> = {
  field: true,
  label: true,
  width: true,
  fixed: true,
  ellipsis: true,
  sortable: true,
  list: true,
  format: true,
};
const searchKeys: Keys<SearchField> = { field: true, label: true, type: true, dict: true, biz: true, params: true };
const actionKeys: Keys<Action> = {
  id: true,
  label: true,
  permission: true,
  danger: true,
  visibleWhen: true,
  disabledWhen: true,
  selection: true,
  form: true,
  confirm: true,
  request: true,
  // biome-ignore lint/suspicious/noThenProperty: the definition language names the step after a request `then`; it is data, never awaited.
  then: true,
  action: true,
  options: true,
  import: true,
};
const formKeys: Keys<FormSpec> = { schema: true, uiSchema: true, messages: true, defaults: true, modes: true };
const childKeys: Keys<ChildSpec> = {
  title: true,
  openLabel: true,
  api: true,
  parentParam: true,
  inherit: true,
  operations: true,
  columns: true,
  form: true,
};

const statsKeys: Keys<StatsBlock> = { type: true, api: true, params: true, cards: true };
const cardKeys: Keys<StatCard> = { field: true, label: true, format: true, compare: true };
const viewBlockKeys: Keys<ViewBlock> = {
  type: true,
  title: true,
  detail: true,
  params: true,
  columns: true,
  sections: true,
};
const viewKeys: Keys<ViewSpec> = { sections: true };
const sectionKeys: Keys<ViewSection> = { title: true, fields: true, list: true, query: true };
const tabsKeys: Keys<TabsBlock> = { type: true, param: true, tabs: true };
const tabKeys: Keys<Tab> = { key: true, title: true, blocks: true };
const chartKeys: Keys<ChartBlock> = {
  type: true,
  kind: true,
  title: true,
  api: true,
  params: true,
  category: true,
  series: true,
  height: true,
  position: true,
};
const seriesKeys: Keys<ChartSeries> = { field: true, label: true, format: true };

const sorted = (o: object) => Object.keys(o).sort();
const defs = pageSchema.definitions as unknown as Record<string, { properties: object }>;

const minimal = {
  id: 'system/sample',
  title: { zh: '示例', en: 'Sample' },
  api: { list: '/api/blade-system/sample/list' },
  columns: [{ field: 'name', label: { zh: '名称', en: 'Name' } }],
};

describe('page schema and types', () => {
  it('name the same properties', () => {
    expect(sorted(pageSchema.properties)).toEqual(sorted(pageKeys));
    expect(sorted(defs.listBlock.properties)).toEqual(sorted(listKeys));
    expect(sorted(defs.column.properties)).toEqual(sorted(columnKeys));
    expect(sorted(defs.searchField.properties)).toEqual(sorted(searchKeys));
    expect(sorted(defs.action.properties)).toEqual(sorted(actionKeys));
    expect(sorted(defs.form.properties)).toEqual(sorted(formKeys));
    expect(sorted(defs.child.properties)).toEqual(sorted(childKeys));
    expect(sorted(defs.statsBlock.properties)).toEqual(sorted(statsKeys));
    expect(sorted(defs.statCard.properties)).toEqual(sorted(cardKeys));
    expect(sorted(defs.viewBlock.properties)).toEqual(sorted(viewBlockKeys));
    expect(sorted(defs.view.properties)).toEqual(sorted(viewKeys));
    expect(sorted(defs.viewSection.properties)).toEqual(sorted(sectionKeys));
    expect(sorted(defs.tabsBlock.properties)).toEqual(sorted(tabsKeys));
    expect(sorted(defs.tab.properties)).toEqual(sorted(tabKeys));
    expect(sorted(defs.chartBlock.properties)).toEqual(sorted(chartKeys));
    expect(sorted(defs.chartSeries.properties)).toEqual(sorted(seriesKeys));
  });

  it('accepts a minimal definition', () => {
    expect(validateDefinition(listPage(minimal))).toEqual([]);
  });

  it('names the path of a misspelt property', () => {
    const problems = validateDefinition(
      listPage({ ...minimal, columns: [{ field: 'name', lable: { zh: 'x', en: 'x' } }] }),
    );
    expect(problems).toContainEqual({
      path: '/blocks/0/columns/0',
      message: 'unknown property "lable"',
      zh: '未知的属性 "lable"',
      suggestion: 'label',
    });
  });

  it('lists the formatters that exist for an unknown one', () => {
    const problems = validateDefinition(
      listPage({
        ...minimal,
        columns: [{ field: 'amount', label: { zh: '金额', en: 'Amount' }, format: 'cents' }],
      }),
    );
    expect(problems[0].path).toBe('/blocks/0/columns/0/format');
    expect(problems[0].message).toBe('unknown formatter "cents"');
    expect(problems[0].known).toEqual(expect.arrayContaining(['money', 'dict', 'date', 'enum']));
  });

  it('lists the widgets that exist for an unknown one', () => {
    const problems = validateDefinition(
      listPage({
        ...minimal,
        form: {
          schema: { type: 'object', properties: { name: { type: 'string' } } },
          uiSchema: { name: { 'ui:widget': 'colour' } },
        },
      }),
    );
    expect(problems[0]).toMatchObject({
      path: '/blocks/0/form/uiSchema/name/ui:widget',
      message: 'unknown widget "colour"',
    });
    expect(problems[0].known).toEqual(expect.arrayContaining(['dictSelect', 'money', 'imageUpload', 'textarea']));
  });

  it("checks a formatter's options", () => {
    const problems = validateDefinition(
      listPage({
        ...minimal,
        columns: [{ field: 'state', label: { zh: '状态', en: 'State' }, format: { name: 'dict' } }],
      }),
    );
    expect(problems[0].path).toBe('/blocks/0/columns/0/format');
    expect(problems[0].message).toContain('code');
  });

  it('names a form field without a label and a message for no field', () => {
    const problems = validateDefinition(
      listPage({
        ...minimal,
        form: {
          schema: { type: 'object', properties: { name: { type: 'string' }, phone: { type: 'string' } } },
          messages: { mail: { required: { zh: '请输入', en: 'Enter' } } },
        },
      }),
    );
    expect(problems.map((p) => p.path)).toEqual([
      '/blocks/0/form/schema/properties/phone',
      '/blocks/0/form/messages/mail',
    ]);
  });
});
