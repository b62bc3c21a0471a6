// Registers the built-in form widgets under the names definitions use in uiSchema "ui:widget".
import type { WidgetProps } from '@rjsf/utils';
import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { registerWidget } from '../../registry';
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

registerWidget('dictSelect', DictSelectWidget);
registerWidget('dictRadio', DictRadioWidget);
registerWidget('treeSelect', TreeSelectWidget);
registerWidget('iconPicker', IconPickerWidget);
registerWidget('imageUpload', ImageUploadWidget);
registerWidget('date', DateWidget);
registerWidget('dateRange', DateRangeWidget);
registerWidget('money', MoneyWidget);
registerWidget('number', NumberWidget);
registerWidget('switch', SwitchWidget);
registerWidget('richText', RichTextWidget);
