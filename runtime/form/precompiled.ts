// The forms' validator: @rjsf/validator-ajv8 over validators ajv compiled ahead of time (runtime/form/compile.ts), the
// build's for the shipped pages and the server's for a published version, so the browser never compiles a schema
// (the Content-Security-Policy forbids eval). A form's validators are found by the hash of its schema, as
// createPrecompiledValidator looks them up.

import { compileMissing, limitsValidators, shippedPages } from 'virtual:form-validators';
import type {
  CustomValidator,
  ErrorTransformer,
  RJSFSchema,
  RJSFValidationError,
  UiSchema,
  ValidatorType,
} from '@rjsf/utils';
import { hashForSchema, toErrorSchema } from '@rjsf/utils';
import type { CompiledValidateFunction, ValidatorFunctions } from '@rjsf/validator-ajv8';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import equal from 'ajv/dist/runtime/equal';
import ucs2length from 'ajv/dist/runtime/ucs2length';
import { fullFormats } from 'ajv-formats/dist/formats';
import { useEffect, useMemo, useState } from 'react';
import type { FieldLimits } from '../data/fieldLimits';
import { fieldOf } from './messages';
import { formSources } from './sources';
import { VALIDATOR_OPTIONS } from './validator-options';

/** A CommonJS module's default export under a bundler, or its `exports` object under node. */
const defaultOf = <T>(module: T): T => (module as { default?: T }).default ?? module;

/** What ajv's generated code `require`s, from the console's own copies. */
const HELPERS: Record<string, unknown> = {
  'ajv/dist/runtime/equal': { default: defaultOf(equal) },
  'ajv/dist/runtime/ucs2length': { default: defaultOf(ucs2length) },
  'ajv-formats/dist/formats': { fullFormats },
};

function helper(name: string): unknown {
  if (!(name in HELPERS)) throw new Error(`the form validators need ${name}, which the console does not carry`);
  return HELPERS[name];
}

/** A module of compiled validators (compile.ts): its default export answers them given the helpers. */
export interface FormValidatorsModule {
  default: (require: (name: string) => unknown) => ValidatorFunctions;
}

const compiled = new Map<string, CompiledValidateFunction>();
const loaded = new Map<string, Promise<void>>();

function add(module: FormValidatorsModule): void {
  for (const [hash, validate] of Object.entries(module.default(helper))) compiled.set(hash, validate);
}

/** Loads a page's validators once: the build's for a shipped page, the server's (a same-origin URL) for a version. */
function load(pageId: string, url: string | undefined): Promise<void> {
  const key = url ?? pageId;
  let pending = loaded.get(key);
  if (!pending) {
    const shipped = shippedPages[pageId];
    // Only a path of our own origin is imported (the CSP would refuse another site's script anyway).
    const own = url?.startsWith('/') && !url.startsWith('//');
    const module: Promise<FormValidatorsModule | undefined> = own
      ? import(/* @vite-ignore */ String(url))
      : shipped && url === undefined
        ? shipped()
        : Promise.resolve(undefined);
    pending = module.then(
      (found) => found && add(found),
      // A module that cannot load leaves its forms to the server's checks on save; the next dialog asks again.
      () => {
        loaded.delete(key);
      },
    );
    loaded.set(key, pending);
  }
  return pending;
}

/** A studio preview's validators (server/system/studio/preview-validators.ts), from the same-origin URL it was handed. */
export const loadValidatorsFrom = (url: string): Promise<void> => load(url, url);

/** The validators of every page this session opened, each as it was served. */
export async function loadFormValidators(): Promise<void> {
  await Promise.all([...formSources()].map(([pageId, url]) => load(pageId, url)));
}

const warned = new Set<string>();

/** The field an ajv error is about: the missing one of a `required`, else the first step of its path. */
const fieldOfAjvError = (error: NonNullable<CompiledValidateFunction['errors']>[number]): string =>
  error.keyword === 'required' ? String(error.params.missingProperty) : (error.instancePath.split('/')[1] ?? '');

/**
 * A form made of the forms of `parts` (an action's form that borrows another page's fields, `fieldsFrom`), checked
 * by their own compiled validators when all of them are here: each part judges the fields it defines, a later part's
 * field replacing an earlier one's of the same name, as the form merges them. Its fields are checked each on its own
 * (a form's schema is its fields' properties and the required ones), so the parts together say what the whole would.
 */
function composed(parts: RJSFSchema[]): CompiledValidateFunction | undefined {
  const checks = parts.map((part) => compiled.get(hashForSchema(part)));
  if (checks.some((check) => !check)) return undefined;
  const ownerOf = new Map<string, number>();
  parts.forEach((part, index) => {
    for (const field of Object.keys(part.properties ?? {})) ownerOf.set(field, index);
  });
  const validate: CompiledValidateFunction = (data) => {
    validate.errors = checks.flatMap((check, index) => {
      if (!check || check(data)) return [];
      return (check.errors ?? []).filter((error) => ownerOf.get(fieldOfAjvError(error)) === index);
    });
    return validate.errors.length === 0;
  };
  return validate;
}

