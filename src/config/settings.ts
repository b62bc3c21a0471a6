// The console's constants (spec §9). Change them here; nothing else hard-codes these values.
export const settings = {
  /** Prefix of every key the console writes to local and session storage. */
  storagePrefix: 'ride',
  /** Seconds after the stored token time at which the access token is refreshed (see src/README.md). */
  tokenTime: 3000,
  /** How often the layout compares the token age with tokenTime. */
  tokenCheckIntervalMs: 1000,
  /** Lifetime of the access-token cookie. */
  tokenCookieMs: 7200000,
  requestTimeoutMs: 100000,
  /** Body codes that reject the call without a message (spec §8 white list). */
  statusWhiteList: [] as number[],
  clientId: 'saber',
  clientSecret: 'saber_secret',
  tenantId: '000000',
  /** Spec §9: captcha on. The sign-in page hides it only when the server says captcha mode is off. */
  captchaMode: true,
  lockPath: '/lock',
  homePath: '/wel/index',
  /** Spec §2: the home tab is not closable unless configured. */
  homeClosable: false,
  defaultLanguage: 'zh',
  defaultTheme: 'theme-default',
  defaultColor: '#409EFF',
  logBadgeMax: 99,
  noticeDelayMs: 1000,
  chunkTimeoutMs: 120000,
  avatarMaxBytes: 500 * 1024,
  /** Rows a list shows first, and the page sizes people may choose (a choice is kept per person and list). */
  listPageSize: 10,
  listPageSizes: [10, 30, 50, 100, 200],
  /** Width of the add / edit / view dialogs and drawers of the definition screens, in pixels. */
  dialogWidth: 880,
  /** Largest image an image field of a definition screen accepts, in KB (the avatar's limit). */
  imageMaxKb: 500,
  phoneLength: 11,
  breakpoints: { small: 768, medium: 992, large: 1200 },
  defaultAvatar: '/avatar.svg',
} as const;
