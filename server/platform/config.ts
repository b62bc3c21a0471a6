// Configuration comes from the environment only; every variable is documented in README.md.
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** `postgres://…` selects PostgreSQL; anything else is a SQLite file path. */
  databaseUrl: string;
  captchaEnabled: boolean;
  adminPassword: string;
  /** Token-signing secret; when empty one is generated and kept in the database on first start. */
  tokenSecret: string;
  seedDemo: boolean;
  /** Folder of the built console served at `/`. */
  distDir: string;
  /** Folder for uploaded files (the local OSS adapter) and the default SQLite file. */
  dataDir: string;
  /** Folder `npm run backup` writes to and `npm run restore` lists (BACKUP_DIR, default DATA_DIR/backups). */
  backupDir: string;
  /** `production` hides internal error messages behind 服务器异常. */
  env: string;
  /** The largest file put-file accepts, in bytes (UPLOAD_MAX_MB, default 10). */
  uploadMaxBytes: number;
  /** Social sign-in providers to offer (SOCIAL_PROVIDERS, comma list); none unless configured. */
  socialProviders: string[];
  /**
   * Which proxies' X-Forwarded-For to believe (TRUST_PROXY): false (default) logs the connecting address; true, a
   * hop count or a comma list of proxy addresses, as Fastify's `trustProxy`.
   */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  /** Serve the OpenAPI pages at /api/docs (DOCS_ENABLED; default on, off in production). */
  docsEnabled: boolean;
  /** Origins other sites' pages may call the API from (CORS_ORIGINS, comma list); none by default. */
  corsOrigins: string[];
  locks: LockConfig;
  payments: PaymentConfig;
  sms: SmsConfig;
  mp: OfficialAccountConfig;
  miniApp: MiniAppConfig;
  /**
   * A customer's own refund in the app (SELF_REFUND_MINUTES, default 5): only of a rental that lasted at most this
   * many minutes, one that did not really happen (docs/orders-and-money.md, Refunds).
   */
  selfRefundMinutes: number;
  ops: OpsConfig;
}

/** What the operator's tools reach (docs/operations.md): metrics and the graceful stop. */
export interface OpsConfig {
  /** METRICS_TOKEN: a scraper sending `Authorization: Bearer <it>` may read /metrics from anywhere; empty: none. */
  metricsToken: string;
  /** METRICS_ALLOW: the addresses (CIDR list) that read /metrics without the token; loopback by default. */
  metricsAllow: string[];
  /** DRAIN_GRACE_MS: how long a stopping instance keeps serving after /readyz turned 503, for the balancer to see. */
  drainGraceMs: number;
}

/** The payment provider (PAY_PROVIDER): the sandbox (PAY_SANDBOX_* variables, the default) or WeChat Pay v3. */
export interface PaymentConfig {
  provider: 'sandbox' | 'wechat';
  /** PAY_SANDBOX_IN_PRODUCTION: with NODE_ENV=production the server starts on the sandbox only when this is set. */
  sandboxInProduction: boolean;
  wechat: WechatPayConfig;
  /** How long a payment's or refund's result takes to arrive as a notification. */
  sandboxDelayMs: number;
  /** The merchant balance before anything is paid in, in cents. */
  sandboxBalance: number;
  /** How often each instance's recovery worker looks for money waiting on the provider; 0 turns it off. */
  recoveryIntervalMs: number;
  /** How old such a record must be before the worker touches it, so a request still in flight is not raced. */
  recoveryGraceMs: number;
  /** Reconcile lists money in a non-final state for longer than this. */
  staleMinutes: number;
  /** How often each instance looks for bill days due to reconcile against WeChat Pay's bills; 0 turns it off. */
  billIntervalMs: number;
}

