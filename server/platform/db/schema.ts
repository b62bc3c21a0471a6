// Row types of every table, in the camelCase the Kysely CamelCasePlugin maps to the snake_case columns.
import type { Generated } from 'kysely';

/** Columns of `withBase` (migrations/columns.ts). */
export interface BaseColumns {
  id: number;
  tenantId: Generated<string>;
  createUser: number | null;
  createDept: number | null;
  createTime: string | null;
  updateUser: number | null;
  updateTime: string | null;
  status: Generated<number>;
  isDeleted: Generated<number>;
}

export interface UserTable extends BaseColumns {
  code: string | null;
  userType: Generated<number>;
  account: string;
  password: string;
  name: string | null;
  realName: string | null;
  avatar: string | null;
  email: string | null;
  phone: string | null;
  birthday: string | null;
  sex: number | null;
  roleId: string | null;
  deptId: string | null;
  postId: string | null;
}

export interface UserPlatformTable {
  id: number;
  userId: number;
  userType: number;
  userExt: string | null;
}

export interface RoleTable extends BaseColumns {
  parentId: Generated<number>;
  roleName: string;
  sort: Generated<number>;
  roleAlias: string;
}

export interface DeptTable extends BaseColumns {
  parentId: Generated<number>;
  ancestors: string | null;
  deptCategory: number | null;
  deptName: string;
  fullName: string | null;
  sort: Generated<number>;
  remark: string | null;
}

export interface MenuTable extends BaseColumns {
  parentId: Generated<number>;
  code: string;
  name: string;
  alias: string | null;
  path: string | null;
  source: string | null;
  sort: Generated<number>;
  category: Generated<number>;
  action: Generated<number>;
  isOpen: Generated<number>;
  /** 2: the screen keeps its state between visits (route meta.keepAlive); 1: it starts fresh. */
  keepAlive: Generated<number>;
  remark: string | null;
}

export interface RoleMenuTable {
  id: number;
  menuId: number;
  roleId: number;
}

/** scopeCategory 1 = data scope, 2 = API scope. */
export interface RoleScopeTable {
  id: number;
  scopeCategory: number;
  scopeId: number;
  roleId: number;
}

export interface ScopeDataTable extends BaseColumns {
  menuId: number | null;
  resourceCode: string | null;
  scopeName: string | null;
  scopeField: string | null;
  scopeClass: string | null;
  scopeColumn: string | null;
  scopeType: number | null;
  scopeValue: string | null;
  remark: string | null;
}

export interface ScopeApiTable extends BaseColumns {
  menuId: number | null;
  resourceCode: string | null;
  scopeName: string | null;
  scopePath: string | null;
  scopeType: number | null;
  remark: string | null;
}

export interface PostTable extends BaseColumns {
  category: number | null;
  postCode: string;
  postName: string;
  sort: Generated<number>;
  remark: string | null;
}

export interface TopMenuTable extends BaseColumns {
  code: string;
  name: string;
  source: string | null;
  sort: Generated<number>;
}

export interface TopMenuSettingTable {
  id: number;
  topMenuId: number;
  menuId: number;
}

export interface DictTable extends BaseColumns {
  parentId: Generated<number>;
  code: string;
  dictKey: string;
  dictValue: string;
  dictValueEn: string | null;
  sort: Generated<number>;
  remark: string | null;
  isSealed: Generated<number>;
}

export interface ParamTable extends BaseColumns {
  paramName: string;
  paramKey: string;
  paramValue: string;
  remark: string | null;
}

export interface ClientTable extends BaseColumns {
  clientId: string;
  clientSecret: string;
  resourceIds: string | null;
  scope: string;
  authorizedGrantTypes: string;
  webServerRedirectUri: string | null;
  authorities: string | null;
  accessTokenValidity: number;
  refreshTokenValidity: number;
  additionalInformation: string | null;
  autoapprove: string | null;
}

export interface RegionTable {
  code: string;
  parentCode: string;
  ancestors: string | null;
  name: string;
  provinceCode: string | null;
  provinceName: string | null;
  cityCode: string | null;
  cityName: string | null;
  districtCode: string | null;
  districtName: string | null;
  townCode: string | null;
  townName: string | null;
  villageCode: string | null;
  villageName: string | null;
  regionLevel: number;
  sort: Generated<number>;
  remark: string | null;
}

