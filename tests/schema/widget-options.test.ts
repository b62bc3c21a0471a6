// A widget declares the options a page may give it (runtime/schema/options.schema.json), as a formatter does; a
// page's `ui:options` are checked against them.
import { describe, expect, it } from 'vitest';
import '../../runtime/builtins';
import { validateDefinition } from '../../runtime/schema/validate';
import { listPage } from '../runtime/support';

const label = { zh: '部门', en: 'Department' };
const withWidget = (widget: string, options: Record<string, unknown>) =>
  listPage({
    id: 'system/x',
    title: label,
    api: { list: '/api/blade-system/dept/list' },
    columns: [{ field: 'parentId', label }],
    form: {
      schema: { type: 'object', properties: { parentId: { type: 'string' } } },
      uiSchema: { parentId: { 'ui:widget': widget, 'ui:options': options } },
    },
  });

describe("a widget's options", () => {
  it('are accepted as declared', () => {
    expect(
      validateDefinition(withWidget('treeSelect', { url: '/api/blade-system/dept/tree', multiple: true })),
    ).toEqual([]);
  });

  it('name a missing one, a misspelt one and a wrong type', () => {
    expect(validateDefinition(withWidget('dictSelect', {}))[0]).toMatchObject({
      path: '/blocks/0/form/uiSchema/parentId/ui:options',
      message: 'must have property "dict"',
    });
    expect(validateDefinition(withWidget('treeSelect', { url: '/x', lazyParm: 'parentCode' }))[0]).toMatchObject({
      message: 'unknown property "lazyParm"',
      suggestion: 'lazyParam',
    });
    expect(validateDefinition(withWidget('imageUpload', { maxKb: 'big' }))[0]).toMatchObject({
      path: '/blocks/0/form/uiSchema/parentId/ui:options/maxKb',
    });
  });
});