/** The merchant's WeChat Pay v3 settings (WECHATPAY_* variables, docs/going-live-payments.md). */
export interface WechatPayConfig {
  /** 商户号. */
  mchId: string;
  /** The serial number of the merchant's API certificate. */
  serialNo: string;
  /** The merchant's API private key (apiclient_key.pem). */
  privateKeyFile: string;
  /** The 32-character APIv3 key that decrypts notifications and platform certificates. */
  apiV3Key: string;
  /** The mini-program's (or official account's) AppID the payments are made in. */
  appId: string;
  /** Where WeChat Pay posts results: this server's `/api/pay/notify`, reachable over HTTPS. */
  notifyUrl: string;
  /** `https://api.mch.weixin.qq.com` unless pointed at a stand-in. */
  baseUrl: string;
  /** 微信支付分 service id, for rentals without deposit; empty when pay-score is not enabled. */
  payScoreServiceId: string;
  /**
   * How answers and notifications are verified: with the platform certificates (GET /v3/certificates), with the
   * 微信支付公钥, or with either during the switch from the first to the second (the `Wechatpay-Serial` names which).
   */
  verifyMode: 'certificate' | 'public-key' | 'switch-over';
  /** The 微信支付公钥's ID, `PUB_KEY_ID_…`; empty in certificate mode. */
  publicKeyId: string;
  /** The 微信支付公钥 (pub_key.pem); empty in certificate mode. */
  publicKeyFile: string;
  /**
   * How payouts (withdrawals, transfers to customers) go out (WECHATPAY_TRANSFER_API): `transfer-bills`, 商家转账's
   * 发起转账 with the customer's confirmation in the mini-program, or `batches`, the 商家转账到零钱 batches merchants
   * who opened it before 2025-01-15 may still have. The sandbox follows the same setting.
   */
  transferApi: 'transfer-bills' | 'batches';
  /** transfer_scene_id of transfer-bills: the scene 商户平台 approved for the merchant (WECHATPAY_TRANSFER_SCENE_ID). */
  transferSceneId: string;
  /** user_recv_perception: what the customer sees as the reason; empty leaves WeChat Pay's default for the scene. */
  transferPerception: string;
  /** transfer_scene_report_infos the scene asks for, `类型=内容` pairs separated by `;` (the remark when 内容 is empty). */
  transferReportInfos: Array<{ infoType: string; infoContent: string }>;
}

/** The official account platform (MP_* variables). */
export interface OfficialAccountConfig {
  /** `simulator` (default: the platform's side kept in the database) or `wechat`. */
  platform: 'simulator' | 'wechat';
  /** The platform's API, or a local double's address. */
  apiBase: string;
}

/** The customer app's sign-in (MINIAPP_* variables, docs/going-live.md). */
export interface MiniAppConfig {
  /** `simulator` (default: codes issued and kept in the database) or `wechat`: jscode2session with the AppSecret. */
  login: 'simulator' | 'wechat';
  /** MINIAPP_SIMULATOR_IN_PRODUCTION: with NODE_ENV=production the server starts on the simulator only when set. */
  simulatorInProduction: boolean;
  /** The mini-program's AppID. */
  appId: string;
  /** The mini-program's AppSecret: never logged, never answered. */
  secret: string;
  /** `https://api.weixin.qq.com`, or a local double's address. */
  apiBase: string;
}

/** Where texts go (SMS_* variables). */
export interface SmsConfig {
  /** `simulator` (default: texts recorded in the database) or `live`: the enabled config's provider. */
  gateway: 'simulator' | 'live';
  /** The providers' API hosts, or `http://host:port` of a local double. */
  aliyunEndpoint: string;
  tencentEndpoint: string;
}

/** How unlock commands reach the locks (LOCK_* variables). */
export interface LockConfig {
  /** `simulator` (default: device state in the database) or `mqtt`. */
  gateway: 'simulator' | 'mqtt';
  /** How long a lock may take to acknowledge an unlock before the operator is told it timed out. */
  timeoutMs: number;
  /** The simulator's answer delay, as an NB-IoT platform's round trip. */
  simulatorDelayMs: number;
  /** Below this battery percentage a lock refuses to open (the motor could stall half-way). */
  lowBattery: number;
  /** The MQTT broker, e.g. `mqtt://broker:1883`. */
  mqttUrl: string;
  /** Topic prefix: commands go to `<prefix>/<lock>/command`, answers come on `<prefix>/<lock>/ack`. */
  mqttTopicPrefix: string;
}

