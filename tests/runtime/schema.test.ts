// The definition language: page.schema.json and the TypeScript types stay in step, and a wrong definition is
// reported with its JSON path and, for an unknown name, the names that exist.
import { describe, expect, it } from 'vitest';
import { builtins } from '../../runtime/builtins';
import { createRegistry } from '../../runtime/index';
import pageSchema from '../../runtime/schema/page.schema.json';
import type {
  Action,
  ActionForm,
  ChartBlock,
  ChartSeries,
  ChildSpec,
  Column,
  DictSpec,
  FormDefinition,
  FormField,
  ListBlock,
  PageDefinition,
  SearchSpec,
  StatCard,
  StatsBlock,
  Tab,
  TabsBlock,
  ViewBlock,
  ViewSection,
  ViewSpec,
} from '../../runtime/schema/types';
import { validateDefinition as validateWith } from '../../runtime/schema/validate';
import { listPage } from './support';

const validateDefinition = (definition: unknown) => validateWith(definition, createRegistry(builtins));

type Keys<T> = Record<keyof T, true>;
const pageKeys: Keys<PageDefinition> = { $schema: true, id: true, title: true, extends: true, blocks: true };
const listKeys: Keys<ListBlock> = {
  type: true,
  permission: true,
  extends: true,
  layout: true,
  rowKey: true,
  api: true,
  paging: true,
  defaultSort: true,
  tree: true,
  leftTree: true,
  child: true,
  dialog: true,
  operations: true,
  toolbar: true,
  columns: true,
  rowActions: true,
  lockedRows: true,
  toolbarActions: true,
  form: true,
  view: true,
  summary: true,
  card: true,
};
const columnKeys: Keys<Column> = {
  extends: true,
  field: true,
  label: true,
  width: true,
  fixed: true,
  ellipsis: true,
  sortable: true,
  hidden: true,
  format: true,
  dict: true,
  search: true,
  definition: true,
};
type ObjectOf<T> = Extract<T, object>;
const searchKeys: Keys<ObjectOf<SearchSpec>> = { type: true, label: true, sendAs: true };
const dictKeys: Keys<ObjectOf<DictSpec>> = { code: true, biz: true, empty: true };
const fieldKeys: Keys<FormField> = {
  label: true,
  type: true,
  required: true,
  widget: true,
  options: true,
  dict: true,
  default: true,
  hidden: true,
  disabled: true,
  visibleWhen: true,
  messages: true,
  placeholder: true,
  pattern: true,
  format: true,
  minLength: true,
  maxLength: true,
  minimum: true,
  maximum: true,
  enum: true,
};
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
const formKeys: Keys<FormDefinition> = { fields: true };
const actionFormKeys: Keys<ActionForm> = { title: true, width: true, load: true, fieldsFrom: true, fields: true };
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

const statsKeys: Keys<StatsBlock> = {
  type: true,
  permission: true,
  api: true,
  params: true,
  followsList: true,
  search: true,
  cards: true,
};
const cardKeys: Keys<StatCard> = {
  field: true,
  label: true,
  definition: true,
  format: true,
  compare: true,
  link: true,
};
const viewBlockKeys: Keys<ViewBlock> = {
  type: true,
  permission: true,
  title: true,
  detail: true,
  params: true,
  columns: true,
  sections: true,
};
const viewKeys: Keys<ViewSpec> = { sections: true, detail: true };
const sectionKeys: Keys<ViewSection> = { title: true, fields: true, list: true, query: true };
const tabsKeys: Keys<TabsBlock> = { type: true, permission: true, param: true, tabs: true };
const tabKeys: Keys<Tab> = { key: true, permission: true, title: true, blocks: true };
const chartKeys: Keys<ChartBlock> = {
  type: true,
  permission: true,
  kind: true,
  title: true,
  definition: true,
  api: true,
  params: true,
  followsList: true,
  category: true,
  series: true,
  height: true,
  position: true,
};
const seriesKeys: Keys<ChartSeries> = { field: true, label: true, definition: true, format: true };

