// Registers the runtime's own formatters, widgets and actions; imported by the screen bundle before any definition is checked.
import './format/builtins';
import './form/widgets';
import { lazy } from 'react';
import './crud/fileDownload';
import { registerAction } from './registry';

// The upload dialog (antd's Upload) loads when someone opens it, not with every list.
registerAction(
  'fileUpload',
  lazy(() => import('./crud/fileUpload')),
);
