// Every block of a page with its JSON path, nested ones included: the blocks of each tab and the lists of a view.
import type { Block, ViewSection } from '../schema/types';

export interface PlacedBlock {
  block: Block;
  path: string;
}

function sectionLists(sections: ViewSection[] | undefined, base: string): PlacedBlock[] {
  return (sections ?? []).flatMap((section, index) =>
    section.list ? eachBlock([section.list], `${base}/${index}`, 'list') : [],
  );
}

/** `name` replaces the index in the path of a block that is a property rather than an array item (a section's list). */
export function eachBlock(blocks: Block[], base: string, name?: string): PlacedBlock[] {
  return blocks.flatMap((block, index) => {
    const path = `${base}/${name ?? index}`;
    const nested =
      block.type === 'tabs'
        ? block.tabs.flatMap((tab, t) => eachBlock(tab.blocks, `${path}/tabs/${t}/blocks`))
        : block.type === 'view'
          ? sectionLists(block.sections, `${path}/sections`)
          : block.type === 'list'
            ? sectionLists(block.view?.sections, `${path}/view/sections`)
            : [];
    return [{ block, path }, ...nested];
  });
}
