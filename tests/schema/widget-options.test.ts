// A widget declares the options a page may give it (runtime/schema/options.schema.json), as a formatter and a
// registered action do; a form field's `options` are checked against those of the widget it is drawn with, and an
// option a name does not declare is refused, never silently ignored.
import { describe, expect, it } from 'vitest';
import { builtins } from '../../runtime/builtins';
import { createRegistry } from '../../runtime/registry';
import { consoleNames } from '../../runtime/registry-names';
import optionSchemas from '../../runtime/schema/options.schema.json';
import { validateDefinition as validateWith } from '../../runtime/schema/validate';
import { listPage } from '../runtime/support';

const registry = createRegistry(builtins);
const validateDefinition = (definition: unknown) => validateWith(definition, registry);

const label = { zh: '部门', en: 'Department' };
const withWidget = (widget: string, options: Record<string, unknown>) =>
  listPage({
    id: 'system/x',
    title: label,
    api: { list: '/api/blade-system/dept/list' },
    columns: [{ field: 'parentId', label }],
    form: { fields: { parentId: { widget, options } } },
  });

describe("a widget's options", () => {
  it('are accepted as declared', () => {
    expect(
      validateDefinition(withWidget('treeSelect', { url: '/api/blade-system/dept/tree', multiple: true })),
    ).toEqual([]);
  });

  it('name a missing one, a misspelt one and a wrong type', () => {
    expect(validateDefinition(withWidget('treeSelect', {}))[0]).toMatchObject({
      path: '/blocks/0/form/fields/parentId/options',
      message: 'must have property "url"',
    });
    expect(validateDefinition(withWidget('treeSelect', { url: '/x', lazyParm: 'parentCode' }))[0]).toMatchObject({
      message: 'unknown property "lazyParm"',
      suggestion: 'lazyParam',
    });
    const noOptions = listPage({
      id: 'system/x',
      title: label,
      api: { list: '/api/blade-system/dept/list' },
      columns: [{ field: 'parentId', label }],
      form: { fields: { parentId: { widget: 'treeSelect' } } },
    });
    expect(validateDefinition(noOptions)[0]).toMatchObject({ message: 'must have property "url"' });
    // A misspelt widget is named once, not again for each of its options.
    expect(validateDefinition(withWidget('treeSelct', { url: '/x' }))).toEqual([
      expect.objectContaining({ path: '/blocks/0/form/fields/parentId/widget', suggestion: 'treeSelect' }),
    ]);
    expect(validateDefinition(withWidget('imageUpload', { maxKb: 'big' }))[0]).toMatchObject({
      path: '/blocks/0/form/fields/parentId/options/maxKb',
    });
  });
});

const page = (list: Record<string, unknown>) =>
  listPage({ id: 'system/x', title: label, api: { list: '/api/blade-system/dept/list' }, ...list });

describe('an option nobody declared', () => {
  it('is refused on a formatter that takes none, and named with the nearest one on a formatter that takes some', () => {
    const column = (format: unknown) => page({ columns: [{ field: 'rate', label, format }] });
    expect(validateDefinition(column({ name: 'date' }))).toEqual([]);
    expect(validateDefinition(column({ name: 'date', time: true }))).toEqual([
      expect.objectContaining({ path: '/blocks/0/columns/0/format', message: 'unknown property "time"' }),
    ]);
    expect(validateDefinition(column({ name: 'percent', per: 10000 }))).toEqual([]);
    expect(validateDefinition(column({ name: 'percent', pre: 10000 }))[0]).toMatchObject({
      path: '/blocks/0/columns/0/format',
      message: 'unknown property "pre"',
      suggestion: 'per',
    });
  });

  it('is checked against the widget a field is drawn with when it names none', () => {
    const dictField = (options: Record<string, unknown>) =>
      page({
        columns: [{ field: 'status', label, dict: 'yes_no' }],
        form: { fields: { status: { options } } },
      });
    // Drawn with dictSelect, which declares `dict` and `biz` only.
    expect(validateDefinition(dictField({ biz: true }))).toEqual([]);
    expect(validateDefinition(dictField({ multiple: true }))[0]).toMatchObject({
      path: '/blocks/0/form/fields/status/options',
      message: 'unknown property "multiple"',
    });
    const textarea = (options: Record<string, unknown>) =>
      page({ columns: [{ field: 'remark', label }], form: { fields: { remark: { widget: 'textarea', options } } } });
    expect(validateDefinition(textarea({ rows: 4 }))).toEqual([]);
    expect(validateDefinition(textarea({ row: 4 }))[0]).toMatchObject({
      message: 'unknown property "row"',
      suggestion: 'rows',
    });
  });

  it('is refused on a registered action, and options on an action that names no registered one', () => {
    const upload = (action: Record<string, unknown>) =>
      page({
        columns: [{ field: 'name', label }],
        toolbarActions: [{ id: 'upload', label, permission: 'x_upload', selection: false, ...action }],
      });
    expect(validateDefinition(upload({ action: 'fileUpload', options: { accept: '.pdf' } }))).toEqual([]);
    expect(validateDefinition(upload({ action: 'fileUpload', options: { acept: '.pdf' } }))[0]).toMatchObject({
      path: '/blocks/0/toolbarActions/0/options',
      message: 'unknown property "acept"',
      suggestion: 'accept',
    });
    expect(validateDefinition(upload({ action: 'fileDownload', options: { nameFeld: 'title' } }))[0]).toMatchObject({
      message: 'unknown property "nameFeld"',
      suggestion: 'nameField',
    });
    const request = { method: 'POST', url: '/api/blade-system/dept/remove' };
    expect(validateDefinition(upload({ request }))).toEqual([]);
    expect(validateDefinition(upload({ request, options: { accept: '.pdf' } }))).toEqual([
      expect.objectContaining({ path: '/blocks/0/toolbarActions/0/options' }),
    ]);
  });

  it('is refused on a widget registered in code that declares no options', () => {
    const shout = () => null;
    const withShout = createRegistry(builtins, { widgets: { shout } });
    const field = (options?: Record<string, unknown>) =>
      page({ columns: [{ field: 'name', label }], form: { fields: { name: { widget: 'shout', options } } } });
    expect(validateWith(field(), withShout)).toEqual([]);
    expect(validateWith(field({ loud: true }), withShout)).toEqual([
      expect.objectContaining({
        path: '/blocks/0/form/fields/name/options/loud',
        message: 'unknown property "loud": the widget "shout" declares no options',
      }),
    ]);
  });
});

describe('the declared options', () => {
  it('close every declaration, so no option passes unchecked', () => {
    const open = Object.entries(optionSchemas)
      .filter(([kind]) => kind !== '$comment')
      .flatMap(([kind, names]) =>
        Object.entries(names as Record<string, { additionalProperties?: unknown }>)
          .filter(([, schema]) => schema.additionalProperties !== false)
          .map(([name]) => `${kind}/${name}`),
      );
    expect(open).toEqual([]);
  });

  it('are what names a formatter, widget or action outside the console', () => {
    expect(consoleNames.formatters).toEqual(Object.keys(optionSchemas.formatters).sort());
    expect(consoleNames.widgets).toContain('treeSelect');
    expect(consoleNames.widgets).not.toContain('textarea');
    expect(consoleNames.actions).toEqual(Object.keys(optionSchemas.actions).sort());
  });
});