export interface OssTable extends BaseColumns {
  category: number;
  ossCode: string;
  endpoint: string | null;
  accessKey: string | null;
  secretKey: string | null;
  bucketName: string | null;
  appId: string | null;
  region: string | null;
  remark: string | null;
}

export interface SmsTable extends BaseColumns {
  category: number;
  smsCode: string;
  templateId: string | null;
  accessKey: string | null;
  secretKey: string | null;
  regionId: string | null;
  signName: string | null;
  /** 腾讯云's SmsSdkAppId. */
  appId: string | null;
  remark: string | null;
}

export interface AttachTable extends BaseColumns {
  link: string;
  domain: string | null;
  name: string | null;
  originalName: string | null;
  extension: string | null;
  attachSize: number | null;
}

export interface NoticeTable extends BaseColumns {
  title: string;
  category: number;
  releaseTime: string | null;
  content: string | null;
}

interface LogColumns {
  id: number;
  tenantId: Generated<string>;
  serviceId: string | null;
  serverHost: string | null;
  serverIp: string | null;
  env: string | null;
  method: string | null;
  requestUri: string | null;
  userAgent: string | null;
  remoteIp: string | null;
  methodClass: string | null;
  methodName: string | null;
  params: string | null;
  createBy: string | null;
  createTime: string | null;
}

export interface LogApiTable extends LogColumns {
  type: string | null;
  title: string | null;
  time: number | null;
}

export interface LogErrorTable extends LogColumns {
  stackTrace: string | null;
  exceptionName: string | null;
  message: string | null;
  fileName: string | null;
  lineNumber: number | null;
}

export interface LogUsualTable extends LogColumns {
  logLevel: string | null;
  logId: string | null;
  logData: string | null;
}

/** One change to a control (parameters, roles and grants, page publishes, model deploys, split set-up, approvals). */
export interface AuditTable {
  id: number;
  /** Dictionary `audit_kind`. */
  kind: string;
  /** What was done: add, edit, remove, publish, rollback, deploy, request, approve, reject… */
  action: string;
  /** What the control is, in words a reader knows it by (a parameter's key, a role's name, a page's id). */
  subject: string;
  subjectId: number | null;
  /** JSON of the control before and after; null where it did not exist. */
  beforeValue: string | null;
  afterValue: string | null;
  userId: number | null;
  account: string | null;
  realName: string | null;
  remoteIp: string | null;
  createTime: string;
}

export interface SettingTable {
  settingKey: string;
  settingValue: string;
}

export interface SessionTable {
  id: number;
  /** -1 while a social account is not yet bound to a user. */
  userId: number;
  oauthId: number | null;
  /** The customer a customer-app session signs in (its userId is 0); null for staff. */
  customerId: number | null;
  clientId: string;
  grantType: string;
  refreshJti: string;
  accessExpireTime: string;
  refreshExpireTime: string;
  revoked: Generated<number>;
  createTime: string;
  updateTime: string | null;
}

export interface CaptchaTable {
  captchaKey: string;
  code: string;
  expireTime: string;
}

export interface LoginFailureTable {
  loginName: string;
  failCount: number;
  lockUntil: string | null;
  updateTime: string;
}

/** One rate-limit counter (migration 0027_h): its hits in the window ending at `resetAt`, epoch milliseconds. */
export interface RateLimitTable {
  limitKey: string;
  hits: number;
  resetAt: number;
}

export interface UserOauthTable {
  id: number;
  tenantId: Generated<string>;
  uuid: string;
  userId: number | null;
  username: string | null;
  nickname: string | null;
  avatar: string | null;
  blog: string | null;
  company: string | null;
  location: string | null;
  email: string | null;
  remark: string | null;
  gender: string | null;
  source: string;
  createTime: string | null;
}

export interface SocialCodeTable {
  code: string;
  source: string;
  uuid: string;
  username: string | null;
  state: string | null;
  expireTime: string;
}

export interface SmsCodeTable {
  phone: string;
  code: string;
  expireTime: string;
  createTime: string;
}

/** What the SMS simulator sent (migration 0004): one row per phone, failures included. */
export interface SmsMessageTable {
  id: number;
  smsId: number | null;
  smsCode: string | null;
  category: number | null;
  templateId: string | null;
  signName: string | null;
  phone: string;
  params: string | null;
  /** 1 sent, 0 refused. */
  success: number;
  error: string | null;
  createTime: string;
}

