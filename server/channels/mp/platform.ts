// The seam between the console and the WeChat official account platform. Every call answers what the platform
// answers or throws a PlatformError carrying its errcode; the operator reads the code and its meaning.
import { badRequest } from '../../platform/http/envelope.js';

export interface PlatformCredentials {
  appId: string;
  appSecret: string;
}

export interface PlatformFan {
  openId: string;
  nickname: string | null;
  subscribeTime: string;
  subscribeScene: string | null;
}

/** One page of the follower list: at most `pageSize` open ids after `nextOpenId` ('' when the list is done). */
export interface FanPage {
  total: number;
  fans: PlatformFan[];
  nextOpenId: string;
}

export interface MenuButton {
  name: string;
  type?: 'click' | 'view' | 'miniprogram';
  key?: string;
  url?: string;
  appid?: string;
  pagepath?: string;
  sub_button?: MenuButton[];
}

export interface UserSummaryDay {
  refDate: string;
  newUser: number;
  cancelUser: number;
  cumulateUser: number;
}

/** One article of a draft, as the console writes it. */
export interface DraftArticle {
  title: string;
  author: string;
  digest: string;
  content: string;
  sourceUrl: string;
  thumbMediaId: string;
}

/** The platform's publish_status: 0 published, 1 publishing, 2 and above why not (dictionary `mp_article_state`). */
export interface PublishResult {
  status: number;
  articleId: string | null;
  articleUrl: string | null;
}

export const PUBLISH_SUCCEEDED = 0;
export const PUBLISH_RUNNING = 1;

export interface OfficialAccountPlatform {
  accessToken: (credentials: PlatformCredentials) => Promise<string>;
  createQrCode: (token: string, scene: string, expireSeconds: number) => Promise<{ ticket: string; url: string }>;
  fanPage: (token: string, nextOpenId: string) => Promise<FanPage>;
  sendText: (token: string, openId: string, content: string) => Promise<void>;
  /** A permanent image (an article's cover); answers its media id. */
  uploadImage: (token: string, image: { name: string; bytes: Buffer }) => Promise<string>;
  /** An article into the 草稿箱 (draft/add); answers the draft's media id. */
  addDraft: (token: string, article: DraftArticle) => Promise<string>;
  /** The draft replaced by the article as it is now (draft/update). */
  updateDraft: (token: string, mediaId: string, article: DraftArticle) => Promise<void>;
  deleteDraft: (token: string, mediaId: string) => Promise<void>;
  /** A draft handed to 发布 (freepublish/submit); answers the publish id whose outcome comes later. */
  submitPublish: (token: string, mediaId: string) => Promise<string>;
  /** How a publish went (freepublish/get). */
  publishResult: (token: string, publishId: string) => Promise<PublishResult>;
  /** A published article taken down (freepublish/delete). */
  deletePublished: (token: string, articleId: string) => Promise<void>;
  publishMenu: (token: string, buttons: MenuButton[]) => Promise<void>;
  /** The menu the account shows now ([] when it has none). */
  currentMenu: (token: string) => Promise<MenuButton[]>;
  deleteMenu: (token: string) => Promise<void>;
  userSummary: (token: string, beginDate: string, endDate: string) => Promise<UserSummaryDay[]>;
}

/** The platform's errcodes the console meets, with what the operator is told. */
export const PLATFORM_ERRORS: Record<number, string> = {
  [-1]: '-1 system error: 公众号平台繁忙, 请稍后再试',
  40001: '40001 invalid credential: 公众号的 AppSecret 不正确',
  40003: '40003 invalid openid: 该粉丝不是本公众号的关注者',
  40007: '40007 invalid media_id: 素材不存在',
  40013: '40013 invalid appid: 公众号的 AppID 不正确',
  40016: '40016 invalid button size: 一级菜单最多 3 个',
  40017: '40017 invalid button type: 菜单类型或内容不正确',
  40018: '40018 invalid button name size: 一级菜单名称最多 16 个字节',
  40023: '40023 invalid sub button size: 每个一级菜单的子菜单最多 5 个',
  40125: '40125 invalid appsecret: 公众号的 AppSecret 不正确',
  40164: '40164 invalid ip: 服务器的出口 IP 不在公众号的 IP 白名单中',
  44003: '44003 empty news data: 图文的标题或正文为空',
  45009: '45009 reach max api daily quota limit: 今日调用次数已达上限',
  45015: '45015 response out of time limit: 粉丝最后一次发消息已超过 48 小时,平台不允许再回复',
  45106: '45106 This API has been unsupported: 该接口已停用',
  53503: '53503 该草稿未通过发布检查',
  53504: '53504 需前往公众平台官网使用该草稿',
  53505: '53505 请先在公众平台官网手动保存该草稿',
  61451: '61451 invalid parameter: 参数错误',
};

export class PlatformError extends Error {
  constructor(readonly errcode: number) {
    super(PLATFORM_ERRORS[errcode] ?? `${errcode}`);
  }
}

/** Runs a platform call; a refusal becomes a 400 with the platform's code and meaning. */
export async function onPlatform<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PlatformError) throw badRequest(error.message);
    throw error;
  }
}
