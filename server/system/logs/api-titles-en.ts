// The API log keeps each call's title as its summary in the API document, in Chinese, as BladeX clients read it; an
// English console reads it in English. A resource's own calls (list, detail, save, removal, field limits) are named
// by the English of the resource's screen; every hand-written call's title comes from the catalogue below and its
// sequel (api-titles-more-en.ts). tests/server/logs/titles.test.ts fails on a route whose title has no English.

import { menusByCode } from '../../../facts/menu-tree.js';
import { knownResources } from '../../platform/engine/known.js';
import { MORE_CALLS } from './api-titles-more-en.js';

const CALLS: Record<string, string> = {
  '获取令牌 (password, captcha, refresh_token, social, sms_code, wechat_app)': 'Sign in',
  '获取验证码 (flat {key, image, enabled})': 'Captcha',
  '退出登录 (revokes the access and refresh token)': 'Sign out',
  刷新令牌: 'Refresh token',
  '发送短信登录验证码 (先通过图形验证码)': 'Send a sign-in code by text (after the captcha)',
  '绑定手机号 (getPhoneNumber 的 code)': 'Bind the phone number (customer app)',
  当前用户信息: 'Current user',
  当前登录用户: 'Current user',
  当前用户的路由菜单: "Current user's menus",
  '当前用户的按钮 (按所属菜单分组)': "Current user's buttons",
  当前用户可见的顶部菜单: "Current user's top menus",
  修改个人信息: 'Edit own profile',
  '修改密码 (md5)': 'Change password',
  '重置密码 (参数 account.initPassword)': 'Reset password',
  '解锁账号 (登录失败锁定)': 'Unlock account',
  设置用户角色: "Set a user's roles",
  '角色授权 (替换所选角色的全部授权)': 'Grant roles',
  '角色授权树: 菜单, 数据权限, 接口权限': 'Role grant tree',
  角色已授权的主键: "A role's grants",
  今日与昨日数据: 'Dashboard: today and yesterday',
  近七日订单与收入: 'Dashboard: the last seven days',
  站点地图: 'Dashboard: site map',
  按医院与病区统计: 'Hospital report',
  报表一行背后的订单: 'Hospital report: orders of a row',
  '订单统计 (与订单列表相同的筛选条件)': 'Order figures',
  结束订单: 'Finish order',
  发起退款: 'Launch refund',
  订单的退款记录: "An order's refunds",
  订单的分账记录: "An order's split records",
  向支付平台查询退款结果并处理: 'Ask the provider about a refund',
  '重新发起失败的退款 (新的商户退款单号)': 'Send a failed refund again (a new refund number)',
  '登记失败的退款已在线下退还 (需另一人审批)': 'Record a failed refund as paid outside (a second person approves)',
  '发起转账 (商家转账到零钱)': 'Launch transfer',
  向微信支付查询转账结果并更新: 'Ask WeChat Pay about a transfer',
  审核通过并打款: 'Approve withdrawal and pay out',
  驳回提现: 'Reject withdrawal',
  '审批通过并付款 (审批人不能是申请人)': 'Approve payout',
  驳回付款申请: 'Reject payout',
  按流水重算余额并报告差异: 'Reconcile wallets',
  标记对账差异已处理: 'Mark a bill difference handled',
  立即下载该日微信支付账单并对账: "Reconcile a day against WeChat Pay's bills",
  '钱包流水 (每笔变动与变动后余额)': 'Wallet statement',
  按分账设置分账一个已结束的订单: 'Share a finished order',
  '支付平台通知 (签名校验, 重放拒绝)': 'Payment notification',
  '发起支付 (租借押金或钱包充值)': 'Launch payment',
  支付分免押租借: 'Rent without deposit (pay-score)',
  '申请退款 (自助退款, 仅本人订单)': "Customer's own refund",
  '待确认收款的提现和转账 (wx.requestMerchantTransfer 参数, 仅本人)': "Customer's payouts to confirm receipt of",
  '开锁 (本人使用中的订单, 支付成功后)': "Unlock (customer's rental)",
  '我的订单 (本人, 最新在前)': "Customer's orders",
  开锁: 'Unlock',
  设备的开锁记录: "Equipment's unlock record",
  启用或停用设备: 'Enable or disable equipment',
  把设备搬到另一站点: 'Move equipment to a site',
  给设备设置价格方案: 'Set a price plan on equipment',
  可给所选设备设置的价格方案: 'Price plans fitting the chosen equipment',
  '充电桩的子锁(端口)': "A pile's sub-locks",
  '从表格导入设备及其锁 (全部成功才写入)': 'Import equipment',
  '设备导入模板 (示例行与可填写的值)': 'Equipment import template',
  '开始导出列表 (服务端写入 Excel)': 'Start export',
  '导出进度 (已写行数)': 'Export progress',
  下载导出的文件: 'Download export',
  取消导出: 'Cancel export',
  上传前端错误日志: 'Upload browser error log',
  发送短信: 'Send text message',
  发起请假流程: 'Start leave request',
  请假申请详情: 'Leave request detail',
  签收任务: 'Claim task',
  '办理任务: 同意或驳回': 'Complete task',
  流程的每一步: "A process's steps",
  '流程图: 走过的路径和当前步骤': 'Process diagram',
  '机构树 (可按名称筛选)': 'Department tree',
  '菜单树 (全部, 可按名称/编号筛选)': 'Menu tree',
  '角色树 (可按名称/别名筛选)': 'Role tree',
  '用户分页 (deptId 含下级部门)': 'Users: list',
  '新增 (明文密码) 或修改用户': 'Users: add or edit',
  删除用户: 'Users: delete',
  用户详情: 'Users: detail',
};

// Summaries the engine writes for every resource (server/platform/engine/define.ts), with the resource's Chinese title.
const RESOURCE_CALLS: Array<[(title: string) => string, string]> = [
  [(title) => `${title}分页`, 'list'],
  [(title) => `${title}详情`, 'detail'],
  [(title) => `新增或修改${title}`, 'add or edit'],
  [(title) => `删除${title}`, 'delete'],
  [(title) => `${title}字段 (表单校验用的限制)`, 'field limits'],
];

let titles: Map<string, string> | undefined;

/** Worked out on first use, once every resource has been defined. */
function catalogue(): Map<string, string> {
  if (titles) return titles;
  const screens = menusByCode();
  titles = new Map(Object.entries({ ...CALLS, ...MORE_CALLS }));
  for (const resource of knownResources) {
    const screen = screens.get(resource.menu)?.en;
    if (!screen) continue;
    for (const [summary, call] of RESOURCE_CALLS) {
      if (!titles.has(summary(resource.title))) titles.set(summary(resource.title), `${screen}: ${call}`);
    }
  }
  return titles;
}

/** The English of an API log's title, or undefined when it has none. */
export const apiTitleInEnglish = (title: string): string | undefined => catalogue().get(title);
