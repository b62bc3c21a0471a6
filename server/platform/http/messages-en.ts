// The English of every message the server answers in Chinese. A message is looked up whole; one carrying values
// (`上级区划不存在: 110`) is written with `{}` where the values go. Field messages are not listed: they are built
// from each field's `label` and `en` (validation.ts). tests/server/http/messages.test.ts finds every message in the
// server's code and fails when one has no English here.

import { readDictionaryFiles } from '../../../facts/dictionary-files.js';

const CATALOG: Record<string, string> = {
  // The envelope and the error handler.
  操作成功: 'Done',
  暂无承载数据: 'No data',
  数据不存在: 'The record does not exist',
  缺少访问权限: 'You may not do this',
  请求未授权: 'The request is not authorised',
  服务器异常: 'Server error',
  不支持的请求内容类型: 'The content type is not supported',
  请求体不能为空: 'The request body is empty',
  '请求体不是合法的 JSON': 'The request body is not valid JSON',
  '请求体过大, 不能超过 {}': 'The request body is too large (at most {})',
  请求体长度不正确: 'The request body length is wrong',
  '数据已存在, 请勿重复提交': 'This record already exists; do not submit it twice',
  '接口不存在: {} {}': 'No such call: {} {}',
  请选择至少一条数据: 'Please select at least one record',
  请求地址不正确: 'The request address is not valid',
  请求地址过长: 'The request address is too long',
  请求地址或请求头过长: 'The request address or its headers are too long',
  请求超时: 'The request timed out',
  生日不是有效的日期: 'Birthday is not a valid date',
  // The page studio.
  该页面没有内置文件: 'This page has no shipped file',
  '页面标识不能以 _shared/ 开头: 那里是共用片段':
    'A page ID cannot start with _shared/: that folder holds shared fragments',
  '页面 {} 已存在, 请在页面列表中打开它': 'The page {} exists already; open it from the list of pages',
  请选择列表读取的资源: 'Please choose the resource the list reads',
  '页面定义有误 {}: {}{}': 'The page is not valid at {}: {}{}',
  ',是否想写 "{}"?': '; did you mean "{}"?',
  // Payout approvals.
  '金额超过 {}, 已提交审批, 需另一人审批后付款':
    'The amount is above {}: it waits for a second person to approve it before anything is paid',
  '不能审批自己发起的付款, 请由另一人审批': 'You cannot approve a payout you asked for; another person must approve it',
  该审批已处理: 'This request has already been decided',
  '已审批, 待下一步审批后付款': 'Approved; it is paid out once the next step approves it',
  同一笔付款的两步审批须由两个不同的人办理: 'The two approval steps of a payout must be taken by two different people',
  付款单号已用于另一笔付款: 'This payout number is already used for another payout',
  '该收款人或申请人有付款正在办理, 请稍后再试':
    'A payout to this payee or by this requester is being made; try again in a moment',
  '该收款人今日付款合计 {} 超过 {}, 已提交审批, 需另一人审批后付款':
    "The payee's payouts today come to {}, above {}: it waits for a second person to approve it before anything is paid",
  '您今日未经审批的付款合计 {} 超过 {}, 已提交审批, 需另一人审批后付款':
    'Your payouts today without an approval come to {}, above {}: it waits for a second person to approve it before anything is paid',
  '参数 {} 的修改已提交审批, 需另一位管理员审批后生效':
    'The change to parameter {} waits for another administrator to approve it; it takes effect then',
  '分账设置的修改已提交审批, 需另一人审批后生效':
    'The change to the split set-up waits for a second person to approve it; it takes effect then',
  '{} 已有一项待审批的修改, 请先审批或驳回': '{} already has a change waiting for approval; approve or reject it first',
  '不能审批自己发起的修改, 请由另一人审批': 'You cannot approve a change you asked for; another person must approve it',
  参数变更须由另一位管理员审批: 'A parameter change must be approved by another administrator',
  '已审批, 已生效': 'Approved; the change has taken effect',
  '已审批, 已付款': 'Approved; the payout is made',
  '已驳回, 未付款': 'Rejected; nothing was paid',
  // Reconciliation against WeChat Pay's bills.
  请选择对账差异: 'Please select the difference',
  请输入处理说明: 'Please enter a note',
  请选择账单日期: 'Please select the bill day',
  该差异已处理: 'This difference is already handled',
  对账差异不存在: 'The difference does not exist',
  已标记为已处理: 'Marked as handled',
  '只能对今天之前 90 天内的账单对账': 'Only the bills of the 90 days before today can be reconciled',
  '该日账单正在对账, 请稍后再试': "That day's bills are being reconciled; try again shortly",
  '对账完成, 发现 {} 条差异': 'Reconciled: {} differences found',
  '对账完成, 没有差异': 'Reconciled: no differences',
  '账单文件的哈希值与微信支付给出的不一致, 未保存':
    'The bill file does not match the hash WeChat Pay gave for it; nothing was saved',
  '账单文件解压失败, 未保存': 'The bill file could not be unzipped; nothing was saved',
  账单下载地址格式错误: 'The bill download link is not valid',
  账单下载地址不是微信支付的地址: "The bill download link is not on WeChat Pay's address",
  '账单格式错误: 没有表头': 'The bill is not in the expected format: no header row',
  '账单格式错误: 没有汇总数据': 'The bill is not in the expected format: no summary',
  '账单格式错误: 明细 {} 笔, 汇总 {} 笔': 'The bill is not in the expected format: {} detail rows, summary says {}',
  '账单格式错误: {}': 'The bill is not in the expected format: {}',
  '金额格式错误: {}': 'An amount in the bill is not valid: {}',
  请选择审批: 'Please select the request',
  '退款已提交,等待支付平台处理': 'The refund is sent to the payment provider',
  转账已提交: 'The transfer is sent',
  '已通过,已打款': 'Approved and paid out',
  '已通过, 已发起转账, 待客户在微信中确认收款':
    'Approved; the transfer is sent and waits for the customer to confirm it in WeChat',
  请求格式不正确: 'The request is not valid HTTP',
  '请求体嵌套层级过深 (最多 {} 层)': 'The request body is nested too deeply (at most {} levels)',
  '{} 超出允许范围': '{} is out of range',
  '{} 不能包含空字符': '{} must not contain NUL characters',
  '{} 不是有效的日期': '{} is not a valid date',
  '请先删除子节点!': 'Delete the children first',
  // Reports.
  结束日期不能早于开始日期: 'The end date cannot be before the start date',
  '报表最多统计 {} 天': 'A report covers at most {} days',
  请选择医院: 'Please choose the hospital',
  请选择病区: 'Please choose the ward',
  // Lists: filters and sorting.
  '{} 不支持模糊查询': '{} cannot be searched by part',
  '{} 不是日期字段': '{} is not a date',
  '{} 必须是整数': '{} must be an integer',
  '未知的查询条件 {}, 是否想用 {}?': 'Unknown filter {}; did you mean {}?',
  '未知的查询条件 {}': 'Unknown filter {}',
  '{} 日期格式应为 yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss': '{} must be a date as yyyy-MM-dd or yyyy-MM-dd HH:mm:ss',
  '{} 不支持按 {} 排序': '{} cannot sort by {}',
  // Signing in.
  '{} 不能为空': '{} is required',
  'grant_type 不能为空': 'grant_type is required',
  '不支持的登录方式: {}': 'Unsupported sign-in method: {}',
  '不支持的授权类型: {}': 'Unsupported grant type: {}',
  '客户端不支持该授权类型: {}': 'The client does not allow the grant type {}',
  '第三方授权已失效,请重新登录': 'The third-party authorisation has expired; please sign in again',
  该手机号未绑定账号: 'No account uses this phone number',
  令牌已失效: 'The token has expired',
  '缺失令牌,鉴权失败': 'The token is missing',
  用户名或密码不正确: 'Wrong account or password',
  验证码不正确: 'Wrong verification code',
  '登录错误次数过多,请稍后再试': 'Too many failed sign-ins; please try again later',
  客户端认证失败: 'The client could not be authenticated',
  刷新令牌无效或已过期: 'The refresh token is invalid or has expired',
  '账号已停用,请联系管理员': 'The account is disabled; please contact the administrator',
  '验证码发送过于频繁,请稍后再试': 'Codes are being asked for too often; please try again later',
  '请求过于频繁, 请稍后再试': 'Too many requests; please try again later',
  '短信验证码暂时无法发送, 请使用账号密码登录':
    'Codes cannot be texted at the moment; please sign in with your account and password',
  验证码已发送: 'The code has been sent',
  // Registration and own account.
  当前系统未开启注册功能: 'Registration is not open',
  '注册申请已提交,请耐心等待管理员通过!': 'Your registration has been submitted; an administrator will review it',
  第三方授权信息不存在: 'The third-party authorisation was not found',
  第三方授权信息缺失: 'The third-party authorisation is missing',
  该第三方账号已绑定用户: 'This third-party account is already bound to a user',
  请先注册或绑定账号: 'Please register or bind an account first',
  请先完成第三方登录: 'Please sign in with the third-party account first',
  只能注册本人登录的第三方账号: 'You can only register the third-party account you signed in with',
  注册申请正在等待管理员审核: 'Your registration is waiting for an administrator’s approval',
  没有待审核的注册申请: 'There is no registration waiting for approval',
  '参数 {} 为受控参数, 仅管理员可修改': 'Parameter {} is a controlled parameter: only an administrator may change it',
  '受控参数 {} 须单独删除': 'Controlled parameter {} must be removed on its own',
  两次输入密码不一致: 'The two passwords differ',
  原密码不正确: 'The old password is wrong',
  请输入用户名: 'Please enter the user name',
  请输入账号名: 'Please enter the account name',
  // Users, roles, departments, menus.
  用户不存在: 'The user does not exist',
  当前用户已存在: 'This account already exists',
  不能删除本账号: 'You cannot delete your own account',
  角色不存在: 'The role does not exist',
  角色别名已存在: 'This role alias already exists',
  上级角色不存在: 'The parent role does not exist',
  上级角色不能是自身或其下级角色: 'A role cannot be its own parent or sit below itself',
  '角色「{}」仍有用户在使用,请先取消这些用户的角色':
    'Users still hold the roles “{}”; remove the roles from them first',
  不能授予超出自身权限的菜单: 'You cannot grant menus beyond your own',
  '{} 包含不存在的数据: {}': '{} names records that do not exist: {}',
  机构不存在: 'The department does not exist',
  上级机构不存在: 'The parent department does not exist',
  上级机构不能是自身或其下级机构: 'A department cannot be its own parent or sit below itself',
  '机构「{}」下仍有用户,请先调整这些用户的机构': 'Users still belong to the departments “{}”; move them first',
  菜单编号已存在: 'This menu code already exists',
  上级菜单不存在: 'The parent menu does not exist',
  上级菜单不能是自身或其下级菜单: 'A menu cannot be its own parent or sit below itself',
  按钮下不能再添加菜单或按钮: 'Nothing can be added below a button',
  // Dictionaries, regions, parameters, clients.
  请输入字典编号: 'Please enter the dictionary code',
  请输入字典键值: 'Please enter the dictionary key',
  上级字典不存在: 'The parent dictionary does not exist',
  上级字典不能是自己: 'A dictionary cannot be its own parent',
  '当前字典编号已存在!': 'This dictionary code already exists',
  '当前字典键值已存在!': 'This dictionary key already exists',
  '上级区划不存在: {}': 'The parent region does not exist: {}',
  上级区划不能是自己: 'A region cannot be its own parent',
  村级区划下不能再添加区划: 'Nothing can be added below a village',
  参数键名已存在: 'This parameter key already exists',
  客户端id已存在: 'This client id already exists',
  岗位编号已存在: 'This post code already exists',
  // Rental operations: companies, sites, staff, equipment, prices, activities, locks.
  请输入充值金额: 'Please enter the top-up amount',
  请输入退款原因: 'Please enter the reason for the refund',
  请输入赠送金额: 'Please enter the bonus amount',
  请选择赠送优惠券: 'Please select the coupon given',
  应用标识已存在: 'This app id already exists',
  '应用下还有菜单,请先删除菜单': 'The app still has menus; delete them first',
  请选择所属应用: 'Please select the app',
  所属应用不存在: 'The app does not exist',
  该应用已有此菜单编号: 'This app already has a menu with this code',
  请选择应用: 'Please select the app',
  请选择所属机构: 'Please select the department',
  所属机构不存在: 'The department does not exist',
  所属机构已属于其他公司: 'The department already belongs to another company',
  所属机构不在你的数据权限内: 'The department is outside your data scope',
  所属公司不存在: 'The company does not exist',
  '发放总量不能少于已发放数量 {}': 'The total cannot be less than the {} already issued',
  '设备使用中,不能停用: {}': 'Equipment in use cannot be disabled: {}',
  '该设备不在充电桩上,没有子锁': 'This equipment is not on a charging pile and has no sub-locks',
  设备编号已存在: 'This equipment number already exists',
  填写端口时请输入桩号: 'Please enter the pile number when a port is given',
  '设备使用中,不能删除: {}': 'Equipment in use cannot be deleted: {}',
  '设备使用中,不能搬走: {}': 'Equipment in use cannot be moved: {}',
  请选择价格方案: 'Please select a price plan',
  价格方案不存在: 'The price plan does not exist',
  '价格方案「{}」用于站点「{}」的「{}」, 不适用于: {}':
    'Price plan “{}” is for site “{}”, type “{}”; it does not fit: {}',
  '设备刚被改动, 请刷新后重试': 'The equipment has just been changed; refresh and try again',
  // Equipment import (equ/import).
  请上传至少一行设备: 'Upload at least one row of equipment',
  请输入设备编号: 'Please enter the equipment number',
  请选择设备类型: 'Please select the type',
  请选择所属站点: 'Please select the site',
  设备类型不存在: 'The type does not exist',
  所属站点不存在: 'The site does not exist',
  设备编号在文件中重复: 'The equipment number appears twice in the file',
  锁设备号在文件中重复: 'The lock id appears twice in the file',
  '锁设备号已被设备 {} 使用': 'The lock id is already on equipment {}',
  '端口应为 1 到 64 的整数': 'The port must be a whole number from 1 to 64',
  导入的设备不能是使用中: 'Imported equipment cannot be in use',
  设备状态不正确: 'The state is not valid',
  '这是模板的示例行, 请改写或删除': "This is the template's example row: change or delete it",
  '设备编号最多 64 个字': 'The equipment number has at most 64 characters',
  '锁设备号最多 64 个字': 'The lock id has at most 64 characters',
  '桩号最多 64 个字': 'The pile number has at most 64 characters',
  '备注最多 500 个字': 'The remark has at most 500 characters',
  每日封顶不能低于首段价格: 'The daily cap cannot be below the first period’s price',
  '该站点的此设备类型已有启用的价格方案: {}, 请先停用它':
    'This site already has an enabled price plan for this equipment type: {}; disable it first',
  请输入处理结果: 'Please enter the result',
  请选择省份: 'Please select the province',
  请选择城市: 'Please select the city',
  省份不存在: 'The province does not exist',
  所选城市不属于该省份: 'The city is not in that province',
  所选区县不属于该城市: 'The district is not in that city',
  '经度应为 -180 到 180 之间的数字': 'The longitude must be a number from -180 to 180',
  '纬度应为 -90 到 90 之间的数字': 'The latitude must be a number from -90 to 90',
  病房只能设在医院类站点: 'Rooms can only be at hospital sites',
  请选择管理机构: 'Please select the managing department',
  管理机构必须是所属公司的机构或其下级机构: 'The managing department must be the company’s department or one below it',
  手机号格式不正确: 'Not a valid mobile number',
  请选择负责站点: 'Please select the site',
  负责站点不存在: 'The site does not exist',
  控制台账号不存在: 'The console account does not exist',
  该运维人员不负责此站点: 'This field worker is not responsible for this site',
  设备不存在: 'The equipment does not exist',
  '设备已停用,不能开锁,请先启用': 'The equipment is disabled and cannot be unlocked; enable it first',
  '设备未绑定锁,请先填写锁设备号': 'The equipment has no lock; enter its lock number first',
  // Unlocking from the customer app.
  只有使用中的订单可以开锁: 'Only an order in use can unlock its equipment',
  '该设备无法开锁, 请联系客服': 'This equipment cannot be unlocked; please contact customer service',
  '开锁成功, 请取用设备': 'Unlocked; please take the equipment',
  '锁已打开, 请取用设备': 'The lock is open; please take the equipment',
  '开锁超时, 请靠近设备后重试': 'The lock did not answer in time; move closer to it and try again',
  '设备离线, 暂时无法开锁, 请换一台设备并申请退款':
    'The equipment is offline and cannot be unlocked; please choose another and ask for a refund',
  '设备电量不足, 暂时无法开锁, 请换一台设备并申请退款':
    'The equipment’s battery is too low to unlock; please choose another and ask for a refund',
  '设备故障, 暂时无法开锁, 请换一台设备并申请退款':
    'The equipment is out of order and cannot be unlocked; please choose another and ask for a refund',
  // The official account area and the WeChat platform's refusals (server/channels/mp/platform.ts).
  '40001 invalid credential: 公众号的 AppSecret 不正确': '40001 invalid credential: the account’s AppSecret is wrong',
  '40003 invalid openid: 该粉丝不是本公众号的关注者': '40003 invalid openid: this fan does not follow the account',
  '40007 invalid media_id: 素材不存在': '40007 invalid media_id: the material does not exist',
  '40013 invalid appid: 公众号的 AppID 不正确': '40013 invalid appid: the account’s AppID is wrong',
  '40016 invalid button size: 一级菜单最多 3 个': '40016 invalid button size: at most 3 menu buttons',
  '40017 invalid button type: 菜单类型或内容不正确': '40017 invalid button type: a button’s type or its link is wrong',
  '40018 invalid button name size: 一级菜单名称最多 16 个字节':
    '40018 invalid button name size: a menu button’s name is at most 16 bytes',
  '40023 invalid sub button size: 每个一级菜单的子菜单最多 5 个':
    '40023 invalid sub button size: at most 5 sub-buttons under a menu button',
  '40125 invalid appsecret: 公众号的 AppSecret 不正确': '40125 invalid appsecret: the account’s AppSecret is wrong',
  '45015 response out of time limit: 粉丝最后一次发消息已超过 48 小时,平台不允许再回复':
    '45015 response out of time limit: the fan last wrote more than 48 hours ago, so the platform refuses a reply',
  '44003 empty news data: 图文的标题或正文为空': '44003 empty news data: the article’s title or body is empty',
  '45106 This API has been unsupported: 该接口已停用': '45106 This API has been unsupported: the call is retired',
  '53503 该草稿未通过发布检查': '53503 the draft did not pass the platform’s publish check',
  '53504 需前往公众平台官网使用该草稿': '53504 this draft can only be used on the platform’s website',
  '53505 请先在公众平台官网手动保存该草稿': '53505 save this draft by hand on the platform’s website first',
  '61451 invalid parameter: 参数错误': '61451 invalid parameter: a parameter is wrong',
  推送签名不正确: 'The push is not signed with the account’s Token',
  '推送内容无法解密, 请核对 EncodingAESKey': 'The push cannot be decrypted; check the EncodingAESKey',
  '-1 system error: 公众号平台繁忙, 请稍后再试': '-1 system error: the platform is busy; try again later',
  '40164 invalid ip: 服务器的出口 IP 不在公众号的 IP 白名单中':
    '40164 invalid ip: the server’s outgoing IP is not on the account’s IP whitelist',
  '45009 reach max api daily quota limit: 今日调用次数已达上限':
    '45009 reach max api daily quota limit: the platform’s calls for today are used up',
  该AppID已接入: 'An account with this AppID is already connected',
  公众号不存在: 'The account does not exist',
  请选择公众号: 'Please select the account',
  请输入关键词: 'Please enter the keyword',
  请选择匹配方式: 'Please select how the keyword matches',
  请选择图文素材: 'Please select the article',
  请输入回复内容: 'Please enter the reply',
  请选择要修改的数据: 'Please select the record to change',
  '同步完成: {} 位粉丝': 'Synced: {} fans',
  回复成功: 'Reply sent',
  保存成功: 'Saved',
  发布成功: 'Published',
  请先保存菜单: 'Save the menu first',
  请添加菜单: 'Please add the menu',
  封面图须为已上传的图片: 'The cover must be an uploaded image',
  已发布的图文不能修改: 'A published article cannot be changed',
  该图文正在发布: 'The article is being published',
  该图文已发布: 'The article is already published',
  '已提交发布, 结果稍后更新': 'Submitted for publishing; the outcome follows shortly',
  发布状态已更新: 'Publish state updated',
  // Orders and refunds.
  '订单已结束, 请通过退款处理': 'The order has ended; handle it with a refund',
  退款单号已用于另一笔退款: 'This refund number is already used by another refund',
  '退款金额超过可退金额 (可退 {})': 'The refund exceeds what can be refunded ({} refundable)',
  // A failed refund resolved (orders/refund-resolution.ts).
  '退款金额超过支付平台可退金额 (可退 {}), 其中 {} 为退款异常的款项, 仍在支付平台的退款账户中, 请在退款记录中处理该笔退款':
    'The refund exceeds what the payment provider can still refund ({} refundable): {} of it belongs to an abnormal refund, still in the provider’s refund account; resolve that refund under Refunds',
  '该退款未失败, 无需处理': 'This refund did not fail; there is nothing to resolve',
  '订单已结束, 其退款失败待处理: 请在退款记录中重新发起或登记线下已退':
    'The order is finished and its refund failed: send it again or record it as paid outside under Refunds',
  '该退款已重新发起 (退款单号 {}), 不能再次处理':
    'This refund was already sent again (refund no. {}); it cannot be resolved twice',
  '该退款已登记为线下已退, 正在等待审批, 不能再次处理':
    'This refund is already recorded as paid outside and waits for approval; it cannot be resolved twice',
  '该退款已登记为线下已退 (参考号 {}), 不能再次处理':
    'This refund is already recorded as paid outside (reference {}); it cannot be resolved twice',
  '退款异常的款项仍在支付平台的退款账户中, 不能重新发起; 请在商户平台-交易中心处理后登记线下已退':
    'An abnormal refund’s money is still in the payment provider’s refund account, so it cannot be sent again; handle it in the merchant platform (Transaction Centre), then record it as paid outside',
  '已登记线下退款, 需另一人审批后计为已退款':
    'Recorded as paid outside; it counts as refunded once another person approves it',
  '已重新发起退款 {}, 等待支付平台处理': 'Refund {} sent again; waiting for the payment provider',
  '已审批, 退款已登记为线下已退': 'Approved: the refund is recorded as paid outside',
  请输入参考号: 'Please enter the reference',
  请输入说明: 'Please enter a note',
  '钱包余额不足, 请先充值 (需 {})': 'The wallet balance is too low; please top it up first ({} needed)',
  '订单当前状态为「{}」, 不能{}': 'The order is “{}”; it cannot be {}',
  // The customer app: its sign-in, rentals and pay-score (the provider's refusals passed on).
  请使用客户端登录后调用: 'Sign in through the customer app to make this call',
  客户端令牌不能调用管理接口: 'A customer app token cannot make staff calls',
  '登录凭证无效或已过期,请重新登录': 'The sign-in code is not valid or has expired; sign in again',
  '登录过于频繁,请一分钟后再试': 'Too many sign-ins; try again in a minute',
  '微信判定该账号存在风险,暂时无法登录': 'WeChat considers this account at risk; it cannot sign in for now',
  '微信登录暂时不可用,请稍后再试': 'WeChat sign-in is unavailable for now; try again later',
  '手机号授权已失效,请重新授权': 'The phone number authorisation has expired; authorise again',
  '获取手机号过于频繁,请一分钟后再试': 'Too many phone number requests; try again in a minute',
  '微信手机号服务暂时不可用,请稍后再试': 'The WeChat phone number service is unavailable for now; try again later',
  请提供手机号授权凭证: 'Please provide the phone number authorisation code',
  请选择支付用途: 'Please select what the payment is for',
  请选择设备: 'Please select the equipment',
  该设备暂无可用的价格方案: 'This equipment has no price plan in force',
  '该设备未设置押金, 不能租借': 'This equipment has no deposit set and cannot be rented',
  '设备使用中, 请换一台': 'This equipment is in use; please choose another',
  '设备暂不可用, 请换一台': 'This equipment is not available; please choose another',
  '设备正被其他用户租借, 请换一台': 'Someone else is renting this equipment; please choose another',
  '支付分不足,请使用押金租借': 'Your Pay Score is not enough; please rent with a deposit',
  服务订单不存在: 'The service order does not exist',
  微信支付分未开通: 'WeChat Pay Score is not enabled for this merchant',
  通知解密失败: 'The notification could not be decrypted',
  未知的平台证书: 'The notification names an unknown platform certificate',
  未知的微信支付公钥: 'The notification names an unknown WeChat Pay public key',
  '服务订单已确认,不能取消': 'The service order is confirmed and cannot be cancelled',
  '服务订单未确认,不能完结': 'The service order is not confirmed and cannot be completed',
  服务订单已完结: 'The service order is already completed',
  完结金额超过服务订单风险金额: 'The fee exceeds the service order’s risk amount',
  // Withdrawals, and the payment provider's refusals they pass on.
  钱包不存在: 'The wallet does not exist',
  客户不存在: 'The customer does not exist',
  可提现余额不足: 'The withdrawable balance is not enough',
  该提现已处理: 'This withdrawal has already been handled',
  商户账户余额不足: 'The merchant account balance is not enough',
  转账总金额与明细金额之和不一致: 'The batch total is not the sum of its details',
  商家批次单号重复: 'This batch number is already used',
  // Transfers.
  '客户未绑定微信, 不能转账': 'The customer has no WeChat account to transfer to',
  转账单号已用于另一笔转账: 'This batch number is already used by another transfer',
  转账已关闭: 'The transfer was closed',
  转账不存在: 'The transfer does not exist',
  // Payouts by transfer bill (商家转账), and the payment provider's refusals and failures they pass on.
  '单笔提现达到 2000 元, 微信支付要求收款人实名, 请驳回后请客户分笔提现':
    'WeChat Pay asks for the payee’s real name from 2,000 yuan on; reject this withdrawal and ask the customer to withdraw in smaller amounts',
  '单笔转账达到 2000 元, 微信支付要求填写收款人真实姓名':
    'WeChat Pay asks for the payee’s real name from 2,000 yuan on; enter it to transfer this amount',
  微信支付转账失败: 'WeChat Pay could not pay the transfer',
  '客户未确认收款, 转账已撤销': 'The customer did not confirm receipt; the transfer was cancelled',
  '转账金额大于等于2000元时, 收款用户姓名必填': 'The payee’s name is required from 2,000 yuan on',
  商户单号重复: 'This bill number is already used',
  转账单不存在: 'The transfer bill does not exist',
  转账单当前状态不可撤销: 'The transfer bill can no longer be cancelled',
  退款不存在: 'The refund does not exist',
  // Split payments.
  '请选择站点或公司 (二选一)': 'Choose a site or a company (one of them)',
  该接收方已有此范围的分账设置: 'This receiver already has a share here',
  '同一站点或公司的分账比例合计不能超过30%': 'The shares of one site or company must not add up to more than 30%',
  '接收方已用于分账设置,不能删除': 'The receiver is used by split settings and cannot be deleted',
  接收方不存在: 'The receiver does not exist',
  站点不存在: 'The site does not exist',
  公司不存在: 'The company does not exist',
  订单不存在: 'The order does not exist',
  '订单未结束, 不能分账': 'The order has not ended and cannot be split',
  该订单已分账: 'This order has already been split',
  '订单未支付,不能分账': 'The order is not paid and cannot be split',
  分账金额超过最大分账比例: 'The split exceeds the largest share allowed',
  分账接收方金额必须大于0: 'Every receiver must get more than 0',
  分账单不存在: 'The split order does not exist',
  // Exports written by the server.
  导出失败: 'The export failed',
  导出任务不存在: 'The export does not exist',
  '导出中断 (服务器重启), 请重新导出': 'The export was interrupted (the server restarted); please export again',
  列表地址不正确: 'The list address is not valid',
  '已有导出正在进行,请等它完成': 'Exports are already running: wait until they finish',
  导出尚未完成: 'The export has not finished yet',
  导出文件过大: 'The export is too large for one file',
  // Files and SMS.
  'file 不能为空': 'file is required',
  '请使用 multipart/form-data 上传, 文件字段名为 file':
    'Upload as multipart/form-data with the file in the field "file"',
  'file 内容与扩展名 .{} 不符': 'The file content does not match its extension .{}',
  'file 大小不能超过 {} MB': 'The file must not exceed {} MB',
  'file 类型不支持, 仅支持 {}': 'This file type is not supported; supported: {}',
  文件不存在: 'The file does not exist',
  'phones 不能为空': 'phones is required',
  'phones 一次最多 {} 个号码': 'phones takes at most {} numbers at once',
  '手机号码格式不正确: {}': 'Not a valid mobile number: {}',
  '未启用短信配置, 请先在短信配置中启用一项': 'No SMS configuration is enabled; enable one under SMS first',
  '短信配置不存在: {}': 'No such SMS configuration: {}',
  // Object storage (server/system/oss/s3.ts).
  '对象存储配置不完整: 需要资源地址、accessKey、secretKey 和空间名':
    'The object storage configuration is incomplete: it needs the endpoint, accessKey, secretKey and bucket',
  '对象存储拒绝: InvalidAccessKeyId, accessKey 不存在':
    'The object storage refused: InvalidAccessKeyId, no such accessKey',
  '对象存储拒绝: SignatureDoesNotMatch, secretKey 不正确':
    'The object storage refused: SignatureDoesNotMatch, the secretKey is wrong',
  '对象存储拒绝: NoSuchBucket, 空间名不存在': 'The object storage refused: NoSuchBucket, there is no such bucket',
  '对象存储拒绝: AccessDenied, 该 accessKey 无权访问此空间':
    'The object storage refused: AccessDenied, this accessKey may not use the bucket',
  '对象存储拒绝: {}': 'The object storage refused: {}',
  '对象存储无法连接, 请检查资源地址': 'The object storage cannot be reached; check its endpoint',
  // One refused phone: its refusal said in English too; several: as they are.
  '短信发送失败: {}: {}': 'The text could not be sent: {}: {}',
  '短信发送失败: {}': 'The text could not be sent: {}',
  '该短信服务商未接入, 请使用阿里云或腾讯云': 'This SMS provider is not connected; use Alibaba Cloud or Tencent Cloud',
  // The SMS providers' refusals are added by the module that words them (system/sms/refusals.ts).
  '短信配置缺少 accessKey': 'The SMS configuration has no accessKey',
  短信签名不合法: 'The SMS signature is not valid',
  短信模板不合法: 'The SMS template is not valid',
  'params 必须是 JSON 对象, 例如 {"code":"123456"}': 'params must be a JSON object, e.g. {"code":"123456"}',
  发送成功: 'Sent',
  // Workflow (docs/workflow.md).
  任务不存在: 'The task does not exist',
  该任务已办理: 'This task has been completed already',
  '流程模型不是有效的 BPMN 2.0 文件: {}': 'The process model is not a valid BPMN 2.0 file: {}',
  '流程模型不能部署: {}': 'The process model cannot be deployed: {}',
  '流程不能运行: {}': 'The process cannot run: {}',
  '流程模型不能超过 500 KB': 'The process model cannot be larger than 500 KB',
  '流程模型不能含有 DOCTYPE 或 ENTITY 等声明': 'The process model cannot hold declarations such as DOCTYPE or ENTITY',
  // The checks before a deploy (server/system/flow/bpmn/model.ts), answered together after 流程模型不能部署.
  流程模型须有且只有一个流程: 'The process model must hold exactly one process',
  '流程标识须以字母开头, 由字母、数字、_ 或 - 组成: {}':
    'The process key must start with a letter and hold only letters, digits, _ or -: {}',
  流程须有名称: 'The process needs a name',
  流程须有且只有一个开始事件: 'The process must have exactly one start event',
  '用户任务 {} 须有名称, 待办中以它显示步骤': 'User task {} needs a name: the task lists show the step by it',
  '用户任务「{}」须有表单 (flowable:formKey)': 'User task “{}” needs a form (flowable:formKey)',
  '用户任务「{}」须有办理人规则 (flowable:assignee 或 flowable:candidateGroups)':
    'User task “{}” needs an assignee rule (flowable:assignee or flowable:candidateGroups)',
  '用户任务「{}」的候选组 {} 不可用: 须是角色别名, dept:部门编号, dept:starter 或 manager':
    'User task “{}” cannot use the candidate group {}: it must be a role alias, dept:<department id>, dept:starter or manager',
  '用户任务「{}」: {}': 'User task “{}”: {}',
  '网关「{}」的出口 {}须有条件或设为默认出口':
    'Gateway “{}”, outgoing flow {}: needs a condition or must be the default flow',
  '网关「{}」的出口 {}: {}': 'Gateway “{}”, outgoing flow {}: {}',
  '不支持的表达式: {}': 'Unsupported expression: {}',
  '表达式不能读取 {}: {}': 'An expression cannot read {}: {}',
  // What a model may contain (server/system/flow/bpmn/contents.ts, engine-guards.ts): {} first is the element as the
  // file writes it, <scriptTask id="calc">.
  '流程模型含有无法读取的内容: {}': 'The process model holds content that cannot be read: {}',
  '另有 {} 处问题未列出': '{} more problems not listed',
  '{}: 流程不能运行脚本': '{}: a process cannot run scripts',
  '{}: 流程不能调用服务或其他程序': '{}: a process cannot call services or other programs',
  '{}: 流程不支持此元素': '{}: a process cannot hold this element',
  '{}: 不能有扩展元素 (监听器、脚本等): {}':
    '{}: extension elements (listeners, scripts and the like) are not allowed: {}',
  '{}: 不能有 {} 属性: 流程不运行脚本': '{}: the attribute {} is not allowed: a process runs no scripts',
  '{}: 不支持的属性 {}': '{}: unsupported attribute {}',
  '{}: 属性 {} 不能写表达式': '{}: the attribute {} cannot hold an expression',
  '{} 条件不可用: {}': '{}: the condition cannot be used: {}',
  '{}: 定时只能用于边界事件或中间捕获事件': '{}: a timer belongs only on a boundary or intermediate catch event',
  '{}: 须是定时事件 (一个 timerEventDefinition)': '{}: must be a timer event (one timerEventDefinition)',
  '{}: 边界定时只能挂在用户任务上': '{}: a boundary timer can only be attached to a user task',
  '{}: 定时须有且只有一个时间 (timeDuration、timeDate 或 timeCycle)':
    '{}: a timer needs exactly one time (timeDuration, timeDate or timeCycle)',
  [`{}: 定时须写作 ISO 8601 时长 (如 PT4H)、时刻或 \${变量}: {}`]: `{}: a timer is written as an ISO 8601 duration (e.g. PT4H), a date and time, or \${variable}: {}`,
  [`表达式须写作 \${...}: {}`]: `An expression is written \${...}: {}`,
  流程部署不存在: 'The deployed process does not exist',
  '对账完成; 微信支付账单已核对 {} 天 (最近 {}), 未处理差异 {} 条, 未能核对 {} 天, 详见 对账差异':
    "Reconciled. WeChat Pay's bills — days checked: {} (latest {}), differences open: {}, days not checked: {}; see Bill differences",
  '对账完成; 微信支付账单尚未核对 (每天 10 点后核对前一天的账单)':
    "Reconciled. WeChat Pay's bills are not checked yet (each day's bills are checked after 10:00 the next day)",
  '流程已挂起, 不能发起': 'The process is suspended and cannot be started',
  流程未部署: 'The process is not deployed',
  '流程无法继续, 请联系管理员': 'The process cannot go on; please contact an administrator',
  流程模型须有流程标识: 'The process model needs a process key',
  流程模型不存在: 'The process model does not exist',
  流程定义不存在: 'The process definition does not exist',
  流程实例不存在: 'The process instance does not exist',
  该流程须从其业务页面发起: 'This process is started from its own screen',
  该流程须在其业务页面办理: 'The steps of this process are taken on its own screen',
  '不能审批自己发起的流程, 请由另一人审批': 'You cannot approve a process you started; another person must approve it',
  同一流程的两步审批须由两个不同的人办理: 'The two approval steps of a process must be taken by two different people',
  请绘制流程模型: 'Please draw the process model',
  请选择流程文件: 'Please choose the BPMN file',
  '流程文件不能超过 500 KB': 'The BPMN file cannot be larger than 500 KB',
  请选择流程模型: 'Please select the process model',
  请选择流程定义: 'Please select the process definition',
  请选择状态: 'Please select the state',
  该任务已被他人签收: 'Someone else has claimed this task',
  你不是该任务的候选人: 'This task is not offered to you',
  请先签收该任务: 'Claim this task first',
  该任务不是你的待办: 'This task is not yours to complete',
  你不能查看该流程: 'You may not see this process',
  结束时间不能早于开始时间: 'The end time cannot be before the start time',
  '请假天数与开始、结束时间不符: 应为 {} 天': 'The days do not match the start and end: they make {} days',
  审批人不存在: 'The approver does not exist',
  审批人不能是自己: 'You cannot approve your own request',
  流程不存在: 'The process does not exist',
  请假申请不存在: 'The leave request does not exist',
  请选择任务: 'Please select a task',
  请选择审批结果: 'Please select approve or reject',
  请选择流程: 'Please select a process',
  请选择请假类型: 'Please select the leave type',
  请选择开始时间: 'Please select the start time',
  请选择结束时间: 'Please select the end time',
  请输入请假天数: 'Please enter the number of days',
  请输入请假理由: 'Please enter the reason',
  请选择审批人: 'Please select the approver',
  请选择请假申请: 'Please select a leave request',
  请选择钱包: 'Please select the wallet',
};

