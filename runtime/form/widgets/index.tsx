// Registers the built-in form widgets under the names definitions use in uiSchema "ui:widget".
import type { WidgetProps } from '@rjsf/utils';
import { Spin } from 'antd';
import { type ComponentType, lazy, Suspense } from 'react';
import { registerWidget, type WidgetComponent } from '../../registry';
import { DictRadioWidget, DictSelectWidget } from './dictionary';

/**
 * A widget whose code (antd's pickers, number inputs, uploads, tree selects) loads when a form first shows it, so a
 * list screen does not carry it.
 */
function lazyWidget<Name extends string>(
  load: () => Promise<Record<Name, ComponentType<WidgetProps>>>,
  name: Name,
): WidgetComponent {
  const Widget = lazy(
    async (): Promise<{ default: ComponentType<WidgetProps> }> => ({ default: (await load())[name] }),
  );
  return function LazyWidget(props: WidgetProps) {
    return (
      <Suspense fallback={<Spin size="small" />}>
        <Widget {...props} />
      </Suspense>
    );
  };
}

const inputs = () => import('./inputs');

// The editor and the icon set are large; they load only when a form shows them.
const RichTextEditor = lazy(() => import('./RichTextEditor'));
const IconPicker = lazy(() => import('./iconPicker'));

function RichTextWidget(props: WidgetProps) {
  return (
    <Suspense fallback={<Spin />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

function IconPickerWidget(props: WidgetProps) {
  return (
    <Suspense fallback={<Spin />}>
      <IconPicker {...props} />
    </Suspense>
  );
}

registerWidget('dictSelect', DictSelectWidget);
registerWidget('dictRadio', DictRadioWidget);
registerWidget(
  'treeSelect',
  lazyWidget(() => import('./treeSelect'), 'TreeSelectWidget'),
);
registerWidget('iconPicker', IconPickerWidget);
registerWidget(
  'imageUpload',
  lazyWidget(() => import('./imageUpload'), 'ImageUploadWidget'),
);
registerWidget('date', lazyWidget(inputs, 'DateWidget'));
registerWidget('dateRange', lazyWidget(inputs, 'DateRangeWidget'));
registerWidget('money', lazyWidget(inputs, 'MoneyWidget'));
registerWidget('number', lazyWidget(inputs, 'NumberWidget'));
registerWidget('switch', lazyWidget(inputs, 'SwitchWidget'));
registerWidget('richText', RichTextWidget);
