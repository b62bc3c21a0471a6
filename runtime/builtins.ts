// The runtime's own formatters, widgets and actions, as registry parts: the console's registry takes them when the
// first screen loads, a registry built with createRegistry(builtins, …) has them too.
import { lazy } from 'react';
import { FileDownloadAction } from './crud/fileDownload';
import { builtinWidgets } from './form/widgets';
import { builtinFormatters } from './format/builtins';
import type { RegistryParts } from './registry';

export const builtins: RegistryParts = {
  formatters: builtinFormatters,
  widgets: builtinWidgets,
  // The upload dialog (antd's Upload) loads when someone opens it, not with every list.
  actions: { fileDownload: FileDownloadAction, fileUpload: lazy(() => import('./crud/fileUpload')) },
};
