// What the studio's editor knows about a page: completion, hover and lint from runtime/schema/page.schema.json, asked
// of the JSON language service VS Code runs, in the person's language (the hover shows the other language under it).
// Names only the server knows (fields, filters, dictionaries, buttons) come as extra completions.
import { autocompletion, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { type Diagnostic, linter } from '@codemirror/lint';
import type { Extension, Text } from '@codemirror/state';
import { hoverTooltip } from '@codemirror/view';
import { pageSchema } from '@ride-console/runtime/studio';
import {
  getLanguageService,
  type JSONSchema,
  type LanguageService,
  type Position,
  TextDocument,
} from 'vscode-json-languageservice';

/** A name the server knows, offered where a string value is typed (`dict`, `field`, `permission` …). */
export interface ExtraCompletion {
  label: string;
  detail?: string;
}

/** The schema with each description in `lang` first and the other language under it. */
function schemaIn(lang: 'zh' | 'en'): JSONSchema {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== 'object') return node;
    const object = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, visit(value)])) as Record<
      string,
      unknown
    >;
    const zh = object.description;
    const en = object['x-description-en'];
    if (typeof zh === 'string' && typeof en === 'string') {
      object.description = lang === 'en' ? `${en}\n\n${zh}` : `${zh}\n\n${en}`;
      delete object['x-description-en'];
    }
    return object;
  };
  return visit(pageSchema) as JSONSchema;
}

const SCHEMA_URI = 'studio://page.schema.json';

export function serviceIn(lang: 'zh' | 'en'): LanguageService {
  const schema = schemaIn(lang);
  const service = getLanguageService({ schemaRequestService: async () => JSON.stringify(schema) });
  // Every page file names the schema by "$schema"; the association holds for pages without one too.
  service.configure({ validate: true, allowComments: false, schemas: [{ uri: SCHEMA_URI, fileMatch: ['*'], schema }] });
  return service;
}

const documentOf = (text: Text, file: string) => TextDocument.create(`studio:///${file}`, 'json', 1, text.toString());

const offsetOf = (text: Text, position: Position) =>
  Math.min(text.length, text.line(Math.min(text.lines, position.line + 1)).from + position.character);

const plain = (contents: unknown): string => {
  const parts = Array.isArray(contents) ? contents : [contents];
  return parts
    .map((part) => (typeof part === 'string' ? part : ((part as { value?: string })?.value ?? '')))
    .join('\n\n')
    .replace(/```\w*\n?/g, '');
};

/**
 * The service writes a hover as Markdown, escaping each punctuation mark and line break with a backslash; the tooltip
 * shows plain text, so the escapes are undone (else the person reads `\` between the two languages).
 */
const unescaped = (markdown: string) => markdown.replace(/&nbsp;/g, ' ').replace(/\\([\\`*_{}[\]()<>#+\-.!\n])/g, '$1');

/** What the hover shows at `offset` of a page's text: the key's description in both languages, the person's first. */
export async function hoverText(service: LanguageService, text: string, file: string, offset: number): Promise<string> {
  const document = TextDocument.create(`studio:///${file}`, 'json', 1, text);
  const answer = await service.doHover(document, document.positionAt(offset), service.parseJSONDocument(document));
  return answer ? unescaped(plain(answer.contents)) : '';
}

/** The completion at a place of the page: the schema's keys and values, then the names the server knows. */
export function pageCompletion(service: LanguageService, file: string, extra: () => ExtraCompletion[]) {
  return async (context: CompletionContext): Promise<CompletionResult | null> => {
    const document = documentOf(context.state.doc, file);
    const json = service.parseJSONDocument(document);
    const list = await service.doComplete(document, document.positionAt(context.pos), json);
    const word = context.matchBefore(/"?[\w$-]*/);
    if (!list && !word) return null;
    const from = word ? word.from : context.pos;
    const options = (list?.items ?? []).map((item) => ({
      label: item.label,
      detail: typeof item.detail === 'string' ? item.detail : undefined,
      info: plain(item.documentation) || undefined,
      apply: (item.textEdit && 'newText' in item.textEdit ? item.textEdit.newText : (item.insertText ?? item.label))
        .replace(/\$\{\d+:?([^}]*)\}/g, '$1')
        .replace(/\$\d+/g, ''),
    }));
    for (const name of extra())
      options.push({ label: `"${name.label}"`, detail: name.detail, info: undefined, apply: `"${name.label}"` });
    return options.length ? { from, options } : null;
  };
}

export function pageLanguage(lang: 'zh' | 'en', file: string, extra: () => ExtraCompletion[]): Extension[] {
  const service = serviceIn(lang);
  const parse = (text: Text) => {
    const document = documentOf(text, file);
    return { document, json: service.parseJSONDocument(document) };
  };

  const hover = hoverTooltip(async (view, pos) => {
    const text = await hoverText(service, view.state.doc.toString(), file, pos);
    if (!text) return null;
    return {
      pos,
      create: () => {
        const box = window.document.createElement('div');
        box.className = 'studio-hover';
        box.style.whiteSpace = 'pre-wrap';
        box.style.maxWidth = '420px';
        box.style.padding = '4px 8px';
        box.textContent = text;
        return { dom: box };
      },
    };
  });

  const lint = linter(async (view): Promise<Diagnostic[]> => {
    const { document, json } = parse(view.state.doc);
    const found = await service.doValidation(document, json);
    return found.map((problem) => ({
      from: offsetOf(view.state.doc, problem.range.start),
      to: Math.max(offsetOf(view.state.doc, problem.range.start) + 1, offsetOf(view.state.doc, problem.range.end)),
      severity: problem.severity === 1 ? 'error' : 'warning',
      message: plain(problem.message),
    }));
  });

  return [autocompletion({ override: [pageCompletion(service, file, extra)] }), hover, lint];
}
