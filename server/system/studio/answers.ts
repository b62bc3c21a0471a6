// What the studio's calls answer, for the OpenAPI document (server/platform/docs): the console's studio types come
// from it (runtime/http/openapi.d.ts), the version record from the one schema the server types itself by.
import {
  type AnswerDoc,
  component,
  flag,
  integer,
  listOf,
  NOTHING,
  nullable,
  shape,
  text,
} from '../../platform/docs/record.js';
import { VERSION_SCHEMA } from './versions.js';

const title = {
  anyOf: [shape({ zh: text(), en: text() }), text(), { type: 'null' }],
  description: 'the page title: {zh, en}, a text key, or null when the page has no shipped file',
};

/** A page with its state in the studio's list. */
const STUDIO_PAGE = shape({
  pageId: text(),
  title,
  shipped: flag('has a shipped file under pages/'),
  state: { enum: ['baseline', 'changed', 'draft'] },
  version: integer('the published version in force, 0 for none'),
  changed: flag('a published version replaces the shipped file'),
  author: text(),
  publishTime: text(),
  baselineChanged: flag('the shipped file changed since the version in force was written'),
});

export const PAGES_ANSWER: AnswerDoc = {
  name: 'StudioPages',
  data: shape({
    pages: listOf(STUDIO_PAGE),
    resources: listOf(
      shape({ prefix: text(), title: text(), menu: text(), hasScreen: flag('a shipped page lists it already') }),
    ),
  }),
};

export const PAGE_ANSWER: AnswerDoc = {
  name: 'StudioPage',
  components: { PageVersion: VERSION_SCHEMA },
  data: shape({
    pageId: text(),
    file: text('pages/<page id>.json'),
    baseline: { description: 'the shipped file, or null' },
    published: nullable(component('PageVersion')),
    draft: nullable(component('PageVersion')),
    baselineChanged: flag(),
  }),
};

export const VERSIONS_ANSWER: AnswerDoc = {
  data: listOf(component('PageVersion')),
  components: { PageVersion: VERSION_SCHEMA },
};

export const RESOURCE_DRAFT_ANSWER: AnswerDoc = {
  name: 'ResourceDraft',
  data: shape({
    pageId: text(),
    definition: { type: 'object', additionalProperties: true, description: 'the drafted page definition' },
    access: shape({ menu: text(), zh: text(), en: text() }),
  }),
};

/** A problem of a page definition (runtime/schema/definition-problems.ts): where, what in both languages, and for an
 * unknown name the names there are and the one it most likely means. */
const DEFINITION_PROBLEM = shape(
  {
    path: text('JSON Pointer into the definition'),
    message: text(),
    zh: text(),
    file: text(),
    line: integer(),
    column: integer(),
    word: text(),
    known: listOf(text()),
    suggestion: text(),
  },
  ['file', 'line', 'column', 'word', 'known', 'suggestion'],
);

/** The refusal of a page its checks refuse (refusal.ts): each problem, beside the message naming the first. */
const PAGE_PROBLEMS = {
  refusedWith: shape({ problems: listOf(component('DefinitionProblem')) }),
  components: { DefinitionProblem: DEFINITION_PROBLEM },
};

/** A page started under a new id: its first draft, the menu access its calls follow, and the menu showing it. */
export const NEW_PAGE_ANSWER: AnswerDoc = {
  name: 'NewPage',
  data: shape({
    pageId: text(),
    definition: { type: 'object', additionalProperties: true, description: 'the first draft of the page definition' },
    access: nullable(shape({ menu: text(), zh: text(), en: text() })),
    menu: nullable(shape({ code: text(), name: text() })),
  }),
};

/** A version downloaded as its page file: the definition itself, flat, as the file under pages/ holds it. */
export const PAGE_FILE_ANSWER: AnswerDoc = {
  name: 'PageFile',
  flat: { type: 'object', additionalProperties: true, description: 'the page definition' },
};

/** A publish, rollback or revert: the number of the version it wrote. */
export const PUBLISHED_ANSWER: AnswerDoc = {
  name: 'PublishedVersion',
  data: shape({ version: integer() }),
  ...PAGE_PROBLEMS,
};

/** A draft saved: nothing, or the problems that keep it from being saved. */
export const DRAFT_ANSWER: AnswerDoc = { ...NOTHING, ...PAGE_PROBLEMS };

/** Where the preview imports a draft's compiled form validators from. */
export const PREVIEW_VALIDATORS_ANSWER: AnswerDoc = {
  name: 'PreviewValidators',
  data: shape({ url: text('a same-origin JavaScript module, signed for the draft compiled') }),
  ...PAGE_PROBLEMS,
};

/** What a console draws for a page; 304 when it has it already. */
export const SERVED_ANSWER: AnswerDoc = {
  name: 'ServedPage',
  components: { DefinitionProblem: DEFINITION_PROBLEM },
  data: shape(
    {
      pageId: text(),
      version: integer('0: the shipped file'),
      definition: { description: 'the published definition, or null for the shipped file' },
      validators: text('signed URL of the compiled form validators module'),
      passedOver: shape({ version: integer(), problems: listOf(component('DefinitionProblem')) }),
    },
    ['validators', 'passedOver'],
  ),
};
