// A list block as drawn. A block without `api` holds only a process form's fields (a step's dialog borrows them
// through `fieldsFrom`): it has no rows to list, so no screen is made of it.
import type { Label, ListBlock, ListScreen } from './types';

export function listScreen(block: ListBlock, id: string, title: Label): ListScreen | undefined {
  const { type: _type, api, ...list } = block;
  return api === undefined ? undefined : { ...list, api, id, title };
}
