// A tab's key is what the address keeps, so two tabs of one block cannot share it.

import type { TabsBlock } from '../../schema/types';
import type { DefinitionProblem } from '../../schema/validate';

export function tabsProblems(block: TabsBlock, base: string): DefinitionProblem[] {
  const seen = new Set<string>();
  return block.tabs.flatMap((tab, index) => {
    if (!seen.has(tab.key)) {
      seen.add(tab.key);
      return [];
    }
    return [
      {
        path: `${base}/tabs/${index}/key`,
        message: `another tab is keyed "${tab.key}"`,
        zh: `已有标签页使用 "${tab.key}"`,
      },
    ];
  });
}