/**
 * Words a message carries as values, in English: the order states (from their dictionary) and the actions an order's
 * state refuses (`订单当前状态为「已完成」, 不能结束` → The order is “Completed”; it cannot be finished).
 */
const orderStates = readDictionaryFiles().find((dictionary) => dictionary.code === 'order_status')?.items ?? [];
const VALUES: Record<string, string> = {
  ...Object.fromEntries(orderStates.map((item) => [item.value, item.en])),
  结束: 'finished',
  退款: 'refunded',
};

interface Pattern {
  match: RegExp;
  english: string;
}

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const PATTERNS: Pattern[] = Object.entries(CATALOG)
  .filter(([chinese]) => chinese.includes('{}'))
  .map(([chinese, english]) => ({
    match: new RegExp(`^${chinese.split('{}').map(literally).join('(.*?)')}$`, 's'),
    english,
  }));

/**
 * Adds the English of whole messages a module words from data of its own (an SMS provider's refusals). The module
 * that answers them adds them as it loads, so they are in the catalog whenever one can be answered.
 */
export function addMessagesInEnglish(messages: Iterable<readonly [chinese: string, english: string]>): void {
  for (const [chinese, english] of messages) CATALOG[chinese] = english;
}

/** The English of a Chinese message, or undefined when the catalog has none. */
export function englishOf(message: string): string | undefined {
  const whole = CATALOG[message];
  if (whole !== undefined) return whole;
  for (const { match, english } of PATTERNS) {
    const found = match.exec(message);
    if (found) {
      let value = 0;
      return english.replace(/\{\}/g, () => {
        const carried = found[++value] ?? '';
        // A value that is itself a message (a provider's refusal inside 短信发送失败), or a list of them (the checks
        // a model fails, joined with ; ), is said in English too.
        return (
          VALUES[carried] ??
          carried
            .split('; ')
            .map((part) => englishOf(part) ?? part)
            .join('; ')
        );
      });
    }
  }
  return undefined;
}

/** A field name inside an English sentence: "Please enter name", but "Please enter URI" and "Please enter IP". */
const inSentence = (name: string) => (/^[A-Z][a-z]/.test(name) ? name[0].toLowerCase() + name.slice(1) : name);

/** A required field's own message in English: 请输入X → "Please enter <name>", 请选择X → "Please select <name>". */
export function englishRequired(chinese: string, name: string): string {
  if (chinese.startsWith('请输入')) return `Please enter ${inSentence(name)}`;
  if (chinese.startsWith('请选择')) return `Please select ${inSentence(name)}`;
  return englishOf(chinese) ?? `${name} is required`;
}

/** A message in the caller's language: Chinese as written, English from the catalog (unlisted ones stay as they are). */
export const inLanguage = (message: string, language: 'zh' | 'en'): string =>
  language === 'en' ? (englishOf(message) ?? message) : message;