/** Every table; later migrations add their tables here too. */
export interface CompanyTable extends BaseColumns {
  companyName: string;
  shortName: string | null;
  companyKind: number;
  deptId: number;
  contactName: string | null;
  contactPhone: string | null;
  address: string | null;
  remark: string | null;
}

export interface SiteTable extends BaseColumns {
  siteName: string;
  siteKind: number;
  companyId: number;
  deptId: number;
  provinceCode: string | null;
  cityCode: string | null;
  districtCode: string | null;
  address: string | null;
  longitude: string | null;
  latitude: string | null;
  openingHours: string | null;
  contactName: string | null;
  contactPhone: string | null;
  siteState: Generated<number>;
  picture: string | null;
  remark: string | null;
}

export interface EquTypeTable extends BaseColumns {
  typeName: string;
  typeKind: number;
  picture: string | null;
  deposit: Generated<number>;
  sort: number | null;
  remark: string | null;
}

export interface EquTable extends BaseColumns {
  keyPair: string;
  typeId: number;
  siteId: number;
  lockNo: string | null;
  batch: string | null;
  port: number | null;
  equState: Generated<number>;
  battery: number | null;
  signalStrength: number | null;
  lastHeartbeat: string | null;
  remark: string | null;
  /** The device's own price plan, else the site's active plan for its type (migration 0025_a). */
  priceId: number | null;
}

export interface PriceTable extends BaseColumns {
  priceName: string;
  siteId: number;
  typeId: number;
  deposit: Generated<number>;
  firstMinutes: number;
  firstPrice: number;
  unitMinutes: number;
  unitPrice: number;
  freeMinutes: Generated<number>;
  dailyCap: number | null;
  effectiveFrom: string | null;
  priceState: Generated<number>;
  remark: string | null;
}

export interface LockSimTable {
  lockNo: string;
  online: Generated<number>;
  battery: Generated<number>;
  signalStrength: Generated<number>;
  unlocked: Generated<number>;
  updateTime: string | null;
}

export interface ProblemTable extends BaseColumns {
  equId: number;
  siteId: number;
  faultKind: number;
  description: string;
  pictures: string | null;
  reporterPhone: string | null;
  problemState: Generated<number>;
  handler: string | null;
  result: string | null;
  resolvedEquState: number | null;
  resolveTime: string | null;
}

export interface RoomTable extends BaseColumns {
  siteId: number;
  ward: string;
  floor: number | null;
  roomNo: string;
  remark: string | null;
}

export interface BedTable extends BaseColumns {
  roomId: number;
  siteId: number;
  bedNo: string;
  equId: number | null;
  bedState: Generated<number>;
  remark: string | null;
}

export interface CouponTable extends BaseColumns {
  couponName: string;
  couponKind: number;
  amount: number | null;
  discount: number | null;
  freeMinutes: number | null;
  threshold: Generated<number>;
  validFrom: string;
  validTo: string;
  quantity: number;
  perUserLimit: Generated<number>;
  siteIds: string | null;
  issuedCount: Generated<number>;
  usedCount: Generated<number>;
  remark: string | null;
}

export interface GoodsTable extends BaseColumns {
  goodsName: string;
  picture: string | null;
  price: number;
  stock: Generated<number>;
  shelfState: Generated<number>;
  description: string | null;
  sort: number | null;
}

export interface ActivityTable extends BaseColumns {
  activityName: string;
  activityKind: number;
  startTime: string;
  endTime: string;
  rechargeAmount: number | null;
  bonusAmount: number | null;
  couponId: number | null;
  rules: string | null;
  publishState: Generated<number>;
}

export interface BannerTable extends BaseColumns {
  title: string;
  image: string;
  link: string | null;
  sort: number | null;
  validFrom: string | null;
  validTo: string | null;
  publishState: Generated<number>;
}

export interface TipTable extends BaseColumns {
  title: string;
  tipKind: number;
  content: string;
  sort: number | null;
  publishState: Generated<number>;
}

export interface NormalTable extends BaseColumns {
  question: string;
  answer: string;
  sort: number | null;
  publishState: Generated<number>;
}

export interface OperTable extends BaseColumns {
  operName: string;
  phone: string;
  siteIds: string;
  userId: number | null;
  operState: Generated<number>;
  remark: string | null;
}

export interface ScheduleTable extends BaseColumns {
  operId: number;
  siteId: number;
  dutyDate: string;
  shift: number;
  remark: string | null;
}

export interface AppTable extends BaseColumns {
  appName: string;
  appKey: string;
  appKind: number;
  remark: string | null;
}

