// antd's Alert for notices a screen shows only now and then (an export under way, a list, figures or a record that
// failed to load, a published version replaced): its code loads with the first such notice, not with every screen.
import type { AlertProps } from 'antd';
import { lazy, Suspense } from 'react';

const Alert = lazy(() => import('antd/es/alert'));

export function LaterAlert(props: AlertProps) {
  return (
    <Suspense fallback={null}>
      <Alert {...props} />
    </Suspense>
  );
}
