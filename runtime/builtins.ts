// Registers the runtime's own formatters, widgets and actions; imported by the screen bundle before any definition is checked.
import './format/builtins';
import './form/widgets';
import './crud/fileDownload';
import './crud/fileUpload';
