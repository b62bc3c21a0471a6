// A widget declares the options a page may give it (runtime/schema/options.schema.json), as a formatter does; a
// form field's `options` are checked against them.
import { describe, expect, it } from 'vitest';
import { builtins } from '../../runtime/builtins';
import { createRegistry } from '../../runtime/registry';
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
    expect(validateDefinition(withWidget('imageUpload', { maxKb: 'big' }))[0]).toMatchObject({
      path: '/blocks/0/form/fields/parentId/options/maxKb',
    });
  });
});
