// An action's form may show the fields of another page definition's form before its own (`fieldsFrom`, e.g. the
// page a process step names as its formKey), so a new process brings its forms as pages, with no screen changed.
import jsonLogic from 'json-logic-js';
import { loadDefinition } from '../page/definitions';
import type { ActionForm, Block, Column, FormDefinition, ListBlock, Row } from '../schema/types';

export interface BorrowedForm {
  form: ActionForm;
  columns: Column[];
  /** The fields of the forms it is made of, the page's then the action's own, each a form its page's validators check. */
  parts?: FormDefinition['fields'][];
}

/** The form with the named page's first list form's fields first (their labels from its columns). */
export async function withBorrowedFields(form: ActionForm, columns: Column[], data: Row): Promise<BorrowedForm> {
  if (!form.fieldsFrom) return { form, columns };
  const pageId = jsonLogic.apply(form.fieldsFrom as Parameters<typeof jsonLogic.apply>[0], data);
  if (typeof pageId !== 'string' || !pageId) return { form, columns };
  // A page that cannot be read leaves the action's own fields: the step is still approved with its comment.
  const page = (await loadDefinition(pageId).catch(() => undefined)) as { blocks?: Block[] } | undefined;
  const list = page?.blocks?.find((block): block is ListBlock => block.type === 'list' && 'form' in block);
  if (!list?.form) return { form, columns };
  return {
    form: { ...form, fields: { ...list.form.fields, ...form.fields } },
    columns: [...columns, ...(list.columns ?? [])],
    parts: [list.form.fields, form.fields ?? {}],
  };
}
