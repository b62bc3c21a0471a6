// The definition language: page.schema.json and the TypeScript types stay in step, and a wrong definition is
// reported with its JSON path and, for an unknown name, the names that exist.
import { describe, expect, it } from 'vitest';
import { builtins } from '../../runtime/builtins';
import { createRegistry } from '../../runtime/index';
import pageSchema from '../../runtime/schema/page.schema.json';
import type {
  Action,
  ChildSpec,
  Column,
  FormSpec,
  ListBlock,
  PageDefinition,
  SearchField,
} from '../../runtime/schema/types';
import { validateDefinition as validateWith } from '../../runtime/schema/validate';
import { listPage } from './support';

const validateDefinition = (definition: unknown) => validateWith(definition, createRegistry(builtins));

type Keys<T> = Record<keyof T, true>;
const pageKeys: Keys<PageDefinition> = { $schema: true, id: true, title: true, blocks: true };
const listKeys: Keys<ListBlock> = {
  type: true,
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
  search: true,
  columns: true,
  rowActions: true,
  lockedRows: true,
  toolbarActions: true,
  form: true,
};
const columnKeys: Keys<Column> = {
  field: true,
  label: true,
  width: true,
  fixed: true,
  ellipsis: true,
  sortable: true,
  list: true,
  hidden: true,
  format: true,
};
const searchKeys: Keys<SearchField> = { field: true, label: true, type: true, dict: true, biz: true, params: true };
const actionKeys: Keys<Action> = {
  id: true,
  label: true,
  permission: true,
  confirm: true,
  success: true,
  request: true,
  action: true,
  options: true,
  visibleWhen: true,
  disabledWhen: true,
  danger: true,
  selection: true,
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
