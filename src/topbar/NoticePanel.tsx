// The popover's notices under their one tab, newest first, each with its release time. Loaded when the popover first
// opens: the tabs component is not paid for by every screen (src/tags/README.md).

import { useTranslation } from '@ride-console/runtime/shell';
import { Empty, List, Spin, Tabs } from 'antd';
import type { UIEvent } from 'react';
import type { Notice } from './NoticePopover';

interface NoticePanelProps {
  notices: Notice[];
  total: number;
  loading: boolean;
  onScroll: (event: UIEvent<HTMLDivElement>) => void;
}

export default function NoticePanel({ notices, total, loading, onScroll }: NoticePanelProps) {
  const { t } = useTranslation('shell');
  const list = (
    <div className="notice-scroll" style={{ height: 300, overflowY: 'auto' }} onScroll={onScroll}>
      <List
        dataSource={notices}
        locale={{ emptyText: <Empty description={t('notice.empty')} /> }}
        renderItem={(notice) => (
          <List.Item>
            <List.Item.Meta title={notice.title} description={notice.releaseTime || notice.createTime} />
          </List.Item>
        )}
      />
      {loading ? <Spin style={{ display: 'block', margin: '8px auto' }} /> : null}
    </div>
  );
  return (
    <Tabs
      centered
      defaultActiveKey="notice"
      items={[{ key: 'notice', label: `${t('notice.notice')} (${total})`, children: list }]}
    />
  );
}
