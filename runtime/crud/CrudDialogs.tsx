// The dialogs of a list: the add / edit / view form, the read-only view of a row, and the drawer with a parent row's
// child list.
import { lazy, Suspense, useMemo } from 'react';
import { compileForm } from '../form/formSchema';
import type { Row } from '../schema/types';
import type { CrudController } from './controller/useCrudController';

// The form machinery (rjsf, ajv) loads when a dialog first opens, so a list shows sooner.
const FormDialog = lazy(() => import('../form/FormDialog').then((module) => ({ default: module.FormDialog })));
const ViewDrawer = lazy(() => import('../blocks/view/ViewDrawer'));
const ChildDrawer = lazy(() => import('./ChildDrawer'));

export function CrudDialogs({ crud, initial }: { crud: CrudController; initial?: Row }) {
  const { page, dialog, parent, viewing } = crud;
  const compiled = useMemo(() => page.form && compileForm(page.form, page.columns), [page.form, page.columns]);
  return (
    <>
      {dialog && compiled && (
        <Suspense fallback={null}>
          <FormDialog
            form={compiled.form}
            columns={compiled.labels}
            mode={dialog.mode}
            title={page.title}
            record={dialog.record}
            initial={initial}
            rowKey={crud.rowKey}
            detailUrl={crud.urls.detail}
            detailParam={crud.urls.detailParam}
            submitUrl={dialog.mode === 'add' ? crud.urls.submit : crud.urls.update}
            dialog={{ ...page.dialog, width: crud.dialogWidth }}
            onClose={crud.closeDialog}
          />
        </Suspense>
      )}
      {viewing && page.view && (
        <Suspense fallback={null}>
          <ViewDrawer
            view={page.view}
            columns={page.columns}
            title={page.title}
            record={viewing}
            rowKey={crud.rowKey}
            detailUrl={crud.urls.detail}
            detailParam={crud.urls.detailParam}
            width={page.dialog?.width}
            id={page.id}
            onClose={() => crud.setViewing(undefined)}
          />
        </Suspense>
      )}
      {parent && page.child && (
        <Suspense fallback={null}>
          <ChildDrawer page={page} parent={parent} width={crud.dialogWidth} onClose={() => crud.setParent(undefined)} />
        </Suspense>
      )}
    </>
  );
}
