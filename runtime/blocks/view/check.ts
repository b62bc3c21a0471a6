// A view's sections may name only fields its columns describe, since the label and format come from the column.

import { closest } from '../../schema/closest';
import type { Column, ViewSection } from '../../schema/types';
import type { DefinitionProblem } from '../../schema/validate';

export function viewProblems(
  sections: ViewSection[] | undefined,
  columns: Column[],
  base: string,
): DefinitionProblem[] {
  const described = columns.map((column) => column.field);
  return (sections ?? []).flatMap((section, s) =>
    (section.fields ?? []).flatMap((field, f) => {
      if (described.includes(field)) return [];
      // The nearest column is either the one meant here or a column whose own field is the misspelt one.
      const suggestion = closest(field, described);
      return [
        {
          path: `${base}/${s}/fields/${f}`,
          message: `no column describes "${field}"`,
          zh: `没有列描述字段 "${field}"`,
          word: field,
          known: described,
          ...(suggestion ? { suggestion } : {}),
        },
      ];
    }),
  );
}
