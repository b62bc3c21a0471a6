// Texts of the process modeler and the instance diagram (docs/workflow.md), in both languages.
import { useTranslation } from '../../../runtime/i18n/texts';

const texts = {
  process: { zh: '流程', en: 'Process' },
  drawing: { zh: '流程图', en: 'Process diagram' },
  processKey: { zh: '流程标识', en: 'Process key' },
  processKeyRule: {
    zh: '以字母开头, 由字母、数字、_ 或 - 组成',
    en: 'A letter first, then letters, digits, _ or -',
  },
  processName: { zh: '流程名称', en: 'Process name' },
  name: { zh: '名称', en: 'Name' },
  englishName: { zh: '英文名称', en: 'English name' },
  formKey: { zh: '表单', en: 'Form' },
  formKeyHint: { zh: '页面定义, 如 work/todo', en: 'A page definition, e.g. work/todo' },
  assignee: { zh: '办理人', en: 'Assignee' },
  // The engine's expressions are written ${…}: these are texts, not templates.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: an expression of the engine, shown as typed
  assigneeHint: { zh: '用户编号或 ${变量}', en: 'A user id or ${variable}' },
  candidateGroups: { zh: '候选角色', en: 'Candidate roles' },
  candidateGroupsHint: { zh: '角色别名, 逗号分隔', en: 'Role aliases, comma separated' },
  condition: { zh: '条件', en: 'Condition' },
  // biome-ignore lint/suspicious/noTemplateCurlyInString: an expression of the engine, shown as typed
  conditionHint: { zh: '如 ${days > 3}', en: 'e.g. ${days > 3}' },
  defaultFlow: { zh: '默认出口', en: 'Default path' },
  selected: { zh: '所选元素', en: 'Selected element' },
  problems: { zh: '部署前检查', en: 'Checks before deploy' },
  checking: { zh: '检查中…', en: 'Checking…' },
  noProblems: { zh: '检查通过, 保存后可部署', en: 'No problems: it may be deployed once saved' },
  importFile: { zh: '导入 BPMN 文件', en: 'Import a BPMN file' },
  importFailed: { zh: '文件不是有效的 BPMN 2.0 模型', en: 'The file is not a valid BPMN 2.0 model' },
  diagram: { zh: '流程图', en: 'Diagram' },
  passed: { zh: '已走过', en: 'Passed' },
  current: { zh: '当前步骤', en: 'Current step' },
  close: { zh: '关闭', en: 'Close' },
  loadFailed: { zh: '流程图无法显示', en: 'The diagram cannot be shown' },
} as const;

export type FlowText = keyof typeof texts;

export function useFlowText(): (key: FlowText) => string {
  const { i18n } = useTranslation();
  const lang = i18n.language?.startsWith('en') ? 'en' : 'zh';
  return (key) => texts[key][lang];
}