/** Migration 0019: an app's entries; `enabled` 1 shown in the app, 0 hidden. */
export interface AppMenuTable extends BaseColumns {
  appId: number;
  menuName: string;
  menuNameEn: string | null;
  code: string;
  path: string;
  icon: string | null;
  sort: Generated<number>;
  enabled: Generated<number>;
}

export interface RoleAppMenuTable {
  id: number;
  roleId: number;
  appMenuId: number;
}

/** Migration 0011: customers, wallets, the ledger, orders, payments, refunds (docs/orders-and-money.md). */
export interface CustomerTable extends BaseColumns {
  nickName: string | null;
  phoneNumber: string | null;
  openId: string;
  appId: number | null;
  avatar: string | null;
}

/** A customer's latest mini-program session key, sealed with the AppSecret; never answered, never logged. */
export interface CustomerSessionKeyTable {
  customerId: number;
  unionId: string | null;
  /** `iv.tag.ciphertext` in base64url (AES-256-GCM). */
  sealedKey: string;
  updateTime: string;
}

/** The mini-program's access token, shared by every instance. */
export interface MiniAppTokenTable {
  appId: string;
  accessToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  /** How many tokens were fetched: the platform's daily quota counts them. */
  fetchCount: Generated<number>;
}

export interface WalletTable extends BaseColumns {
  customerId: number;
  amount: Generated<number>;
  personAmount: Generated<number>;
  platAmount: Generated<number>;
}

export interface WithdrawalTable extends BaseColumns {
  customerId: number;
  walletId: number;
  amount: number;
  outBatchNo: string;
  batchId: string | null;
  state: Generated<number>;
  reason: string | null;
  auditUser: number | null;
  auditTime: string | null;
  /** Migration 0029_t: `transfer-bills` or `batches`, the API the payout went out by; null before it. */
  payoutApi: string | null;
  /** Migration 0029_t: WeChat Pay's transfer_bill_no. */
  transferBillNo: string | null;
  /** Migration 0029_t: the bill's v3 state (dictionary transfer_bill_state). */
  billState: string | null;
  /** Migration 0029_t: package_info for wx.requestMerchantTransfer while the bill waits for the customer. */
  packageInfo: string | null;
}

export interface TransferTable extends BaseColumns {
  outBatchNo: string;
  customerId: number;
  nickName: string | null;
  amount: number;
  remark: string;
  batchId: string | null;
  state: Generated<number>;
  reason: string | null;
  successTime: string | null;
  /** Migration 0029_t: `transfer-bills` or `batches`, the API the payout went out by; null before it. */
  payoutApi: string | null;
  /** Migration 0029_t: WeChat Pay's transfer_bill_no. */
  transferBillNo: string | null;
  /** Migration 0029_t: the bill's v3 state (dictionary transfer_bill_state). */
  billState: string | null;
  /** Migration 0029_t: package_info for wx.requestMerchantTransfer while the bill waits for the customer. */
  packageInfo: string | null;
  /** Migration 0029_t: the payee's real name, for a transfer of 2,000 yuan or more. */
  payeeName: string | null;
}

/** A payout waiting for a second person (docs/orders-and-money.md, Approvals); createUser is who asked for it. */
/** A version of a page definition (docs/studio.md): state 0 draft, 1 published; no definition: the shipped file. */
export interface PageVersionTable {
  id: number;
  pageId: string;
  version: number;
  state: number;
  definition: string | null;
  comment: string | null;
  baseline: string | null;
  author: string;
  createUser: number | null;
  createTime: string;
  /** Why the version could not be drawn, as JSON ({ by, path, message, zh, time }), when it could not. */
  drawFailure: string | null;
}

export interface ApprovalTable extends BaseColumns {
  kind: number;
  bizNo: string;
  amount: number;
  orderId: number | null;
  customerId: number | null;
  withdrawalId: number | null;
  remark: string | null;
  /** The launch call's input as JSON, replayed on approval. */
  ask: string;
  state: Generated<number>;
  reason: string | null;
  approveUser: number | null;
  approveTime: string | null;
}

/** A payee's or a requester's turn to pay out, held until `until` at the latest (a crashed holder's turn lapses). */
/** A background pass's lease on one piece of work (server/platform/work/claims.ts). */
export interface WorkClaimTable {
  kind: string;
  workKey: string;
  holder: string;
  until: string;
}

