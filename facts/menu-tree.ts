// The menu tree the console ships: one entry per screen of the spec, grouped as the sidebar shows them.
// `alias` of every menu is the camelCase of its code and doubles as its i18n key (route meta.i18n); `en` is its English
// name, the only one: the console's English sidebar reads it from here (src/menu/menu-names-en.ts). Buttons are category-2 children named `<leaf>_<verb>`.

/** BladeX `action`: where a button shows (1 toolbar, 2 row, 3 both). */
export type ButtonPlace = 1 | 2 | 3;

export interface ButtonSeed {
  code: string;
  name: string;
  en: string;
  action: ButtonPlace;
}

export interface MenuSeed {
  code: string;
  name: string;
  en: string;
  path: string;
  /** antd icon component name; stored beside its element-ui class (menu-icons.ts). */
  source: string;
  buttons?: ButtonSeed[];
  children?: MenuSeed[];
}

const button = (code: string, name: string, en: string, action: ButtonPlace): ButtonSeed => ({
  code,
  name,
  en,
  action,
});

/** The four standard buttons of a list screen (add, edit, delete, view). */
const crudButtons = (code: string): ButtonSeed[] => [
  button(`${code}_add`, '新增', 'Add', 1),
  button(`${code}_edit`, '修改', 'Edit', 2),
  button(`${code}_delete`, '删除', 'Delete', 3),
  button(`${code}_view`, '查看', 'View', 2),
];

const viewButton = (code: string): ButtonSeed[] => [button(`${code}_view`, '查看', 'View', 2)];

/** A list screen with add/edit/delete/view and any action buttons. */
const crud = (code: string, name: string, en: string, path: string, source: string, extra: ButtonSeed[] = []) => ({
  code,
  name,
  en,
  path,
  source,
  buttons: [...crudButtons(code), ...extra],
});

/** A read-only screen (records written by the business, not by hand). */
const readOnly = (code: string, name: string, en: string, path: string, source: string, extra: ButtonSeed[] = []) => ({
  code,
  name,
  en,
  path,
  source,
  buttons: [...viewButton(code), ...extra],
});

const group = (code: string, name: string, en: string, path: string, source: string, children: MenuSeed[]) => ({
  code,
  name,
  en,
  path,
  source,
  children,
});

