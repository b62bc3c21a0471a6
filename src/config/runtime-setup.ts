// The definition screens take their list and dialog settings from the console's settings, their data from the
// console's server through the HTTP data provider, and the console's own widgets from its registry (widgets.ts).
import { api, configureRuntime, createHttpProvider, createRegistry, setPublishedSource } from '@ride-console/runtime';
import { failureCall, publishedCall } from './published-call';
import { settings } from './settings';
import { consoleWidgets } from './widgets';

export function setUpRuntime(): void {
  configureRuntime({
    pageSize: settings.listPageSize,
    pageSizes: [...settings.listPageSizes],
    dialogWidth: settings.dialogWidth,
    imageMaxKb: settings.imageMaxKb,
    // Screen class 0 (spec §2) is the phone.
    phoneWidth: settings.breakpoints.small,
    provider: createHttpProvider(),
    registry: createRegistry(consoleWidgets),
  });
  // A page published in the studio reaches the console on the screen's next load; the browser revalidates by ETag.
  // A version the console cannot draw is told to the studio, and the one before it asked for.
  setPublishedSource({
    published: (pageId, below) =>
      api.get(publishedCall, below === undefined ? { pageId } : { pageId, below }, { quiet: true }),
    failed: (pageId, version, { path, message, zh }) =>
      api.post(
        failureCall,
        { pageId, version, path, message: message.slice(0, 1000), zh: zh.slice(0, 1000) },
        { quiet: true },
      ),
  });
}