/** An export of a list (server/platform/exports/): its progress, its end, and where its file waits for download. */
/** A studio preview's compiled form validators, by the hash of what they were compiled from. */
export interface PreviewValidatorsTable {
  hash: string;
  pageId: string;
  /** The JavaScript module ajv wrote (runtime/form/compile.ts). */
  source: string;
  createTime: string;
}

export interface ExportJobTable {
  /** A UUID, the id the console follows. */
  id: string;
  ownerId: number;
  title: string;
  /** running, done, failed or cancelled. */
  state: string;
  written: Generated<number>;
  /** The list's total as its first page counted it. */
  total: number | null;
  /** Why it failed, in the words the person reads. */
  reason: string | null;
  /** The finished file's name in the export files' store. */
  fileKey: string | null;
  /** The instance that runs it; its lease is the work claim (kind `export`, key the id). */
  holder: string;
  createTime: string;
  finishTime: string | null;
}

export interface PayoutTurnTable {
  turnKey: string;
  holder: number;
  until: string;
}

export interface PayeeTable extends BaseColumns {
  payeeName: string;
  mchId: string;
  companyId: number | null;
  remark: string | null;
}

export interface ReceiverTable extends BaseColumns {
  receiverName: string;
  receiverType: number;
  account: string;
  relationType: number;
  remark: string | null;
}

export interface SetterTable extends BaseColumns {
  companyId: number | null;
  siteId: number | null;
  receiverId: number;
  ratio: number;
  remark: string | null;
}

export interface SplitRecordTable extends BaseColumns {
  outOrderNo: string;
  orderId: number;
  outTradeNo: string;
  transactionId: string;
  sharingId: string | null;
  receiverId: number;
  receiverName: string | null;
  account: string | null;
  amount: number;
  ratio: number;
  state: Generated<string>;
  finishTime: string | null;
}

export interface GoodsOrderTable extends BaseColumns {
  outTradeNo: string;
  transactionId: string | null;
  customerId: number;
  nickName: string | null;
  phoneNumber: string | null;
  goodsId: number;
  goodsName: string;
  price: number;
  quantity: number;
  totalAmount: number;
  state: Generated<number>;
  payTime: string | null;
  remark: string | null;
}

export interface RechargeTable extends BaseColumns {
  rechargeNo: string;
  customerId: number;
  walletId: number;
  amount: number;
  bonusAmount: Generated<number>;
  activityId: number | null;
  transactionId: string | null;
  state: Generated<number>;
  successTime: string | null;
}

export interface LedgerTable {
  id: number;
  account: number;
  kind: string;
  bizNo: string;
  personDelta: Generated<number>;
  platDelta: Generated<number>;
  orderId: number | null;
  createTime: string;
}

export interface OrderTable extends BaseColumns {
  outTradeNo: string;
  transactionId: string | null;
  customerId: number;
  nickname: string | null;
  phoneNumber: string | null;
  equId: number;
  keyPair: string;
  batch: string | null;
  siteId: number;
  siteName: string | null;
  deptId: number;
  deptName: string | null;
  typeId: number;
  payMode: number;
  freeMinutes: Generated<number>;
  firstMinutes: number;
  firstPrice: Generated<number>;
  unitMinutes: number;
  unitPrice: Generated<number>;
  dailyCap: number | null;
  amount: Generated<number>;
  totalAmount: Generated<number>;
  actAmount: number | null;
  refundedAmount: Generated<number>;
  /**
   * Migration 0029_r: the state of the order's refunds for the order list (orders/refund-state.ts): null none, 0
   * processing, 1 refunded, 2 closed and 3 abnormal (a failure not yet resolved), 4 paid outside, awaiting approval.
   */
  refundState: number | null;
  startTime: string | null;
  endTime: string | null;
  description: string | null;
  state: Generated<number>;
  successTime: string | null;
  tradeStateDesc: string | null;
}

export interface PaymentTable {
  id: number;
  outTradeNo: string;
  purpose: string;
  refId: number;
  customerId: number;
  amount: Generated<number>;
  prepayId: string | null;
  transactionId: string | null;
  tradeState: string;
  successTime: string | null;
  createTime: string;
  updateTime: string | null;
}

