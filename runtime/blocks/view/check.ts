// A view's sections may name only fields its columns describe, since the label and format come from the column.

import type { Column, ViewSection } from '../../schema/types';
import type { DefinitionProblem } from '../../schema/validate';

export function viewProblems(
  sections: ViewSection[] | undefined,
  columns: Column[],
  base: string,
): DefinitionProblem[] {
  const described = new Set(columns.map((column) => column.field));
  return (sections ?? []).flatMap((section, s) =>
    (section.fields ?? []).flatMap((field, f) =>
      described.has(field)
        ? []
        : [
            {
              path: `${base}/${s}/fields/${f}`,
              message: `no column describes "${field}"`,
              zh: `没有列描述字段 "${field}"`,
            },
          ],
    ),
  );
}
