// The attributes the server reads besides the standard (docs/workflow.md, "Process models"), declared so the modeler
// reads and writes them as properties of their elements: Flowable's names for who does a task and its form, and the
// console's own (`ride:`) for English names and what the process belongs to.
const flowable = {
  name: 'Flowable',
  prefix: 'flowable',
  uri: 'http://flowable.org/bpmn',
  xml: { tagAlias: 'lowerCase' },
  associations: [],
  types: [
    {
      name: 'TaskRules',
      extends: ['bpmn:UserTask'],
      properties: [
        { name: 'assignee', isAttr: true, type: 'String' },
        { name: 'candidateGroups', isAttr: true, type: 'String' },
      ],
    },
    {
      name: 'FormHolder',
      extends: ['bpmn:UserTask', 'bpmn:StartEvent'],
      properties: [{ name: 'formKey', isAttr: true, type: 'String' }],
    },
  ],
};

const ride = {
  name: 'Ride',
  prefix: 'ride',
  uri: 'http://ride-console/bpmn',
  xml: { tagAlias: 'lowerCase' },
  associations: [],
  types: [
    {
      name: 'EnglishName',
      extends: ['bpmn:BaseElement'],
      properties: [{ name: 'en', isAttr: true, type: 'String' }],
    },
    {
      name: 'ProcessOwner',
      extends: ['bpmn:Process'],
      properties: [
        { name: 'category', isAttr: true, type: 'String' },
        { name: 'businessTable', isAttr: true, type: 'String' },
        { name: 'launch', isAttr: true, type: 'String' },
      ],
    },
  ],
};

export const moddleExtensions = { flowable, ride };
