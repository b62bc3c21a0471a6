// Every key an analyst may write explains itself: a Chinese description (what an editor shows on hover), the same in
// English, and a realistic example. A key added without them fails here, naming where it is.
import { describe, expect, it } from 'vitest';
import optionSchemas from '../../runtime/schema/options.schema.json';
import pageSchema from '../../runtime/schema/page.schema.json';
import { propertiesOf } from '../../scripts/schema-walk';

const chinese = /[\u4e00-\u9fff]/;

function undocumented(schema: unknown, base: string): string[] {
  return propertiesOf(schema, base).flatMap(({ path, property }) => {
    const missing: string[] = [];
    if (typeof property.description !== 'string' || !chinese.test(property.description)) missing.push('description');
    const english = property['x-description-en'];
    if (typeof english !== 'string' || english.trim() === '' || chinese.test(english)) missing.push('x-description-en');
    if (!Array.isArray(property.examples) || property.examples.length === 0) missing.push('examples');
    return missing.length ? [`${path}: ${missing.join(', ')}`] : [];
  });
}

describe('the page schema explains itself', () => {
  it('finds the properties it checks', () => {
    expect(propertiesOf(pageSchema, '').length).toBeGreaterThan(50);
  });

  it('every property of page.schema.json has a Chinese description, an English one and an example', () => {
    expect(undocumented(pageSchema, 'page.schema.json#')).toEqual([]);
  });

  it('every option of a formatter or widget has them too', () => {
    expect(undocumented(optionSchemas, 'options.schema.json#')).toEqual([]);
  });
});