export interface RefundTable {
  id: number;
  tenantId: Generated<string>;
  orderId: number;
  outTradeNo: string;
  transactionId: string | null;
  outRefundNo: string;
  refundId: string | null;
  amount: Generated<number>;
  reason: string | null;
  channel: string | null;
  userReceivedAccount: string | null;
  status: Generated<number>;
  /** Migration 0020_a: 1 staff, 2 the rest of a deposit at finish, 3 the customer (settle.ts REFUND_BY_*). */
  source: Generated<number>;
  successTime: string | null;
  createUser: number | null;
  createTime: string;
  updateTime: string | null;
  /**
   * Migration 0029_r: how a failed (closed or abnormal) refund was resolved: 0 not yet, 1 recorded as paid outside
   * and waiting for approval, 2 sent again (`resolvedNo` the new refund's number), 3 paid outside (`resolvedNo` the
   * reference), orders/refund-resolution.ts; null for a refund that did not fail.
   */
  resolution: number | null;
  resolvedNo: string | null;
  resolveNote: string | null;
  resolveUser: number | null;
  resolveApproveUser: number | null;
  resolveTime: string | null;
  /** Migration 0029_r: the order's phone number, so refunds are found by the caller's phone without a join. */
  phoneNumber: string | null;
}

/**
 * Migration 0016_a: daily figures per day, order department, site and equipment (server/money/reports/day-figures.ts).
 * Each counter counts on its own day: `orders`, `rentals` and the `order_…` ones on the order's creation day,
 * `ledger` on the ledger entry's, `refunds` / `refundAmount` on the refund's, `minutes` on the days rented.
 */
export interface DayFigureTable {
  day: string;
  deptId: number;
  siteId: number;
  equId: number;
  orders: Generated<number>;
  rentals: Generated<number>;
  minutes: Generated<number>;
  ledger: Generated<number>;
  refunds: Generated<number>;
  refundAmount: Generated<number>;
  orderLedger: Generated<number>;
  orderRefunds: Generated<number>;
  orderRefundAmount: Generated<number>;
}

/** Migration 0011_b: the payment sandbox's records and the accepted notification nonces. */
export interface PaySimTable {
  id: number;
  kind: string;
  outNo: string;
  outTradeNo: string;
  providerNo: string;
  amount: number;
  state: string;
  outcome: string;
  dueTime: string;
  /** 0 waiting for its first delivery or an acknowledgement, 1 acknowledged, 2 given up (migration 0023_a). */
  notified: Generated<number>;
  /** Deliveries of its notification so far (migration 0023_a). */
  attempts: Generated<number>;
  createTime: string;
  /** When the provider decided it (a payment paid, a refund done, a share or a batch finished): its bills' time (0029_b). */
  finishTime?: string | null;
}

/** Migration 0029_b: a bill day, claimed by the instance downloading it (server/money/bills/days.ts). */
export interface BillDayTable {
  day: string;
  /** running, done or failed. */
  state: string;
  holder: string;
  until: string;
  attempts: Generated<number>;
  tradeRows: Generated<number>;
  fundRows: Generated<number>;
  differences: Generated<number>;
  lastError: string | null;
  finishTime: string | null;
  updateTime: string;
}

/** Migration 0029_b: a difference between WeChat Pay's bill of a day and our records (server/money/bills/compare.ts). */
export interface BillDifferenceTable {
  id: number;
  tenantId: Generated<string>;
  day: string;
  /** 1 我方缺失, 2 对方缺失, 3 金额不符, 4 状态不符. */
  kind: number;
  /** payment, refund, split or payout. */
  business: string;
  outNo: string;
  ourAmount: number | null;
  ourState: string | null;
  theirNo: string | null;
  theirAmount: number | null;
  theirState: string | null;
  amountDifference: Generated<number>;
  /** 0 未处理, 1 已处理. */
  state: Generated<number>;
  note: string | null;
  handleUser: number | null;
  handleTime: string | null;
  createTime: string;
  isDeleted: Generated<number>;
}

/** Migration 0023_a: the recovery worker's attempts on a record waiting on the provider (server/money/recovery/attempts.ts). */
export interface RecoveryTable {
  kind: string;
  outNo: string;
  attempts: Generated<number>;
  nextTime: string;
  lastError: string | null;
  updateTime: string;
}

export interface PayNonceTable {
  nonce: string;
  createTime: string;
}