const flag = (value: string | undefined, fallback: boolean): boolean =>
  value === undefined || value === '' ? fallback : !['false', '0', 'no', 'off'].includes(value.toLowerCase());

const positive = (value: string | undefined, fallback: number): number => {
  const number = Number(value);
  return value && Number.isFinite(number) && number > 0 ? number : fallback;
};

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

function trustProxyOf(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || value === '') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  if (['true', 'false', 'yes', 'no', 'on', 'off'].includes(value.toLowerCase())) return flag(value, false);
  return list(value);
}

const whole = (value: string | undefined, fallback: number): number => {
  const number = Number(value);
  return value && Number.isInteger(number) && number >= 0 ? number : fallback;
};

/** A mistyped provider must not quietly fall back to the sandbox. */
function paymentProviderNameOf(value: string | undefined): PaymentConfig['provider'] {
  const name = (value || 'sandbox').toLowerCase();
  if (name !== 'sandbox' && name !== 'wechat') throw new Error(`PAY_PROVIDER must be sandbox or wechat, not ${value}`);
  return name;
}

/** A mistyped gateway must not quietly fall back to the simulator in production. */
function lockGatewayOf(value: string | undefined): LockConfig['gateway'] {
  const name = (value || 'simulator').toLowerCase();
  if (name !== 'simulator' && name !== 'mqtt') throw new Error(`LOCK_GATEWAY must be simulator or mqtt, not ${value}`);
  return name;
}

/** `类型=内容;类型=内容`: the report of a transfer scene, as 商户平台 lists its info types. */
function reportInfosOf(value: string | undefined): WechatPayConfig['transferReportInfos'] {
  const pairs = (value ?? '').split(';').filter((pair) => pair.trim());
  return pairs.map((pair) => {
    const [infoType = '', infoContent = ''] = pair.split('=', 2).map((part) => part.trim());
    return { infoType, infoContent };
  });
}

