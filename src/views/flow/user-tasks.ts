// A task drawn in the console is a user task: the engine runs user tasks (a plain task would pass through unseen, a
// script or service task is refused), so the palette's task and the element menu's "append task" make one.
import type { Element, Shape } from 'bpmn-js/lib/model/Types';

interface Entry {
  className?: string;
  action: Record<string, unknown>;
}
type Entries = Record<string, Entry>;

interface Services {
  elementFactory: { createShape: (attributes: { type: string }) => Shape };
  create: { start: (event: Event, shape: Shape, context?: { source: Element }) => void };
  autoPlace: { append: (source: Element, shape: Shape) => void };
}

const userTask = (services: Services) => services.elementFactory.createShape({ type: 'bpmn:UserTask' });

function UserTaskEntries(
  this: unknown,
  contextPad: { registerProvider: (priority: number, provider: unknown) => void },
  palette: { registerProvider: (priority: number, provider: unknown) => void },
  elementFactory: Services['elementFactory'],
  create: Services['create'],
  autoPlace: Services['autoPlace'],
) {
  const services: Services = { elementFactory, create, autoPlace };
  const provider = {
    getContextPadEntries: (element: Element) => (entries: Entries) => {
      const entry = entries['append.append-task'];
      if (!entry) return entries;
      return {
        ...entries,
        'append.append-task': {
          ...entry,
          className: 'bpmn-icon-user-task',
          action: {
            click: () => services.autoPlace.append(element, userTask(services)),
            dragstart: (event: Event) => services.create.start(event, userTask(services), { source: element }),
          },
        },
      };
    },
    getPaletteEntries: () => (entries: Entries) => {
      const entry = entries['create.task'];
      if (!entry) return entries;
      const start = (event: Event) => services.create.start(event, userTask(services));
      return {
        ...entries,
        'create.task': { ...entry, className: 'bpmn-icon-user-task', action: { click: start, dragstart: start } },
      };
    },
  };
  contextPad.registerProvider(500, provider);
  palette.registerProvider(500, provider);
}
UserTaskEntries.$inject = ['contextPad', 'palette', 'elementFactory', 'create', 'autoPlace'];

/** The bpmn-js module to hand the Modeler (`additionalModules`). */
export const userTaskModule = {
  __init__: ['userTaskEntries'],
  userTaskEntries: ['type', UserTaskEntries],
};
