// Notices of the desk (/desk/notice): written by staff, so the caller's data scope limits them.
import { defineResource } from '../../platform/engine/define.js';

export const notices = defineResource({
  table: 'blade_notice',
  prefix: '/blade-desk/notice',
  menu: 'notice',
  title: '通知公告',
  dataScope: true,
  defaultOrder: [['releaseTime', 'desc']],
  fields: {
    title: { type: 'text', label: '标题', en: 'Title', required: '请输入标题', maxLength: 255 },
    // Dictionary `notice`: 1 发布通知 … 6 事务通知.
    category: { type: 'integer', label: '类型', en: 'Type', required: '请选择类型', enum: [1, 2, 3, 4, 5, 6] },
    releaseTime: { type: 'datetime', label: '通知时间', en: 'Date' },
    content: { type: 'text', label: '内容', en: 'Content', maxLength: 100000, richText: true },
  },
});
