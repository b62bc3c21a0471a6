// The runtime's own formatters, widgets and actions, as registry parts: the console's registry takes them when the
// first screen loads, a registry built with createRegistry(builtins, …) has them too.
import { FileDownloadAction } from './crud/fileDownload';
import { FileUploadAction } from './crud/fileUpload';
import { builtinWidgets } from './form/widgets';
import { builtinFormatters } from './format/builtins';
import type { RegistryParts } from './registry';

export const builtins: RegistryParts = {
  formatters: builtinFormatters,
  widgets: builtinWidgets,
  actions: { fileDownload: FileDownloadAction, fileUpload: FileUploadAction },
};