function choice<T extends string>(name: string, value: string | undefined, choices: T[]): T {
  const chosen = (value || choices[0]).toLowerCase() as T;
  if (!choices.includes(chosen)) throw new Error(`${name} must be ${choices.join(' or ')}, not ${value}`);
  return chosen;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  const nodeEnv = env.NODE_ENV ?? 'development';
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || path.join(dataDir, 'console.db'),
    captchaEnabled: flag(env.CAPTCHA_ENABLED, true),
    adminPassword: env.ADMIN_PASSWORD || 'admin',
    tokenSecret: env.TOKEN_SECRET ?? '',
    seedDemo: flag(env.SEED_DEMO, true),
    distDir: path.resolve(env.DIST_DIR ?? 'dist'),
    dataDir,
    backupDir: path.resolve(env.BACKUP_DIR || path.join(dataDir, 'backups')),
    env: nodeEnv,
    uploadMaxBytes: Math.round(positive(env.UPLOAD_MAX_MB, 10) * 1024 * 1024),
    socialProviders: list(env.SOCIAL_PROVIDERS),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    docsEnabled: flag(env.DOCS_ENABLED, nodeEnv !== 'production'),
    corsOrigins: list(env.CORS_ORIGINS),
    locks: {
      gateway: lockGatewayOf(env.LOCK_GATEWAY),
      timeoutMs: positive(env.LOCK_TIMEOUT_MS, 10000),
      simulatorDelayMs: whole(env.LOCK_SIMULATOR_DELAY_MS, 1200),
      lowBattery: whole(env.LOCK_LOW_BATTERY, 10),
      mqttUrl: env.LOCK_MQTT_URL || 'mqtt://127.0.0.1:1883',
      mqttTopicPrefix: env.LOCK_MQTT_TOPIC_PREFIX || 'ride/lock',
    },
    payments: {
      provider: paymentProviderNameOf(env.PAY_PROVIDER),
      sandboxInProduction: flag(env.PAY_SANDBOX_IN_PRODUCTION, false),
      wechat: {
        mchId: env.WECHATPAY_MCHID ?? '',
        serialNo: env.WECHATPAY_SERIAL_NO ?? '',
        privateKeyFile: env.WECHATPAY_PRIVATE_KEY_FILE ?? '',
        apiV3Key: env.WECHATPAY_APIV3_KEY ?? '',
        appId: env.WECHATPAY_APPID ?? '',
        notifyUrl: env.WECHATPAY_NOTIFY_URL ?? '',
        baseUrl: env.WECHATPAY_BASE_URL || 'https://api.mch.weixin.qq.com',
        payScoreServiceId: env.WECHATPAY_PAYSCORE_SERVICE_ID ?? '',
        // A merchant given a public key verifies with it unless told otherwise.
        verifyMode: choice(
          'WECHATPAY_VERIFY_MODE',
          env.WECHATPAY_VERIFY_MODE || (env.WECHATPAY_PUBLIC_KEY_ID ? 'public-key' : 'certificate'),
          ['certificate', 'public-key', 'switch-over'],
        ),
        publicKeyId: env.WECHATPAY_PUBLIC_KEY_ID ?? '',
        publicKeyFile: env.WECHATPAY_PUBLIC_KEY_FILE ?? '',
        transferApi: choice('WECHATPAY_TRANSFER_API', env.WECHATPAY_TRANSFER_API, ['transfer-bills', 'batches']),
        transferSceneId: env.WECHATPAY_TRANSFER_SCENE_ID || '1011',
        transferPerception: env.WECHATPAY_TRANSFER_PERCEPTION ?? '',
        transferReportInfos: reportInfosOf(env.WECHATPAY_TRANSFER_REPORT_INFOS),
      },
      sandboxDelayMs: whole(env.PAY_SANDBOX_DELAY_MS, 2000),
      sandboxBalance: whole(env.PAY_SANDBOX_BALANCE, 100_000_000),
      recoveryIntervalMs: whole(env.PAY_RECOVERY_INTERVAL_MS, 5000),
      recoveryGraceMs: whole(env.PAY_RECOVERY_GRACE_MS, 60_000),
      staleMinutes: whole(env.RECONCILE_STALE_MINUTES, 30),
      billIntervalMs: whole(env.BILL_INTERVAL_MS, 3_600_000),
    },
    selfRefundMinutes: whole(env.SELF_REFUND_MINUTES, 5),
    mp: {
      platform: choice('MP_PLATFORM', env.MP_PLATFORM, ['simulator', 'wechat']),
      apiBase: env.MP_API_BASE || 'https://api.weixin.qq.com',
    },
    miniApp: {
      login: choice('MINIAPP_LOGIN', env.MINIAPP_LOGIN, ['simulator', 'wechat']),
      simulatorInProduction: flag(env.MINIAPP_SIMULATOR_IN_PRODUCTION, false),
      appId: env.MINIAPP_APPID ?? '',
      secret: env.MINIAPP_SECRET ?? '',
      apiBase: env.MINIAPP_API_BASE || 'https://api.weixin.qq.com',
    },
    ops: {
      metricsToken: env.METRICS_TOKEN ?? '',
      metricsAllow: list(env.METRICS_ALLOW ?? '127.0.0.0/8,::1/128'),
      drainGraceMs: whole(env.DRAIN_GRACE_MS, 5000),
    },
    sms: {
      gateway: choice('SMS_GATEWAY', env.SMS_GATEWAY, ['simulator', 'live']),
      aliyunEndpoint: env.SMS_ALIYUN_ENDPOINT || 'dysmsapi.aliyuncs.com',
      tencentEndpoint: env.SMS_TENCENT_ENDPOINT || 'sms.tencentcloudapi.com',
    },
  };
}
