// The written form of a page definition, the same everywhere a page becomes text: the files under pages/, what
// `pages:pull` writes, the studio's editor and its downloads. A value stays on one line when it fits in 120 columns
// (a label is one line: `"label": { "zh": "参数名称", "en": "Name" }`) and opens one line per entry when it does not —
// what Biome writes for the same value, so `biome check` and the files agree (tests/pages/page-text.test.ts).
import { eastAsianWidth } from 'get-east-asian-width';

const lineWidth = 120;
const indentUnit = '  ';

/** Columns as Biome counts them: a Chinese character takes two. */
function width(text: string): number {
  let columns = 0;
  for (const character of text) columns += eastAsianWidth(character.codePointAt(0) ?? 0);
  return columns;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (value: Json): value is { [key: string]: Json } =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function oneLine(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(oneLine).join(', ')}]`;
  if (isObject(value)) {
    const entries = Object.entries(value).map(([key, entry]) => `${JSON.stringify(key)}: ${oneLine(entry)}`);
    return entries.length > 0 ? `{ ${entries.join(', ')} }` : '{}';
  }
  return JSON.stringify(value);
}

/** Numbers fill their lines, as Biome lays out a long list of numbers. */
function filled(numbers: number[], inner: string): string {
  const lines: string[] = [];
  let line = '';
  numbers.forEach((number, index) => {
    const text = `${number}${index < numbers.length - 1 ? ',' : ''}`;
    if (line && width(inner + line) + 1 + width(text) > lineWidth) {
      lines.push(inner + line);
      line = text;
    } else line = line ? `${line} ${text}` : text;
  });
  lines.push(inner + line);
  return lines.join('\n');
}

/** `value` written where `before` columns of its line are taken and `after` more (a comma) follow it. */
function written(value: Json, indent: string, before: number, after: number): string {
  const flat = oneLine(value);
  const empty = Array.isArray(value) ? value.length === 0 : isObject(value) && Object.keys(value).length === 0;
  if (!(Array.isArray(value) || isObject(value)) || empty || before + width(flat) + after <= lineWidth) return flat;
  const inner = indent + indentUnit;
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item === 'number')) return `[\n${filled(value as number[], inner)}\n${indent}]`;
    const items = value.map(
      (item, index) => inner + written(item, inner, width(inner), index < value.length - 1 ? 1 : 0),
    );
    return `[\n${items.join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value);
  const lines = entries.map(([key, entry], index) => {
    const head = `${inner}${JSON.stringify(key)}: `;
    return head + written(entry, inner, width(head), index < entries.length - 1 ? 1 : 0);
  });
  return `{\n${lines.join(',\n')}\n${indent}}`;
}

/** A page definition (or any JSON value) as its file holds it, ending in a newline. */
export function pageText(definition: unknown): string {
  return `${written(definition as Json, '', 0, 0)}\n`;
}
