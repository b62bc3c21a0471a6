// A definition is its own page: one whose `id` names another would be taken for it wherever the id keys what people
// chose (a list's columns and page size). Checked by checkPage and by the console before it draws a published version.
import type { DefinitionProblem } from './definition-problems';

/** A page's id, its path under pages/ (`system/param`): letters, digits, `-` and `_` between slashes; never `..`. */
export const PAGE_ID = '^[a-z0-9_-]+(/[a-z0-9_-]+)*$';

export function pageIdProblems(definition: unknown, pageId: string): DefinitionProblem[] {
  const id = (definition as { id?: unknown } | null)?.id;
  if (typeof id !== 'string' || id === pageId) return [];
  return [
    {
      path: '/id',
      message: `the id must be the page's own, "${pageId}", not "${id}"`,
      zh: `id 必须是本页面 "${pageId}",不能是 "${id}"`,
      word: id,
    },
  ];
}
