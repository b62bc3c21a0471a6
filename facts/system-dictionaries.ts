// The system dictionaries of the BladeX contract §6, exactly as BladeX seeds them (`flow` lives in dictionaries/).
export interface DictionarySeed {
  code: string;
  name: string;
  en?: string;
  remark?: string;
  items: { key: string; value: string; en: string; remark?: string }[];
}

/** `[key, Chinese, English]`: BladeX seeds the Chinese; the English is shown on the console's English screen. */
const items = (...triples: [string, string, string][]) => triples.map(([key, value, en]) => ({ key, value, en }));

export const SYSTEM_DICTIONARIES: DictionarySeed[] = [
  { code: 'sex', name: '性别', items: items(['1', '男', 'Male'], ['2', '女', 'Female']) },
  {
    code: 'notice',
    name: '通知类型',
    items: items(
      ['1', '发布通知', 'Announcement'],
      ['2', '批转通知', 'Approved and forwarded'],
      ['3', '转发通知', 'Forwarded'],
      ['4', '指示通知', 'Instruction'],
      ['5', '任免通知', 'Appointment'],
      ['6', '事务通知', 'Business'],
    ),
  },
  { code: 'menu_category', name: '菜单类型', items: items(['1', '菜单', 'Menu'], ['2', '按钮', 'Button']) },
  {
    code: 'button_func',
    name: '按钮功能',
    items: items(['1', '工具栏', 'Toolbar'], ['2', '操作栏', 'Row'], ['3', '工具操作栏', 'Toolbar and row']),
  },
  { code: 'yes_no', name: '是否', items: items(['1', '否', 'No'], ['2', '是', 'Yes']) },
  {
    code: 'org_category',
    name: '机构类型',
    items: items(['1', '公司', 'Company'], ['2', '部门', 'Department'], ['3', '小组', 'Team']),
  },
  {
    code: 'data_scope_type',
    name: '数据权限',
    items: items(
      ['1', '全部可见', 'Everything'],
      ['2', '本人可见', 'Own only'],
      ['3', '所在机构可见', 'Own department'],
      ['4', '所在机构及子级可见', 'Own department and below'],
      ['5', '自定义', 'Custom'],
    ),
  },
  {
    code: 'api_scope_type',
    name: '接口权限',
    items: items(['1', '系统接口', 'System API'], ['2', '业务接口', 'Business API']),
  },
  {
    code: 'oss',
    name: '对象存储',
    items: items(
      ['1', 'minio', 'MinIO'],
      ['2', '七牛云', 'Qiniu'],
      ['3', '阿里云', 'Alibaba Cloud'],
      ['4', '腾讯云', 'Tencent Cloud'],
    ),
  },
  {
    code: 'sms',
    name: '短信服务',
    items: items(
      ['1', '云片', 'Yunpian'],
      ['2', '七牛云', 'Qiniu'],
      ['3', '阿里云', 'Alibaba Cloud'],
      ['4', '腾讯云', 'Tencent Cloud'],
    ),
  },
  {
    code: 'post_category',
    name: '岗位类型',
    items: items(['1', '高层', 'Senior'], ['2', '中层', 'Middle'], ['3', '基层', 'Junior'], ['4', '其他', 'Other']),
  },
  {
    code: 'region',
    name: '行政区划',
    items: items(
      ['0', '国家', 'Country'],
      ['1', '省份/直辖市', 'Province / municipality'],
      ['2', '地市', 'City'],
      ['3', '区县', 'District / county'],
      ['4', '乡镇', 'Township'],
      ['5', '村委', 'Village'],
    ),
  },
  {
    code: 'user_type',
    name: '用户平台',
    items: items(['1', 'WEB', 'WEB'], ['2', 'APP', 'APP'], ['3', 'OTHER', 'OTHER']),
  },
];
