// Every page definition the product ships satisfies the page schema and names only registered widgets, formatters
// and actions.
import { describe, expect, it } from 'vitest';
import '../../runtime/builtins';
import '../../src/views/index';
import { validateDefinition } from '../../runtime/schema/validate';

const files = import.meta.glob<unknown>('/pages/**/*.json', { import: 'default', eager: true });

describe('page definitions', () => {
  it('there are definitions to check', () => {
    expect(Object.keys(files).length).toBeGreaterThan(0);
  });

  for (const [file, definition] of Object.entries(files)) {
    it(`${file} is valid`, () => {
      expect(validateDefinition(definition)).toEqual([]);
      expect((definition as { id: string }).id).toBe(file.replace(/^\/pages\//, '').replace(/\.json$/, ''));
    });
  }
});
