// The BladeX wire writes an empty text as "" and an empty number as -1 (contract §2). Neither is a value a person
// entered: a form shows them as empty fields (so an optional phone or sex passes its checks untouched), and an edit
// sends a field the person emptied as null, which the server stores as empty.
import type { Row } from '../schema/types';

type Property = Record<string, unknown>;

const WIRE_EMPTY_NUMBER = -1;

const isNumber = (property: Property) => ['integer', 'number'].includes(String(property.type));

/** -1 is a real value only where the field's own schema admits it (a lower bound at or below it). */
const admitsMinusOne = (property: Property) =>
  (Array.isArray(property.enum) && property.enum.includes(WIRE_EMPTY_NUMBER)) ||
  (typeof property.minimum === 'number' && property.minimum <= WIRE_EMPTY_NUMBER);

export function isWireEmpty(value: unknown, property: Property): boolean {
  if (value === '' || value === null) return true;
  return isNumber(property) && value === WIRE_EMPTY_NUMBER && !admitsMinusOne(property);
}

/** The record as the form shows it: the form's fields that hold a wire "empty" are left out. */
export function formValues(record: Row, properties: Record<string, Property>): Row {
  const values: Row = { ...record };
  for (const [field, property] of Object.entries(properties)) {
    if (field in values && isWireEmpty(values[field], property)) delete values[field];
  }
  return values;
}

/** What an edit sends: the loaded record and the form's values, each of the form's fields left empty as null. */
export function submittedValues(start: Row, values: Row, properties: Record<string, Property>, editing: boolean): Row {
  const sent: Row = { ...start, ...values };
  if (!editing) return sent;
  for (const field of Object.keys(properties)) {
    if (sent[field] === undefined || sent[field] === '') sent[field] = null;
  }
  return sent;
}
