// The built-in form widgets, by the names definitions use in uiSchema "ui:widget".
import type { WidgetProps } from '@rjsf/utils';
import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { WidgetComponent } from '../../registry';
import { DictRadioWidget, DictSelectWidget } from './dictionary';
import { ImageUploadWidget } from './imageUpload';
import { DateRangeWidget, DateWidget, MoneyWidget, NumberWidget, SwitchWidget } from './inputs';
import { TreeSelectWidget } from './treeSelect';

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
  dictSelect: DictSelectWidget,
  dictRadio: DictRadioWidget,
  treeSelect: TreeSelectWidget,
  iconPicker: IconPickerWidget,
  imageUpload: ImageUploadWidget,
  date: DateWidget,
  dateRange: DateRangeWidget,
  money: MoneyWidget,
  number: NumberWidget,
  switch: SwitchWidget,
  richText: RichTextWidget,
};
