/** Widgets that rjsf itself provides, usable by name in uiSchema; options.schema.json declares their options too. */
export const rjsfWidgets: readonly string[] = [
  'text',
  'textarea',
  'password',
  'select',
  'radio',
  'checkbox',
  'checkboxes',
  'hidden',
  'updown',
  'email',
  'uri',
];
