// One place per field: a column's dictionary, search and format give the cell formatter, the search entry and the
// form widget; the form names each field once with what is about it in the form.
import { describe, expect, it } from 'vitest';
import { formatOf, searchFieldsOf } from '../../runtime/crud/fields';
import { compileForm } from '../../runtime/form/formSchema';
import type { Column } from '../../runtime/schema/types';

const label = (zh: string, en: string) => ({ zh, en });
const columns: Column[] = [
  { field: 'sex', label: label('性别', 'Sex'), dict: 'sex', search: true },
  { field: 'category', label: label('类型', 'Type'), dict: { code: 'menu_category', biz: true, empty: [0] } },
  { field: 'amount', label: label('金额', 'Amount'), format: 'money', search: true },
  { field: 'createTime', label: label('创建时间', 'Created'), format: 'datetime', search: true },
  {
    field: 'releaseTime',
    label: label('发布时间', 'Published'),
    format: 'date',
    search: { label: label('发布', 'Released'), sendAs: ['releaseTime_datege', 'releaseTime_datele'] },
  },
  { field: 'name', label: label('名称', 'Name'), search: 'text' },
];

describe('a column says everything about its field', () => {
  it('its dictionary formats its cells unless it gives a format of its own', () => {
    expect(formatOf(columns[0])).toEqual({ name: 'dict', code: 'sex' });
    expect(formatOf(columns[1])).toEqual({ name: 'dict', code: 'menu_category', biz: true, empty: [0] });
    expect(formatOf(columns[2])).toBe('money');
    expect(formatOf({ field: 'state', label: label('状态', 'State'), dict: 'x', format: 'tag' })).toBe('tag');
  });

  it('search entries follow the columns: a choice for a dictionary, ranges for dates and money, else text', () => {
    expect(searchFieldsOf(columns)).toEqual([
      { field: 'sex', label: label('性别', 'Sex'), type: 'dict', dict: 'sex', biz: false },
      { field: 'amount', label: label('金额', 'Amount'), type: 'numberRange' },
      { field: 'createTime', label: label('创建时间', 'Created'), type: 'dateRange' },
      {
        field: 'releaseTime',
        label: label('发布', 'Released'),
        type: 'dateRange',
        sendAs: ['releaseTime_datege', 'releaseTime_datele'],
      },
      { field: 'name', label: label('名称', 'Name'), type: 'text' },
    ]);
  });
});

describe('the form names each field once', () => {
  const { form, labels } = compileForm(
    {
      fields: {
        name: { required: true },
        sex: { type: 'integer', required: true },
        amount: {},
        createTime: { disabled: true },
        sort: { label: label('排序', 'Sort'), type: 'integer', default: 1 },
        parentId: { label: label('上级', 'Parent'), hidden: true },
        password: { label: label('密码', 'Password'), widget: 'password', minLength: 6, hidden: ['edit', 'view'] },
        remark: { label: label('备注', 'Remark'), widget: 'textarea', disabled: ['edit'] },
      },
    },
    columns,
  );

  it('keeps the order, the types, what is required and the rules', () => {
    expect(Object.keys(form.schema.properties)).toEqual([
      'name',
      'sex',
      'amount',
      'createTime',
      'sort',
      'parentId',
      'password',
      'remark',
    ]);
    expect(form.schema.required).toEqual(['name', 'sex']);
    expect(form.schema.properties.sex).toEqual({ type: 'integer' });
    expect(form.schema.properties.password).toEqual({ type: 'string', minLength: 6 });
    expect(form.defaults).toEqual({ sort: 1 });
  });

  it('derives widgets from the dictionary, the format and the type unless the field names one', () => {
    expect(form.uiSchema).toMatchObject({
      sex: { 'ui:widget': 'dictSelect', 'ui:options': { dict: 'sex' } },
      amount: { 'ui:widget': 'money' },
      createTime: { 'ui:widget': 'date', 'ui:options': { time: true } },
      sort: { 'ui:widget': 'number' },
      parentId: { 'ui:widget': 'hidden' },
      password: { 'ui:widget': 'password' },
      remark: { 'ui:widget': 'textarea' },
    });
    expect(form.uiSchema?.name).toBeUndefined();
  });

  it('hides and disables by mode with one word each', () => {
    expect(form.modes).toEqual({
      add: { disabled: ['createTime'] },
      edit: { hidden: ['password'], disabled: ['createTime', 'remark'] },
      view: { hidden: ['password'], disabled: ['createTime'] },
    });
  });

  it('labels a field from its column, or from the form when it has none', () => {
    expect(labels.map((l) => [l.field, 'zh' in l.label && l.label.zh])).toEqual([
      ['name', '名称'],
      ['sex', '性别'],
      ['amount', '金额'],
      ['createTime', '创建时间'],
      ['sort', '排序'],
      ['parentId', '上级'],
      ['password', '密码'],
      ['remark', '备注'],
    ]);
  });
});