const sorted = (o: object) => Object.keys(o).sort();
const defs = pageSchema.definitions as unknown as Record<
  string,
  { properties: object; oneOf: { properties?: object }[] }
>;
const objectBranch = (name: string) => defs[name].oneOf.find((branch) => branch.properties)?.properties ?? {};

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
    expect(sorted(objectBranch('search'))).toEqual(sorted(searchKeys));
    expect(sorted(objectBranch('dict'))).toEqual(sorted(dictKeys));
    expect(sorted(defs.formField.properties)).toEqual(sorted(fieldKeys));
    expect(sorted(defs.action.properties)).toEqual(sorted(actionKeys));
    expect(sorted(defs.form.properties)).toEqual(sorted(formKeys));
    expect(sorted(defs.actionForm.properties)).toEqual(sorted(actionFormKeys));
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
        form: { fields: { name: { widget: 'colour' } } },
      }),
    );
    expect(problems[0]).toMatchObject({
      path: '/blocks/0/form/fields/name/widget',
      message: 'unknown widget "colour"',
    });
    expect(problems[0].known).toEqual(expect.arrayContaining(['dictSelect', 'money', 'imageUpload', 'textarea']));
  });

  it("checks a formatter's options", () => {
    const problems = validateDefinition(
      listPage({
        ...minimal,
        columns: [{ field: 'amount', label: { zh: '金额', en: 'Amount' }, format: { name: 'money', zero: true } }],
      }),
    );
    expect(problems[0].path).toBe('/blocks/0/columns/0/format');
    expect(problems[0].message).toContain('zero');
  });

  it('names a form field that has neither a column nor a label of its own', () => {
    const problems = validateDefinition(
      listPage({
        ...minimal,
        form: { fields: { name: {}, phone: {}, remark: { label: { zh: '备注', en: 'Remark' } } } },
      }),
    );
    expect(problems).toEqual([
      {
        path: '/blocks/0/form/fields/phone',
        message: '"phone" has no column; give it a "label"',
        zh: '"phone" 没有对应的列,请给它 "label"',
      },
    ]);
  });

  it("says a dictionary one way: the column's dict", () => {
    const problems = validateDefinition(
      listPage({
        ...minimal,
        columns: [{ field: 'state', label: { zh: '状态', en: 'State' }, format: { name: 'dict', code: 'sex' } }],
      }),
    );
    expect(problems).toEqual([
      {
        path: '/blocks/0/columns/0/format',
        message: 'a dictionary is given with "dict": "sex"',
        zh: '字典写在列的 "dict" 中: "dict": "sex"',
      },
    ]);
  });

  it('asks for the dictionary of a dictionary search', () => {
    const problems = validateDefinition(
      listPage({ ...minimal, columns: [{ field: 'state', label: { zh: '状态', en: 'State' }, search: 'dict' }] }),
    );
    expect(problems).toEqual([
      {
        path: '/blocks/0/columns/0/search',
        message: `a dictionary search needs the column's "dict"`,
        zh: '按字典搜索需要列的 "dict"',
      },
    ]);
  });

  it('refuses the old ways of saying a field: list: false columns, search lists, JSON Schema forms of lists and actions', () => {
    const paths = (definition: Record<string, unknown>) =>
      validateDefinition(listPage({ ...minimal, ...definition })).map((p) => p.path);
    expect(paths({ columns: [{ field: 'name', label: { zh: '名称', en: 'Name' }, list: false }] })).toEqual([
      '/blocks/0/columns/0',
    ]);
    expect(paths({ search: [{ field: 'name', type: 'text' }] })).toEqual(['/blocks/0']);
    expect(paths({ form: { schema: { type: 'object', properties: {} } } })).toContain('/blocks/0/form');
    const send = {
      id: 'send',
      label: { zh: '发送', en: 'Send' },
      permission: true,
      form: { schema: { type: 'object', properties: { phones: { type: 'string' } } } },
      request: { url: '/api/blade-resource/sms/endpoint/send-message' },
    };
    expect(paths({ rowActions: [send] })).toContain('/blocks/0/rowActions/0/form');
  });
});