/** Migration 0022_a: the workflow engine's process instances, their tasks, and the leave requests. */
export interface FlowInstanceTable extends BaseColumns {
  processKey: string;
  businessTable: string;
  businessId: number;
  title: string;
  flowState: Generated<number>;
  endTime: string | null;
  /** Migration 0024_f: the deployed version it runs on, the engine's kept state, when its next timer is due. */
  deploymentId: number | null;
  engineState: string | null;
  wakeTime: string | null;
  /** The elements it went through, comma separated, oldest first. */
  path: string | null;
}

/** Migration 0024_f: a deployed process model, one row per version. */
export interface FlowDeploymentTable extends BaseColumns {
  processKey: string;
  version: number;
  name: string;
  nameEn: string;
  category: Generated<string>;
  businessTable: Generated<string>;
  xml: string;
  /** The model as the console reads it (server/system/flow/bpmn/model.ts), JSON. */
  model: string;
  suspended: Generated<number>;
}

/** Migration 0024_f: a process model being drawn (模型管理), deployed as a new version when ready. */
export interface FlowModelTable extends BaseColumns {
  modelKey: string;
  name: string;
  xml: string;
  remark: string | null;
}

export interface FlowTaskTable {
  id: number;
  instanceId: number;
  nodeKey: string;
  assigneeId: number | null;
  candidateRoles: string | null;
  /** The department of the company a candidate must belong to (the starter's); null: any holder of the roles. */
  candidateDept: number | null;
  /** Migration 0025_e: the people a department or manager rule named (`,id,id,`), each may claim it. */
  candidateUsers: string | null;
  taskState: Generated<number>;
  outcome: string | null;
  comment: string | null;
  createTime: string;
  claimTime: string | null;
  endTime: string | null;
  /** Migration 0024_f: the step's name in Chinese and English, and the page whose form it shows. */
  taskName: string | null;
  taskNameEn: string | null;
  formKey: string | null;
}

export interface LeaveTable extends BaseColumns {
  instanceId: number | null;
  leaveType: number;
  startTime: string;
  endTime: string;
  days: number;
  reason: string;
  taskUser: number | null;
}

/** Migration 0021: the official WeChat account area (docs/official-account.md). */
export interface MpAccountTable extends BaseColumns {
  accountName: string;
  accountType: Generated<number>;
  originalId: string | null;
  appId: string;
  appSecret: string;
  qrScene: string | null;
  qrUrl: string | null;
  qrExpireTime: string | null;
  /** The Token and EncodingAESKey entered on the platform for the push URL. */
  pushToken: string | null;
  aesKey: string | null;
  remark: string | null;
}

export interface MpAccessTokenTable {
  appId: string;
  accessToken: string | null;
  /** Epoch milliseconds. */
  expiresAt: Generated<number>;
  /** Until when one instance holds the right to refresh (epoch ms); 0 when none does. */
  leaseUntil: Generated<number>;
  /** How many tokens were fetched for the AppID: the platform's daily quota counts them. */
  fetchCount: Generated<number>;
}

export interface MpFansTable extends BaseColumns {
  accountId: number;
  openId: string;
  nickname: string | null;
  subscribeState: Generated<number>;
  subscribeTime: string | null;
  subscribeScene: string | null;
  remark: string | null;
  syncTime: string | null;
}

export interface MpFansMsgTable extends BaseColumns {
  accountId: number;
  openId: string;
  nickname: string | null;
  msgType: Generated<number>;
  content: string;
  replyState: Generated<number>;
  receiveTime: string;
}

export interface MpFansMsgResTable extends BaseColumns {
  fansMsgId: number;
  accountId: number;
  openId: string;
  content: string;
}

export interface MpMaterialTable extends BaseColumns {
  accountId: number;
  materialType: Generated<number>;
  title: string;
  author: string | null;
  digest: string | null;
  content: string | null;
  coverUrl: string | null;
  sourceUrl: string | null;
  mediaId: string | null;
  thumbMediaId: string | null;
  publishState: Generated<number>;
  publishId: string | null;
  publishTime: string | null;
  articleId: string | null;
  articleUrl: string | null;
  /** When an instance last took the publish to ask the platform about it (the check pass's claim). */
  publishCheckTime: string | null;
}

export interface MpAutoReplyTable extends BaseColumns {
  accountId: number;
  replyKind: number;
  keyword: string | null;
  matchMode: number | null;
  replyType: Generated<number>;
  content: string | null;
  materialId: number | null;
}

export interface MpMenuTable {
  accountId: number;
  buttons: string;
  publishState: Generated<number>;
  publishTime: string | null;
  updateUser: number | null;
  updateTime: string | null;
}

