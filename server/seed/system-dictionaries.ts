// The system dictionaries of the BladeX contract §6, exactly as BladeX seeds them (`flow` lives in dictionaries/).
export interface DictionarySeed {
  code: string;
  name: string;
  remark?: string;
  items: { key: string; value: string; remark?: string }[];
}

const items = (...pairs: [string, string][]) => pairs.map(([key, value]) => ({ key, value }));

export const SYSTEM_DICTIONARIES: DictionarySeed[] = [
  { code: 'sex', name: '性别', items: items(['1', '男'], ['2', '女']) },
  {
    code: 'notice',
    name: '通知类型',
    items: items(
      ['1', '发布通知'],
      ['2', '批转通知'],
      ['3', '转发通知'],
      ['4', '指示通知'],
      ['5', '任免通知'],
      ['6', '事务通知'],
    ),
  },
  { code: 'menu_category', name: '菜单类型', items: items(['1', '菜单'], ['2', '按钮']) },
  { code: 'button_func', name: '按钮功能', items: items(['1', '工具栏'], ['2', '操作栏'], ['3', '工具操作栏']) },
  { code: 'yes_no', name: '是否', items: items(['1', '否'], ['2', '是']) },
  { code: 'org_category', name: '机构类型', items: items(['1', '公司'], ['2', '部门'], ['3', '小组']) },
  {
    code: 'data_scope_type',
    name: '数据权限',
    items: items(
      ['1', '全部可见'],
      ['2', '本人可见'],
      ['3', '所在机构可见'],
      ['4', '所在机构及子级可见'],
      ['5', '自定义'],
    ),
  },
  { code: 'api_scope_type', name: '接口权限', items: items(['1', '系统接口'], ['2', '业务接口']) },
  { code: 'oss', name: '对象存储', items: items(['1', 'minio'], ['2', '七牛云'], ['3', '阿里云'], ['4', '腾讯云']) },
  { code: 'sms', name: '短信服务', items: items(['1', '云片'], ['2', '七牛云'], ['3', '阿里云'], ['4', '腾讯云']) },
  { code: 'post_category', name: '岗位类型', items: items(['1', '高层'], ['2', '中层'], ['3', '基层'], ['4', '其他']) },
  {
    code: 'region',
    name: '行政区划',
    items: items(['0', '国家'], ['1', '省份/直辖市'], ['2', '地市'], ['3', '区县'], ['4', '乡镇'], ['5', '村委']),
  },
  { code: 'user_type', name: '用户平台', items: items(['1', 'WEB'], ['2', 'APP'], ['3', 'OTHER']) },
];
