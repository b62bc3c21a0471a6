// Texts of the page studio (docs/studio.md), in both languages.
import { useTranslation } from '../../../runtime/i18n/texts';

const texts = {
  pages: { zh: '页面', en: 'Pages' },
  search: { zh: '搜索页面', en: 'Search pages' },
  state: { zh: '状态', en: 'State' },
  baseline: { zh: '内置', en: 'Baseline' },
  changed: { zh: '已修改', en: 'Changed' },
  draft: { zh: '草稿待发布', en: 'Draft pending' },
  baselineChanged: { zh: '内置文件已更新', en: 'Baseline updated' },
  baselineChangedNote: {
    zh: '此页面被修改后,内置文件又有了变化。请对照三个版本,决定保留哪些修改。',
    en: 'The shipped file changed after this page was overridden. Compare the three versions and decide what to keep.',
  },
  oldBaseline: { zh: '修改时的内置文件', en: 'Baseline when overridden' },
  newBaseline: { zh: '当前内置文件', en: 'Baseline now' },
  current: { zh: '当前发布版本', en: 'Published version' },
  edit: { zh: '编辑', en: 'Edit' },
  history: { zh: '历史', en: 'History' },
  three: { zh: '三方对照', en: 'Three versions' },
  json: { zh: 'JSON', en: 'JSON' },
  columns: { zh: '列', en: 'Columns' },
  preview: { zh: '预览', en: 'Preview' },
  previewNote: {
    zh: '预览读取真实数据;按钮只说明会调用的接口,不会真正调用。',
    en: 'The preview reads real data; buttons say which call they would make, and make none.',
  },
  draftAccess: {
    zh: '此页面的数据按菜单「{{screen}}」授权',
    en: 'This page\'s data is granted with the menu "{{screen}}"',
  },
  draftAccessHow: {
    zh: '发布并为页面添加菜单后, 请在 角色管理 → 权限设置 中为使用它的角色同时授予「{{screen}}」, 否则列表为空并提示缺少访问权限。',
    en: 'Once it is published with a menu of its own, grant "{{screen}}" too (Roles → Grant permissions) to every role that uses it, or its table stays empty with "You may not do this".',
  },
  wouldCall: { zh: '预览中不调用服务: 此操作会调用 {{call}}', en: 'Preview only: this would call {{call}}' },
  brokenJson: {
    zh: 'JSON 格式有误,预览显示上次正确的内容',
    en: 'The JSON is broken; the preview shows the last valid one',
  },
  saveDraft: { zh: '保存草稿', en: 'Save draft' },
  saved: { zh: '草稿已保存', en: 'Draft saved' },
  publish: { zh: '发布', en: 'Publish' },
  published: { zh: '已发布第 {{version}} 版', en: 'Version {{version}} published' },
  comment: { zh: '发布说明', en: 'Comment' },
  commentRequired: { zh: '请输入发布说明', en: 'Please enter a comment' },
  rollback: { zh: '回滚到此版本', en: 'Roll back to this version' },
  rolledBack: { zh: '已回滚,成为第 {{version}} 版', en: 'Rolled back as version {{version}}' },
  revert: { zh: '恢复内置', en: 'Revert to baseline' },
  revertConfirm: {
    zh: '恢复为内置文件?当前发布的修改会保留在历史中。',
    en: 'Put the shipped file back? The published change stays in the history.',
  },
  reverted: { zh: '已恢复为内置文件', en: 'The shipped file is back' },
  download: { zh: '下载', en: 'Download' },
  version: { zh: '版本', en: 'Version' },
  author: { zh: '作者', en: 'Author' },
  time: { zh: '时间', en: 'Time' },
  baselineVersion: { zh: '内置文件', en: 'Shipped file' },
  undrawable: { zh: '无法显示', en: 'Cannot be drawn' },
  undrawableByServer: {
    zh: '未通过检查,控制台显示它之前的版本: {{path}} {{problem}}',
    en: 'Fails the checks; consoles draw the version before it: {{path}} {{problem}}',
  },
  undrawableByConsole: {
    zh: '控制台无法显示,改为显示它之前的版本: {{path}} {{problem}}',
    en: 'A console could not draw it and drew the version before it: {{path}} {{problem}}',
  },
  draftVersion: { zh: '草稿', en: 'Draft' },
  compare: { zh: '对比', en: 'Compare' },
  from: { zh: '从', en: 'From' },
  to: { zh: '到', en: 'To' },
  noChange: { zh: '两个版本相同', en: 'The two versions are the same' },
  newPage: { zh: '按服务资源起草页面', en: 'Draft a page from a resource' },
  hasScreen: { zh: '已有页面', en: 'has a screen' },
  problems: { zh: '发布被拒绝', en: 'Publishing was refused' },
  checksPassed: { zh: '检查未发现问题', en: 'The checks found no problem' },
  field: { zh: '字段', en: 'Field' },
  labelZh: { zh: '中文名', en: 'Chinese label' },
  labelEn: { zh: '英文名', en: 'English label' },
  order: { zh: '顺序', en: 'Order' },
  width: { zh: '宽度', en: 'Width' },
  hidden: { zh: '隐藏', en: 'Hidden' },
  searchable: { zh: '可搜索', en: 'Searchable' },
  format: { zh: '格式', en: 'Format' },
  up: { zh: '上移', en: 'Up' },
  down: { zh: '下移', en: 'Down' },
  noList: { zh: '此页面没有列表', en: 'This page has no list' },
  pick: { zh: '请从左侧选择页面', en: 'Pick a page on the left' },
} as const;

export type StudioText = keyof typeof texts;

export function useStudioText(): (key: StudioText, values?: Record<string, string | number>) => string {
  const { i18n } = useTranslation();
  const lang = i18n.language?.startsWith('en') ? 'en' : 'zh';
  return (key, values = {}) =>
    Object.entries(values).reduce(
      (text, [name, value]) => text.replace(`{{${name}}}`, String(value)),
      texts[key][lang] as string,
    );
}

export function useStudioLang(): 'zh' | 'en' {
  const { i18n } = useTranslation();
  return i18n.language?.startsWith('en') ? 'en' : 'zh';
}
