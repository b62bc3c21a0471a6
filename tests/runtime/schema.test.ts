// The definition language: a wrong definition is reported with its JSON path and, for an unknown name, the names
// that exist. (The TypeScript types are generated from the schema: tests/schema/types.test.ts.)
import { describe, expect, it } from 'vitest';
import { builtins } from '../../runtime/builtins';
import { createRegistry } from '../../runtime/index';
import { validateDefinition as validateWith } from '../../runtime/schema/validate';
import { listPage } from './support';

const validateDefinition = (definition: unknown) => validateWith(definition, createRegistry(builtins));

const minimal = {
  id: 'system/sample',
  title: { zh: '示例', en: 'Sample' },
  api: { list: '/api/blade-system/sample/list' },
  columns: [{ field: 'name', label: { zh: '名称', en: 'Name' } }],
};

describe('page schema', () => {
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
