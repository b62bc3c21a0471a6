// The notices of the popover, newest first, each with its release time.

import { useTranslation } from '@ride-console/runtime/shell';
import { Empty, List } from 'antd';
import type { Notice } from './NoticePopover';

export default function NoticeList({ notices }: { notices: Notice[] }) {
  const { t } = useTranslation('shell');
  return (
    <List
      dataSource={notices}
      locale={{ emptyText: <Empty description={t('notice.empty')} /> }}
      renderItem={(notice) => (
        <List.Item>
          <List.Item.Meta title={notice.title} description={notice.releaseTime || notice.createTime} />
        </List.Item>
      )}
    />
  );
}
