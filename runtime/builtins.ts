// Registers the runtime's own formatters and widgets; imported by the screen bundle before any definition is checked.
import './format/builtins';
import './form/widgets';
