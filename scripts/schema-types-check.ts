// The build refuses to start when runtime/schema/types.generated.ts is not what page.schema.json gives: the code
// would be compiled against a page language the checks no longer speak.
import type { Plugin } from 'vite';
import { staleTypesMessage } from './schema-types';

export function schemaTypesCheck(): Plugin {
  return {
    name: 'ride:schema-types-check',
    apply: 'build',
    async buildStart() {
      const stale = await staleTypesMessage();
      if (stale) this.error(stale);
    },
  };
}
