// The definition screens take their list and dialog settings from the console's settings, and their data from the
// console's server through the HTTP data provider.
import { configureRuntime, createHttpProvider, request, setPublishedSource } from '../../runtime/index';
import { publishedCall } from './published-call';
import { settings } from './settings';

export function setUpRuntime(): void {
  configureRuntime({
    pageSize: settings.listPageSize,
    pageSizes: [...settings.listPageSizes],
    dialogWidth: settings.dialogWidth,
    imageMaxKb: settings.imageMaxKb,
    provider: createHttpProvider(),
  });
  // A page published in the studio reaches the console on the screen's next load; the browser revalidates by ETag.
  setPublishedSource((pageId) =>
    request<{ definition: unknown }>({
      url: publishedCall,
      params: { pageId },
      quiet: true,
    }).then((answer) => answer.definition),
  );
}
