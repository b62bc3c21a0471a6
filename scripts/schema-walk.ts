// Walks a JSON Schema for the keys it defines: the schema tests, the README's key reference and the compiled
// validator's "did you mean" all read the schema through this one walk.

export interface SchemaProperty {
  /** JSON Pointer of the property's schema, e.g. `#/definitions/column/properties/label`. */
  path: string;
  name: string;
  property: Record<string, unknown>;
  /** JSON Pointer of the object schema that holds it. */
  owner: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const pointerKey = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every entry of every `properties` map, at any depth (definitions, $defs, items, oneOf branches …). */
export function propertiesOf(schema: unknown, base: string): SchemaProperty[] {
  const found: SchemaProperty[] = [];
  const visit = (node: unknown, path: string) => {
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) visit(item, `${path}/${index}`);
      return;
    }
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      // Examples and enum values are data, not schemas; `if` and `not` test keys, they do not define them.
      if (['examples', 'enum', 'const', 'default', 'if', 'not'].includes(key)) continue;
      if (key === 'properties' && isObject(value)) {
        for (const [name, property] of Object.entries(value)) {
          if (isObject(property))
            found.push({ path: `${path}/properties/${pointerKey(name)}`, name, property, owner: path });
        }
      }
      visit(value, `${path}/${pointerKey(key)}`);
    }
  };
  visit(schema, base);
  return found;
}