function functionsFor(root: RJSFSchema, parts: RJSFSchema[] = []): ValidatorFunctions | undefined {
  const hash = hashForSchema(root);
  const found = compiled.get(hash) ?? (parts.length ? composed(parts) : undefined);
  if (found) return { [hash]: found };
  // Development and the tests compile a form no page ships (a test's own) in process; the console built for operators
  // has no compiler and leaves such a form to the server's checks on save (the studio's preview has the server
  // compile its draft's forms first).
  if (compileMissing) {
    const functions = compileMissing(root, VALIDATOR_OPTIONS, helper);
    for (const [key, validate] of Object.entries(functions)) compiled.set(key, validate);
    return functions;
  }
  if (!warned.has(hash)) {
    warned.add(hash);
    console.warn('A form without compiled validators: only the server limits are checked before saving', root);
  }
  return undefined;
}

let limitsValidate: CompiledValidateFunction | undefined;
function limitsCheck(): CompiledValidateFunction {
  limitsValidate ??= Object.values(limitsValidators.default(helper))[0];
  return limitsValidate;
}

const STRING_RULES = ['maxLength'] as const;
const NUMBER_RULES = ['minimum', 'maximum'] as const;

/**
 * The server's limits of the fields (`<resource>/fields`) the definition gives no rule of its own for, as errors in
 * the shape ajv's give rjsf: a string field's length, a number's range, a field the server requires.
 */
function limitErrors(root: RJSFSchema, limits: Record<string, FieldLimits>, data: Record<string, unknown>) {
  const properties = (root.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set(root.required ?? []);
  const errors: RJSFValidationError[] = [];
  for (const [field, limit] of Object.entries(limits)) {
    const property = properties[field];
    if (!property) continue;
    const rules =
      String(property.type) === 'string'
        ? STRING_RULES
        : ['integer', 'number'].includes(String(property.type))
          ? NUMBER_RULES
          : [];
    const checked: Record<string, unknown> = {
      value: data[field],
      required: limit.required && !required.has(field) ? ['value'] : [],
    };
    for (const rule of rules)
      if (limit[rule] !== undefined && property[rule] === undefined) checked[rule] = limit[rule];
    const validate = limitsCheck();
    if (validate(checked)) continue;
    for (const error of validate.errors ?? []) {
      const missing = error.keyword === 'required';
      errors.push({
        name: error.keyword,
        property: missing ? field : `.${field}`,
        params: missing ? { missingProperty: field } : { limit: error.params.limit },
        message: error.message,
        stack: error.message ?? '',
      });
    }
  }
  return errors;
}

/**
 * The validator of a form whose definition compiled to `root`, with the server's `limits`; a form made of other
 * forms names their schemas (`parts`). rjsf hands it the schema drawn now (titles in the current language, fields
 * hidden in this mode or by a rule left out): the record is checked against `root` and only the errors of the fields
 * drawn count.
 */
export function formValidator(
  root: RJSFSchema,
  limits: Record<string, FieldLimits>,
  parts: RJSFSchema[] = [],
): ValidatorType {
  const functions = functionsFor(root, parts);
  const own = functions && createPrecompiledValidator(functions, root);
  const drawnErrors = (schema: RJSFSchema, data: unknown, errors: RJSFValidationError[]) => {
    const drawn = new Set(Object.keys(schema.properties ?? {}));
    const record = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
    return [...errors, ...limitErrors(root, limits, record)].filter((error) => drawn.has(fieldOf(error)));
  };
  return {
    validateFormData(
      formData: unknown,
      schema: RJSFSchema,
      customValidate?: CustomValidator,
      transformErrors?: ErrorTransformer,
      uiSchema?: UiSchema,
    ) {
      const transform: ErrorTransformer = (errors, ui) => {
        const drawn = drawnErrors(schema, formData, errors);
        return transformErrors ? transformErrors(drawn, ui) : drawn;
      };
      if (own) return own.validateFormData(formData, root, customValidate, transform, uiSchema);
      const errors = transform([], uiSchema);
      return { errors, errorSchema: toErrorSchema(errors) };
    },
    isValid(schema: RJSFSchema, formData: unknown) {
      return this.validateFormData(formData, schema).errors.length === 0;
    },
    rawValidation<Result>(schema: RJSFSchema, formData?: unknown) {
      return { errors: this.validateFormData(formData, schema).errors as Result[] };
    },
  };
}

/** One empty list, so a form made of no parts keeps its validator from one render to the next. */
const NO_PARTS: RJSFSchema[] = [];

/**
 * The form's validator, once it can be had: at once when its validators are already here (or development compiles
 * them), else when the pages opened so far have loaded theirs; undefined until then.
 */
export function useFormValidator(
  root: RJSFSchema,
  limits: Record<string, FieldLimits> | undefined,
  parts: RJSFSchema[] = NO_PARTS,
) {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let current = true;
    void loadFormValidators().then(() => current && setLoaded(true));
    return () => {
      current = false;
    };
  }, []);
  const ready = useMemo(
    () => loaded || compileMissing !== undefined || compiled.has(hashForSchema(root)),
    [loaded, root],
  );
  return useMemo(() => (ready ? formValidator(root, limits ?? {}, parts) : undefined), [ready, root, limits, parts]);
}
