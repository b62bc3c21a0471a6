// The child screen of a parent row (the items of a dictionary): its own list filtered by the parent, no paging, and
// new children that inherit fields of the parent (code, parentId).
import type { ListScreen, Row } from '../schema/types';
import type { CrudPageProps } from './CrudPage';

export function childPage(page: ListScreen, parent: Row): CrudPageProps {
  const child = page.child!;
  const rowKey = page.rowKey ?? 'id';
  const initial = Object.fromEntries(Object.entries(child.inherit).map(([field, from]) => [field, parent[from]]));
  return {
    page: {
      id: `${page.id}/child`,
      title: child.title,
      api: child.api,
      columns: child.columns,
      operations: child.operations,
      form: child.form,
      paging: false,
      dialog: page.dialog,
      toolbar: ['add', 'delete', 'refresh', 'columns'],
    },
    fixedQuery: { [child.parentParam]: parent[rowKey] as string },
    initial,
  };
}
