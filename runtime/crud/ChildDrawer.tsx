// The drawer with a parent row's child list (a dictionary's items); it loads when first opened.
import { Drawer } from 'antd';
import { useLabel } from '../i18n/label';
import { useFocusReturn } from '../page/useFocusReturn';
import type { ListScreen, Row } from '../schema/types';
import { CrudPage } from './CrudPage';
import { childPage } from './childPage';

export default function ChildDrawer(props: { page: ListScreen; parent: Row; width: number; onClose: () => void }) {
  useFocusReturn();
  const label = useLabel();
  return (
    <Drawer open size={props.width} title={label(props.page.child?.title)} onClose={props.onClose}>
      <CrudPage {...childPage(props.page, props.parent)} />
    </Drawer>
  );
}
