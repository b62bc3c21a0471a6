// A process's forms are page definitions (`flowable:formKey`): the form of the page's first list, as the studio
// published it or else as its file under pages/ ships it. The server reads them so that a start or an approval keeps
// only the values its form asks for and is refused when it leaves a required field empty, naming the field.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { badRequest } from '../../platform/http/envelope.js';
import { loadPageFile, PAGE_ID } from '../studio/baseline.js';
import { PUBLISHED } from '../studio/versions.js';
import type { Variables } from './bpmn/run.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A field the person fills in: its name, its Chinese label, and whether it must be filled. */
export interface ProcessFormField {
  name: string;
  label: string;
  required: boolean;
}

/** Names the engine sets itself; a form never overrides them. */
const RESERVED = new Set(['starter', 'approved']);

const pageIdPattern = new RegExp(PAGE_ID);

interface FormBlock {
  type?: string;
  form?: { fields?: Record<string, { label?: { zh?: string }; required?: boolean; disabled?: boolean }> };
  columns?: Array<{ field?: string; label?: { zh?: string } }>;
}

async function definitionOf(db: Db, pageId: string): Promise<unknown> {
  const published = await db
    .selectFrom('blade_page_version')
    .select('definition')
    .where('pageId', '=', pageId)
    .where('state', '=', PUBLISHED)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return published?.definition ? JSON.parse(published.definition) : loadPageFile(pageId);
}

/**
 * The fields a person fills in on the form a page definition names (read-only ones left out), or undefined when
 * the key names no page with a form (a step approved with its comment only).
 */
export async function processFormFields(db: Db, formKey: string | null): Promise<ProcessFormField[] | undefined> {
  if (!formKey || !pageIdPattern.test(formKey)) return undefined;
  const definition = (await definitionOf(db, formKey)) as { blocks?: FormBlock[] } | undefined;
  const block = definition?.blocks?.find((candidate) => candidate.type === 'list' && candidate.form?.fields);
  if (!block?.form?.fields) return undefined;
  const columnLabel = (name: string) => block.columns?.find((column) => column.field === name)?.label?.zh;
  return Object.entries(block.form.fields)
    .filter(([, field]) => !field.disabled)
    .map(([name, field]) => ({
      name,
      label: field.label?.zh ?? columnLabel(name) ?? name,
      required: field.required === true,
    }));
}

const isEmpty = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/**
 * The values a form sends, as variables: only its own fields when the form is known (so a client cannot set what
 * the form does not ask), never the engine's own names; a required field left empty is refused by its label.
 */
export async function formVariables(db: Db, formKey: string | null, values: Variables): Promise<Variables> {
  const fields = await processFormFields(db, formKey);
  const kept = Object.entries(values).filter(
    ([name]) => !RESERVED.has(name) && (!fields || fields.some((field) => field.name === name)),
  );
  for (const field of fields ?? [])
    if (field.required && isEmpty(values[field.name])) throw badRequest(`${field.label} 不能为空`);
  return Object.fromEntries(kept);
}