export const MENU_TREE: MenuSeed[] = [
  group('business', '业务管理', 'Business', '/business', 'AppstoreOutlined', [
    group('site_equipment', '站点设备', 'Sites & equipment', '/business/site-equipment', 'ShopOutlined', [
      crud('site', '站点管理', 'Sites', '/business/site', 'EnvironmentOutlined'),
      crud('equ', '设备管理', 'Equipment', '/business/equ', 'LockOutlined', [
        button('equ_unlock', '开锁', 'Unlock', 2),
        button('equ_enable', '启用', 'Enable', 2),
        button('equ_sublock', '子锁', 'Sub-locks', 2),
        button('equ_price', '设置价格方案', 'Set price plan', 2),
      ]),
      crud('price', '价格管理', 'Prices', '/business/price', 'MoneyCollectOutlined'),
      crud('type', '类型管理', 'Types', '/business/type', 'TagsOutlined'),
      crud('company', '公司管理', 'Companies', '/business/company', 'BankOutlined'),
      crud('bed', '陪护床管理', 'Companion beds', '/business/bed', 'MedicineBoxOutlined'),
      crud('room', '病房管理', 'Rooms', '/business/room', 'HomeOutlined'),
      crud('schedule', '排班管理', 'Schedules', '/business/schedule', 'ScheduleOutlined'),
    ]),
    group('trade', '订单财务', 'Orders & finance', '/business/trade', 'AccountBookOutlined', [
      readOnly('order', '订单管理', 'Orders', '/business/order', 'ProfileOutlined', [
        button('order_finish', '结束订单', 'Finish order', 2),
      ]),
      readOnly('refund', '退款记录', 'Refunds', '/business/refund', 'RollbackOutlined', [
        button('refund_launch', '发起退款', 'Launch refund', 1),
        button('refund_sync', '查询结果', 'Ask the provider', 2),
      ]),
      readOnly('records', '分账记录', 'Split-payment records', '/business/records', 'BranchesOutlined', [
        button('records_launch', '发起分账', 'Launch split payment', 1),
      ]),
      readOnly('recharge', '充值记录', 'Recharges', '/business/recharge', 'PayCircleOutlined'),
      readOnly('withdrawal', '提现管理', 'Withdrawals', '/business/withdrawal', 'TransactionOutlined', [
        button('withdrawal_pass', '审核通过', 'Approve', 2),
        button('withdrawal_reject', '驳回', 'Reject', 2),
      ]),
      readOnly('wallet', '钱包管理', 'Wallets', '/business/wallet', 'WalletOutlined', [
        button('wallet_reconcile', '对账', 'Reconcile', 1),
      ]),
      readOnly('transfers', '转账记录', 'Transfers', '/business/transfers', 'SwapOutlined', [
        button('transfers_launch', '发起转账', 'Launch transfer', 1),
      ]),
      readOnly('approval', '付款审批', 'Payout approvals', '/business/approval', 'AuditOutlined', [
        button('approval_approve', '审批通过', 'Approve', 2),
        button('approval_reject', '审批驳回', 'Reject', 2),
      ]),
      readOnly('bill', '对账差异', 'Bill differences', '/business/bill', 'ReconciliationOutlined', [
        button('bill_handle', '标记已处理', 'Mark handled', 2),
        button('bill_reconcile', '立即对账', 'Reconcile a day', 1),
      ]),
      readOnly('goods_order', '商品订单', 'Goods orders', '/business/goods-order', 'ShoppingCartOutlined'),
      crud('payee', '收款方管理', 'Payees', '/business/payee', 'DollarOutlined'),
      crud('receiver', '分账接收方', 'Split receivers', '/business/receiver', 'InteractionOutlined'),
      crud('setter', '分账设置', 'Split settings', '/business/setter', 'ControlOutlined'),
    ]),
    group('marketing', '营销内容', 'Marketing', '/business/marketing', 'GiftOutlined', [
      crud('coupon', '优惠券管理', 'Coupons', '/business/coupon', 'TagOutlined'),
      crud('activity', '活动管理', 'Activities', '/business/activity', 'FireOutlined'),
      crud('goods', '商品管理', 'Goods', '/business/goods', 'ShoppingOutlined'),
      crud('banner', '轮播图管理', 'Banners', '/business/banner', 'PictureOutlined'),
      crud('tip', '提示管理', 'Tips', '/business/tip', 'BulbOutlined'),
      crud('problem', '问题管理', 'Problems', '/business/problem', 'QuestionCircleOutlined'),
      crud('normal', '常见问题', 'Common questions', '/business/normal', 'CommentOutlined'),
    ]),
    group('customer_group', '客户运营', 'Customers & operators', '/business/people', 'TeamOutlined', [
      readOnly('customer', '客户管理', 'Customers', '/business/customer', 'SolutionOutlined'),
      readOnly('app_user', '小程序用户', 'App users', '/business/app-user', 'MobileOutlined'),
      crud('app', '应用管理', 'Apps', '/business/app', 'AppstoreAddOutlined'),
      crud('oper', '运营商管理', 'Operators', '/business/oper', 'IdcardOutlined'),
    ]),
  ]),
  group('mp', '公众号', 'Official account', '/mp', 'WechatOutlined', [
    crud('wxaccount', '公众号管理', 'Accounts', '/mp/wxaccount', 'WechatWorkOutlined', [
      button('wxaccount_qr', '生成二维码', 'QR code', 2),
      button('wxaccount_statistics', '数据统计', 'Statistics', 1),
    ]),
    readOnly('wxaccountfans', '粉丝管理', 'Fans', '/mp/wxaccountfans', 'UsergroupAddOutlined', [
      button('wxaccountfans_sync', '同步粉丝', 'Sync fans', 1),
    ]),
    crud('wxfansmsg', '粉丝消息', 'Fan messages', '/mp/wxfansmsg', 'MessageOutlined', [
      button('wxfansmsg_reply', '回复', 'Reply', 2),
    ]),
    crud('wxmaterial', '素材管理', 'Materials', '/mp/wxmaterial', 'PaperClipOutlined', [
      button('wxmaterial_publish', '发布', 'Publish', 2),
    ]),
    crud('wxautoreply', '自动回复', 'Auto-replies', '/mp/wxautoreply', 'RobotOutlined'),
    readOnly('wxmenu', '公众号菜单', 'Account menu', '/mp/wxmenu', 'MenuOutlined', [
      button('wxmenu_save', '保存', 'Save', 1),
      button('wxmenu_publish', '发布', 'Publish', 1),
    ]),
  ]),
  group('report', '统计报表', 'Reports', '/report', 'BarChartOutlined', [
    readOnly('hos_report', '医院报表', 'Hospital report', '/report/hos', 'ReconciliationOutlined'),
  ]),
  group('work', '工作流', 'Workflow', '/work', 'DeploymentUnitOutlined', [
    readOnly('work_start', '发起事务', 'Start', '/work/start', 'PlayCircleOutlined', [
      button('work_start_launch', '发起', 'Launch', 2),
    ]),
    readOnly('work_claim', '待签事务', 'To claim', '/work/claim', 'AuditOutlined', [
      button('task_claim', '签收', 'Claim', 2),
    ]),
    readOnly('work_todo', '待办事务', 'To do', '/work/todo', 'CarryOutOutlined', [
      button('task_complete', '办理', 'Complete', 2),
    ]),
    readOnly('work_send', '已发事务', 'Sent', '/work/send', 'SendOutlined'),
    readOnly('work_done', '办结事务', 'Done', '/work/done', 'CheckCircleOutlined'),
    // Managing processes (docs/workflow.md): BladeX's menu codes and paths, which are also the buttons its
    // management calls check; administrators only (organisation.ts withholds them from the operator).
    readOnly('flow_model', '模型管理', 'Process models', '/flow/model', 'BranchesOutlined'),
    readOnly('flow_deploy', '部署管理', 'Deployments', '/flow/deploy', 'CloudServerOutlined'),
    readOnly('flow_follow', '流程跟踪', 'Process tracking', '/flow/follow', 'ScheduleOutlined'),
  ]),
  group('desk', '工作台', 'Desk', '/desk', 'NotificationOutlined', [
    crud('notice', '通知公告', 'Notices', '/desk/notice', 'NotificationOutlined'),
  ]),
  group('system', '系统管理', 'System', '/system', 'SettingOutlined', [
    crud('user', '用户管理', 'Users', '/system/user', 'UserOutlined', [
      button('user_role', '角色配置', 'Grant roles', 1),
      button('user_reset', '密码重置', 'Reset password', 1),
      button('user_platform', '平台配置', 'Platform settings', 2),
      button('user_unlock', '账号解封', 'Unlock account', 1),
    ]),
    crud('dept', '机构管理', 'Departments', '/system/dept', 'ApartmentOutlined'),
    crud('post', '岗位管理', 'Posts', '/system/post', 'ContactsOutlined'),
    crud('dict', '系统字典', 'Dictionaries', '/system/dict', 'BookOutlined'),
    crud('dictbiz', '业务字典', 'Business dictionaries', '/system/dictbiz', 'ContainerOutlined'),
    crud('menu', '菜单管理', 'Menus', '/system/menu', 'MenuOutlined'),
    crud('topmenu', '顶部菜单', 'Top menus', '/system/topmenu', 'LayoutOutlined', [
      button('topmenu_setting', '菜单配置', 'Menu settings', 2),
    ]),
    crud('param', '参数管理', 'Parameters', '/system/param', 'ControlOutlined'),
    crud('client', '客户端管理', 'Clients', '/system/client', 'KeyOutlined'),
    // BladeX keeps the region screen at /base/region, under 系统管理 all the same.
    crud('region', '行政区划', 'Regions', '/base/region', 'GlobalOutlined'),
    // Analysts change the generated screens here (docs/studio.md): read, save drafts, publish.
    readOnly('studio', '页面工作室', 'Page studio', '/system/studio', 'LayoutOutlined', [
      button('studio_edit', '编辑草稿', 'Edit drafts', 1),
      button('studio_publish', '发布', 'Publish', 1),
    ]),
  ]),
  group('authority', '权限管理', 'Authority', '/authority', 'SafetyOutlined', [
    crud('role', '角色管理', 'Roles', '/authority/role', 'TeamOutlined', [
      button('role_grant', '权限设置', 'Grant permissions', 1),
    ]),
    crud('datascope', '数据权限', 'Data scopes', '/authority/datascope', 'DatabaseOutlined', [
      button('data_scope_setting', '权限配置', 'Scope settings', 2),
    ]),
    crud('apiscope', '接口权限', 'API scopes', '/authority/apiscope', 'ApiOutlined', [
      button('api_scope_setting', '权限配置', 'Scope settings', 2),
    ]),
  ]),
  group('resource', '资源管理', 'Resources', '/resource', 'CloudOutlined', [
    crud('oss', '对象存储', 'Object storage', '/resource/oss', 'CloudServerOutlined', [
      button('oss_enable', '启用', 'Enable', 2),
    ]),
    crud('sms', '短信配置', 'SMS', '/resource/sms', 'CommentOutlined', [
      button('sms_enable', '启用', 'Enable', 2),
      button('sms_send', '发送短信', 'Send message', 2),
    ]),
    {
      code: 'attach',
      name: '附件管理',
      en: 'Attachments',
      path: '/resource/attach',
      source: 'PaperClipOutlined',
      // Files are uploaded, downloaded, viewed and deleted, never edited: BladeX's attachment button codes.
      buttons: [
        button('attach_upload', '上传', 'Upload', 1),
        button('attach_download', '下载', 'Download', 2),
        button('attach_delete', '删除', 'Delete', 3),
        button('attach_view', '查看', 'View', 2),
      ],
    },
  ]),
  group('monitor', '系统监控', 'Monitor', '/monitor', 'MonitorOutlined', [
    group('log', '日志管理', 'Logs', '/monitor/log', 'FileTextOutlined', [
      readOnly('log_usual', '通用日志', 'Usual logs', '/monitor/log/usual', 'FileTextOutlined'),
      readOnly('log_api', '接口日志', 'API logs', '/monitor/log/api', 'ApiOutlined'),
      readOnly('log_error', '错误日志', 'Error logs', '/monitor/log/error', 'BugOutlined'),
      // Every change of a control, append-only (docs/audit.md); administrators only.
      readOnly('log_audit', '审计日志', 'Audit trail', '/monitor/log/audit', 'AuditOutlined'),
    ]),
  ]),
];

/** The two top menus (header tabs) the seed creates, each showing these top-level groups. */
export const TOP_MENUS = [
  {
    code: 'operation',
    name: '业务运营',
    en: 'Operations',
    source: 'AppstoreOutlined',
    sort: 1,
    groups: ['business', 'mp', 'report', 'work'],
  },
  {
    code: 'administration',
    name: '系统运维',
    en: 'Administration',
    source: 'SettingOutlined',
    sort: 2,
    groups: ['desk', 'system', 'authority', 'resource', 'monitor'],
  },
];

/** camelCase of a code: the menu's alias and i18n key. */
/** Every menu by its code, for what the server names after a screen (API log titles, drafted pages). */
export function menusByCode(): Map<string, MenuSeed> {
  const menus = new Map<string, MenuSeed>();
  const walk = (level: MenuSeed[]) => {
    for (const menu of level) {
      menus.set(menu.code, menu);
      walk(menu.children ?? []);
    }
  };
  walk(MENU_TREE);
  return menus;
}

export const aliasOf = (code: string): string => code.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
