// The names the console's registry holds (the runtime's built-ins and the system area's own), without their
// components: what the checks in node and the build accept. tests/pages/definitions.test.ts keeps it in step with
// the registry the console fills.
export interface RegistryNames {
  formatters: readonly string[];
  widgets: readonly string[];
  actions: readonly string[];
}

export const consoleNames: RegistryNames = {
  formatters: [
    'boolean',
    'date',
    'datetime',
    'dict',
    'enum',
    'image',
    'link',
    'lookup',
    'menuIcon',
    'money',
    'number',
    'percent',
    'secret',
    'tag',
  ],
  widgets: [
    'bpmnModeler',
    'date',
    'dateRange',
    'dictRadio',
    'dictSelect',
    'iconPicker',
    'imageUpload',
    'leaveDays',
    'lookupSelect',
    'money',
    'number',
    'richText',
    'switch',
    'treeSelect',
  ],
  actions: [
    'accountMenu',
    'fileDownload',
    'fileUpload',
    'processDiagram',
    'roleGrant',
    'topMenuGrant',
    'userRoleGrant',
  ],
};
