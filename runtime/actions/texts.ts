// Texts of the action dialogs (answer, Excel import), in both languages; `{{name}}` is filled in by the caller.
import type { Label } from '../schema/types';

export const actionTexts = {
  close: { zh: '关闭', en: 'Close' },
  importHint: { zh: '点击或将 .xlsx 文件拖到此处', en: 'Click or drag an .xlsx file here' },
  importTemplate: { zh: '下载模板', en: 'Download the template' },
  importTemplateName: { zh: '{{title}}导入模板', en: '{{title}} import template' },
  importSummary: {
    zh: '共 {{total}} 行, 可导入 {{valid}} 行, 有错误 {{invalid}} 行 (有错误的行不会导入)',
    en: '{{total}} rows: {{valid}} can be imported, {{invalid}} have errors (rows with errors are not imported)',
  },
  importSubmit: { zh: '导入 {{valid}} 行', en: 'Import {{valid}} rows' },
  importProgress: { zh: '正在导入 {{done}}/{{total}}', en: 'Importing {{done}}/{{total}}' },
  importDone: {
    zh: '导入完成: 成功 {{saved}} 行, 失败 {{failed}} 行',
    en: 'Import finished: {{saved}} rows saved, {{failed}} refused',
  },
  importRow: { zh: '行号', en: 'Row' },
  importErrors: { zh: '错误', en: 'Errors' },
  importEmpty: { zh: '文件中没有数据行', en: 'The file has no data rows' },
  importUnreadable: {
    zh: '无法读取该文件, 请上传 .xlsx 格式的 Excel 文件',
    en: 'The file cannot be read; upload an .xlsx Excel file',
  },
  importRequired: { zh: '{{field}}不能为空', en: '{{field}} is required' },
  importNumber: { zh: '{{field}}应为数字', en: '{{field}} must be a number' },
  importInteger: { zh: '{{field}}应为整数', en: '{{field}} must be a whole number' },
  importDictionary: { zh: '{{field}}没有选项“{{value}}”', en: '{{field}} has no option "{{value}}"' },
  importRefused: { zh: '服务器拒绝: {{msg}}', en: 'Refused by the server: {{msg}}' },
  importWholeRefused: {
    zh: '有 {{invalid}} 行被服务器拒绝, 本次未导入任何数据',
    en: 'The server refused {{invalid}} rows; nothing was imported',
  },
} satisfies Record<string, Label>;
