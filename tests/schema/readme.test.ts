// The key reference in runtime/README.md is the schema's, not a copy that drifts: `npm run docs:schema` writes it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readmeFile, readmeWithKeyReference } from '../../scripts/schema-docs';

describe('the key reference of runtime/README.md', () => {
  it('is the one the schemas give (run npm run docs:schema after changing a schema)', () => {
    const readme = readFileSync(readmeFile, 'utf8');
    expect(readme).toBe(readmeWithKeyReference(readme));
  });
});
