// Titled tabs, each a column of blocks. A tab's blocks load when it is first chosen; a tab whose permission the person
// lacks is not offered.
import { Flex, Tabs } from 'antd';
import { Fragment, type ReactNode, useState } from 'react';
import { useLabel } from '../../i18n/label';
import { usePermissionSet } from '../../permissions';
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
  const allowed = usePermissionSet();
  const tabs = block.tabs.filter((tab) => tab.permission === undefined || allowed(tab.permission));
  const param = block.param ?? 'tab';
  const [chosen, setActive] = useState(() => tabInAddress(param));
  const active = tabs.some((tab) => tab.key === chosen) ? (chosen as string) : tabs[0]?.key;
  if (!active) return null;
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => {
        setActive(key);
        keepTabInAddress(param, key);
      }}
      items={tabs.map((tab) => ({
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
