// The TypeScript types of the page language are generated from page.schema.json, the one source: a key the schema
// gains, loses or changes without `npm run schema:types` fails here and in the build, naming the definition.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { schemaFile, staleTypesMessage, typesDrift, typesFile, typesSource } from '../../scripts/schema-types';

const schema = () => JSON.parse(readFileSync(schemaFile, 'utf8'));

describe('the types of the page language', () => {
  it('are what page.schema.json gives (run npm run schema:types after changing the schema)', async () => {
    expect(await staleTypesMessage()).toBeUndefined();
  });

  it('name the definition a key planted in the schema alone changes', async () => {
    const planted = schema();
    planted.definitions.statCard.properties.trend = {
      type: 'string',
      description: '趋势',
      'x-description-en': 'Trend',
    };
    const message = await staleTypesMessage(planted);
    expect(message).toMatch(/run npm run schema:types/);
    expect(message).toMatch(/StatCard: differs from what the schema gives/);
    // Only the definition that changed is named.
    expect(message?.match(/: differs/g)).toHaveLength(1);
  });

  it('name a definition the schema gains or loses', async () => {
    const committed = readFileSync(typesFile, 'utf8');
    const gained = schema();
    gained.definitions.gauge = { type: 'object', properties: { needle: { type: 'number' } } };
    expect(typesDrift(committed, await typesSource(gained))).toContain(
      'Gauge: the schema defines it, types.generated.ts lacks it',
    );
    const lost = schema();
    delete lost.definitions.dialog;
    delete lost.definitions.listBlock.properties.dialog;
    expect(typesDrift(committed, await typesSource(lost))).toContain(
      'Dialog: types.generated.ts has it, the schema no longer defines it',
    );
  });

  it('keep the blocks a union told apart by their type', () => {
    const generated = readFileSync(typesFile, 'utf8');
    expect(generated).toContain('export type Block = ListBlock | StatsBlock | ViewBlock | TabsBlock | ChartBlock;');
    expect(generated).toMatch(/export interface ListBlock \{[^}]*type: 'list';/);
  });
});
