// The definition screens take their list and dialog settings from the console's settings.
import { configureRuntime } from '../../runtime/index';
import { settings } from './settings';

export function setUpRuntime(): void {
  configureRuntime({
    pageSize: settings.listPageSize,
    pageSizes: [...settings.listPageSizes],
    dialogWidth: settings.dialogWidth,
    imageMaxKb: settings.imageMaxKb,
  });
}
