// Titled tabs, each a column of blocks. A tab's blocks load when it is first chosen.
import { Flex, Tabs } from 'antd';
import { Fragment, type ReactNode, useState } from 'react';
import { useLabel } from '../../i18n/label';
import type { Block, TabsBlock as TabsSpec } from '../../schema/types';
import { keepTabInAddress, tabInAddress } from './address';

export interface TabsBlockProps {
  block: TabsSpec;
  id: string;
  /** Draws one block of a tab (the page's own block dispatch). */
  renderBlock: (block: Block, id: string) => ReactNode;
}

export function TabsBlock({ block, id, renderBlock }: TabsBlockProps) {
  const label = useLabel();
  const param = block.param ?? 'tab';
  const [active, setActive] = useState(() => {
    const kept = tabInAddress(param);
    return block.tabs.some((tab) => tab.key === kept) ? (kept as string) : block.tabs[0].key;
  });
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => {
        setActive(key);
        keepTabInAddress(param, key);
      }}
      items={block.tabs.map((tab) => ({
        key: tab.key,
        label: label(tab.title),
        children: (
          <Flex vertical gap="middle">
            {tab.blocks.map((child, index) => (
              <Fragment key={`${child.type}-${index}`}>{renderBlock(child, `${id}#${tab.key}-${index}`)}</Fragment>
            ))}
          </Flex>
        ),
      }))}
    />
  );
}
