// Every resource definition the server runs, in the order they were defined: what the studio drafts new screens from.
import type { ResourceDefinition } from './types.js';

export const knownResources: ResourceDefinition[] = [];
