// The built-in form widgets, by the names definitions use in uiSchema "ui:widget".
import type { WidgetProps } from '@rjsf/utils';
import { Spin } from 'antd';
import { type ComponentType, lazy, Suspense } from 'react';
import type { WidgetComponent } from '../../registry';

/**
 * A widget whose code (antd's pickers, number inputs, uploads, tree selects, radio buttons) loads when a form first shows it, so a
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
const dictionary = () => import('./dictionary');

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

export const builtinWidgets: Record<string, WidgetComponent> = {
  dictSelect: lazyWidget(dictionary, 'DictSelectWidget'),
  // Radio buttons bring antd's form store along: a list screen, which draws no form, does not carry them.
  dictRadio: lazyWidget(dictionary, 'DictRadioWidget'),
  treeSelect: lazyWidget(() => import('./treeSelect'), 'TreeSelectWidget'),
  lookupSelect: lazyWidget(() => import('./lookupSelect'), 'LookupSelectWidget'),
  leaveDays: lazyWidget(() => import('./leaveDays'), 'LeaveDaysWidget'),
  iconPicker: IconPickerWidget,
  imageUpload: lazyWidget(() => import('./imageUpload'), 'ImageUploadWidget'),
  date: lazyWidget(inputs, 'DateWidget'),
  dateRange: lazyWidget(inputs, 'DateRangeWidget'),
  money: lazyWidget(inputs, 'MoneyWidget'),
  number: lazyWidget(inputs, 'NumberWidget'),
  switch: lazyWidget(inputs, 'SwitchWidget'),
  richText: RichTextWidget,
};
