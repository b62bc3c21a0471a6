// The server's own limits of a resource's fields (lengths, required, ranges), from `<resource>/fields` next to its
// submit call: the same definitions the server validates with, so a form refuses what the server would refuse while
// the person is still typing. Fetched once per resource for the session; a resource without the call has none.
import { useEffect, useState } from 'react';
import { useProvider } from '../config';
import type { FormSpec } from '../schema/types';
import { type DataProvider, fieldLimitsUrl } from './provider';

export interface FieldLimits {
  required?: boolean;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

type Limits = Record<string, FieldLimits>;

const cache = new Map<string, Promise<Limits>>();

export function loadLimits(provider: DataProvider, url: string): Promise<Limits> {
  let pending = cache.get(url);
  if (!pending) {
    pending = provider.fieldLimits(url).then(
      (limits) => limits ?? {},
      () => ({}),
    );
    cache.set(url, pending);
  }
  return pending;
}

export function useFieldLimits(submitUrl: string | undefined): Limits | undefined {
  const url = fieldLimitsUrl(submitUrl);
  const provider = useProvider();
  const [limits, setLimits] = useState<Limits | undefined>(url ? undefined : {});
  useEffect(() => {
    if (!url) return;
    let current = true;
    void loadLimits(provider, url).then((answer) => current && setLimits(answer));
    return () => {
      current = false;
    };
  }, [provider, url]);
  return limits;
}

const STRING_TYPES = ['string'];
const NUMBER_TYPES = ['integer', 'number'];

/** The definition's form with the server's limits added where the definition gives none of its own. */
export function withServerLimits(form: FormSpec, limits: Limits | undefined): FormSpec {
  if (!limits || Object.keys(limits).length === 0) return form;
  const properties: FormSpec['schema']['properties'] = {};
  const required = new Set(form.schema.required ?? []);
  for (const [field, property] of Object.entries(form.schema.properties)) {
    const limit = limits[field];
    const type = String((property as { type?: unknown }).type);
    const own = property as Record<string, unknown>;
    const added: Record<string, unknown> = {};
    if (limit?.maxLength !== undefined && STRING_TYPES.includes(type) && own.maxLength === undefined) {
      added.maxLength = limit.maxLength;
    }
    if (limit?.minimum !== undefined && NUMBER_TYPES.includes(type) && own.minimum === undefined) {
      added.minimum = limit.minimum;
    }
    if (limit?.maximum !== undefined && NUMBER_TYPES.includes(type) && own.maximum === undefined) {
      added.maximum = limit.maximum;
    }
    if (limit?.required) required.add(field);
    properties[field] = { ...property, ...added };
  }
  return { ...form, schema: { ...form.schema, properties, required: [...required] } };
}
