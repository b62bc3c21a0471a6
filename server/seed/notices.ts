// Demo notices, so the shell's notice popover and the notice list have content on a demo install.
import type { Kysely } from 'kysely';
import { nextId } from '../platform/db/ids.js';
import type { Database } from '../platform/db/schema.js';
import { formatDateTime } from '../platform/db/time.js';

const DEMO_NOTICES = [
  {
    title: '儿童医院站点新增20台陪护床',
    category: 1,
    content: '即日起儿童医院站点新增20台陪护床,请运营人员及时巡检。',
  },
  {
    title: '关于调整推车租赁价格的通知',
    category: 6,
    content: '万达广场站点推车租赁价格自下月起调整,请更新价格配置。',
  },
  { title: '国庆期间客服值班安排', category: 4, content: '国庆期间客服热线正常值班,退款申请请在24小时内处理。' },
  { title: '设备锁固件升级提醒', category: 2, content: '部分NB-IoT锁将于本周末升级固件,升级期间可能无法开锁。' },
  { title: '新运营主管任命', category: 5, content: '经公司研究决定,任命新的华东区运营主管。' },
  { title: '转发:支付平台结算周期调整', category: 3, content: '支付平台分账结算周期调整为T+1。' },
];

/** Adds the demo notices, each `count` times (released one hour apart, newest first). */
export async function addDemoNotices(db: Kysely<Database>, count = 1): Promise<number> {
  const rows = Array.from({ length: count }, (_, round) =>
    DEMO_NOTICES.map((notice, index) => {
      const time = formatDateTime(new Date(Date.now() - (round * DEMO_NOTICES.length + index) * 3600_000));
      return { id: nextId(), ...notice, releaseTime: time, createTime: time };
    }),
  ).flat();
  for (let start = 0; start < rows.length; start += 200) {
    await db
      .insertInto('blade_notice')
      .values(rows.slice(start, start + 200))
      .execute();
  }
  return rows.length;
}