export interface MpSimFanTable {
  appId: string;
  openId: string;
  nickname: string | null;
  subscribeTime: string;
  subscribeScene: string | null;
  lastMessageTime: string | null;
}

export interface MpSimCallTable {
  id: number;
  appId: string;
  kind: string;
  payload: string;
  createTime: string;
}

export interface Database {
  blade_user: UserTable;
  blade_user_platform: UserPlatformTable;
  blade_role: RoleTable;
  blade_dept: DeptTable;
  blade_menu: MenuTable;
  blade_role_menu: RoleMenuTable;
  blade_role_scope: RoleScopeTable;
  blade_scope_data: ScopeDataTable;
  blade_scope_api: ScopeApiTable;
  blade_top_menu: TopMenuTable;
  blade_post: PostTable;
  blade_top_menu_setting: TopMenuSettingTable;
  blade_dict: DictTable;
  blade_dict_biz: DictTable;
  blade_param: ParamTable;
  blade_client: ClientTable;
  blade_region: RegionTable;
  blade_oss: OssTable;
  blade_sms: SmsTable;
  blade_attach: AttachTable;
  blade_notice: NoticeTable;
  blade_log_api: LogApiTable;
  blade_log_error: LogErrorTable;
  blade_log_usual: LogUsualTable;
  blade_setting: SettingTable;
  blade_audit: AuditTable;
  blade_sms_message: SmsMessageTable;
  blade_session: SessionTable;
  blade_captcha: CaptchaTable;
  blade_login_failure: LoginFailureTable;
  blade_rate_limit: RateLimitTable;
  blade_work_claim: WorkClaimTable;
  blade_export_job: ExportJobTable;
  blade_preview_validators: PreviewValidatorsTable;
  blade_user_oauth: UserOauthTable;
  blade_social_code: SocialCodeTable;
  blade_sms_code: SmsCodeTable;
  biz_company: CompanyTable;
  biz_site: SiteTable;
  biz_type: EquTypeTable;
  biz_equ: EquTable;
  biz_price: PriceTable;
  biz_lock_sim: LockSimTable;
  biz_problem: ProblemTable;
  biz_room: RoomTable;
  biz_bed: BedTable;
  biz_coupon: CouponTable;
  biz_goods: GoodsTable;
  biz_activity: ActivityTable;
  biz_banner: BannerTable;
  biz_tip: TipTable;
  biz_normal: NormalTable;
  biz_oper: OperTable;
  biz_schedule: ScheduleTable;
  biz_app: AppTable;
  biz_app_menu: AppMenuTable;
  blade_role_app_menu: RoleAppMenuTable;
  mp_account: MpAccountTable;
  mp_access_token: MpAccessTokenTable;
  mp_fans: MpFansTable;
  mp_fans_msg: MpFansMsgTable;
  mp_fans_msg_res: MpFansMsgResTable;
  mp_material: MpMaterialTable;
  mp_auto_reply: MpAutoReplyTable;
  mp_menu: MpMenuTable;
  mp_sim_fan: MpSimFanTable;
  mp_sim_call: MpSimCallTable;
  biz_customer: CustomerTable;
  biz_customer_session_key: CustomerSessionKeyTable;
  biz_miniapp_token: MiniAppTokenTable;
  biz_wallet: WalletTable;
  biz_ledger: LedgerTable;
  biz_order: OrderTable;
  biz_payment: PaymentTable;
  biz_refund: RefundTable;
  biz_day_figure: DayFigureTable;
  biz_pay_sim: PaySimTable;
  biz_bill_day: BillDayTable;
  biz_bill_difference: BillDifferenceTable;
  biz_pay_nonce: PayNonceTable;
  biz_recovery: RecoveryTable;
  biz_withdrawal: WithdrawalTable;
  biz_transfer: TransferTable;
  biz_approval: ApprovalTable;
  biz_payout_turn: PayoutTurnTable;
  biz_payee: PayeeTable;
  biz_receiver: ReceiverTable;
  biz_setter: SetterTable;
  biz_split_record: SplitRecordTable;
  biz_goods_order: GoodsOrderTable;
  biz_recharge: RechargeTable;
  blade_flow_instance: FlowInstanceTable;
  blade_flow_task: FlowTaskTable;
  blade_flow_deployment: FlowDeploymentTable;
  blade_flow_model: FlowModelTable;
  biz_leave: LeaveTable;
  blade_page_version: PageVersionTable;
}
