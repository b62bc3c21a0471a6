// A double of the WeChat official account platform, for the tests and for development: the API calls the console
// makes (token, menu, the 草稿箱 and 发布, followers, customer-service messages, QR codes, statistics) refused as the
// platform refuses them — material/add_news, retired for the 草稿箱, with 45106 — and the platform's push to an
// account's server URL (a fan's doing, a publish's outcome), signed and, in safe mode, encrypted.
import crypto from 'node:crypto';
import type { MenuButton } from '../../server/channels/mp/platform.js';
import { encryptMessage, pushSignature, readXml, writeXml } from '../../server/channels/mp/push-crypto.js';
import { menuRefusal, REPLY_WINDOW_HOURS } from '../../server/channels/mp/simulator.js';
import { type Listening, listen } from './listen.js';

export interface DoubleFan {
  openid: string;
  nickname: string;
  subscribe_time: number;
  subscribe_scene: string;
  /** When the fan last wrote (unix seconds); a customer-service message is refused 48 hours after it. */
  last_message_time?: number;
}

/** The platform's words for the menu refusals menuRefusal finds. */
const MENU_REFUSALS: Record<number, string> = {
  40016: 'invalid button size',
  40017: 'invalid button type',
  40018: 'invalid button name size',
  40023: 'invalid sub button size',
};

export interface MpDouble extends Listening {
  appId: string;
  appSecret: string;
  /** Tokens handed out: the platform's daily quota counts them. */
  tokensIssued: number;
  fans: DoubleFan[];
  menu: unknown[] | null;
  /** The 草稿箱 by media id: each draft's one article as draft/add or draft/update sent it. */
  drafts: Map<string, DraftSent>;
  /** Published articles by article id. */
  articles: Map<string, DraftSent & { url: string }>;
  /** Publish jobs by publish id: 1 publishing until finishPublish decides. */
  jobs: Map<string, PublishJob>;
  /** Permanent images (article covers) by media id. */
  images: Map<string, Buffer>;
  /** Customer-service messages sent. */
  messages: Array<{ touser: string; content: string }>;
  /** Ends the live token, as the platform does when another party fetched a new one. */
  expireToken: () => void;
  /** A fan's push to the account's server URL: the query and body the platform sends. */
  push: (settings: PushSettings, message: Record<string, unknown>) => { query: Record<string, string>; body: string };
  /**
   * Ends a publish job with the platform's publish_status (0 published: the draft leaves the 草稿箱 for the
   * published articles; 2… failed) and answers the PUBLISHJOBFINISH push the platform sends about it.
   */
  finishPublish: (
    publishId: string,
    status: number,
    settings: PushSettings,
  ) => { query: Record<string, string>; body: string };
  /** The reply to a push, its signature checked with `token` (the last push's by default) and decrypted in safe mode. */
  readReply: (settings: { aesKey?: string; token?: string }, body: string) => Record<string, string>;
}

export interface DraftSent {
  title: string;
  author: string;
  digest: string;
  content: string;
  content_source_url: string;
  thumb_media_id: string;
}

export interface PublishJob {
  mediaId: string;
  status: number;
  articleId?: string;
  articleUrl?: string;
}

interface PushSettings {
  token: string;
  aesKey?: string;
}

const PAGE = 10_000;
const DRAFT_FIELDS = ['title', 'author', 'digest', 'content', 'content_source_url', 'thumb_media_id'] as const;

export async function startWechatMpDouble(
  options: { appId?: string; appSecret?: string; pageSize?: number; port?: number } = {},
): Promise<MpDouble> {
  const appId = options.appId ?? 'wx5f2d8a7c9b1e3f40';
  const appSecret = options.appSecret ?? 'a3f9c1d7e5b2048c6a1d3e5f7b9c0d2e';
  const pageSize = options.pageSize ?? PAGE;
  let live = new Set<string>();
  let stable: string | undefined;
  const state = {
    tokensIssued: 0,
    fans: [] as DoubleFan[],
    menu: null as unknown[] | null,
    drafts: new Map<string, DraftSent>(),
    articles: new Map<string, DraftSent & { url: string }>(),
    jobs: new Map<string, PublishJob>(),
    images: new Map<string, Buffer>(),
    messages: [] as Array<{ touser: string; content: string }>,
  };
  /** The platform takes a draft's article only with a title, a body and an uploaded cover. */
  const draftRefusal = (article: Record<string, unknown> | undefined): number | null => {
    if (!article?.title || !article.content) return 44003;
    return state.images.has(String(article.thumb_media_id ?? '')) ? null : 40007;
  };
  const draftOf = (article: Record<string, unknown>): DraftSent =>
    Object.fromEntries(DRAFT_FIELDS.map((field) => [field, String(article[field] ?? '')])) as unknown as DraftSent;

  const server = await listen(async (request, body, response) => {
    const url = new URL(request.url ?? '/', 'http://double');
    const answer = (value: unknown) => {
      response.setHeader('content-type', 'application/json; encoding=utf-8');
      response.end(JSON.stringify(value));
    };
    const fail = (errcode: number, errmsg: string) => answer({ errcode, errmsg });
    const query = url.searchParams;
    if (url.pathname === '/cgi-bin/token') {
      if (query.get('appid') !== appId) return fail(40013, 'invalid appid');
      if (query.get('secret') !== appSecret) return fail(40125, 'invalid appsecret');
      const token = crypto.randomBytes(48).toString('base64url');
      live = new Set([token]);
      state.tokensIssued += 1;
      return answer({ access_token: token, expires_in: 7200 });
    }
    if (url.pathname === '/cgi-bin/stable_token' && request.method === 'POST') {
      // getStableAccessToken in its normal mode: a token of its own, apart from cgi-bin/token's, so asking for it
      // leaves the token the servers use alone.
      const asked = JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
      if (asked.grant_type !== 'client_credential') return fail(40002, 'invalid grant_type');
      if (asked.appid !== appId) return fail(40013, 'invalid appid');
      if (asked.secret !== appSecret) return fail(40125, 'invalid appsecret');
      stable ??= crypto.randomBytes(48).toString('base64url');
      return answer({ access_token: stable, expires_in: 7200 });
    }
    if (!live.has(query.get('access_token') ?? '')) return fail(40001, 'invalid credential, access_token is invalid');
    if (url.pathname === '/cgi-bin/material/add_material') {
      // A multipart form whose `media` part is the file.
      const multipart = String(request.headers['content-type']).startsWith('multipart/form-data');
      if (query.get('type') !== 'image' || !multipart || !body.includes('name="media"')) {
        return fail(40004, 'invalid media type');
      }
      const mediaId = crypto.randomBytes(16).toString('base64url');
      state.images.set(mediaId, body);
      return answer({ media_id: mediaId, url: `http://mmbiz.qpic.cn/${mediaId}` });
    }
    const payload = body.length > 0 ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>) : {};
    const ok = (extra: Record<string, unknown> = {}) => answer({ errcode: 0, errmsg: 'ok', ...extra });
    switch (url.pathname) {
      case '/cgi-bin/menu/create': {
        const buttons = (payload.button as MenuButton[] | undefined) ?? [];
        const refusal = menuRefusal(buttons);
        if (refusal) return fail(refusal, MENU_REFUSALS[refusal]);
        state.menu = buttons;
        return ok();
      }
      case '/cgi-bin/menu/get':
        return state.menu ? answer({ menu: { button: state.menu } }) : fail(46003, 'menu no exist');
      case '/cgi-bin/menu/delete':
        state.menu = null;
        return ok();
      case '/cgi-bin/user/get': {
        const after = query.get('next_openid') ?? '';
        const sorted = [...state.fans].sort((a, b) => (a.openid < b.openid ? -1 : 1));
        const page = sorted.filter((fan) => fan.openid > after).slice(0, pageSize);
        return answer({
          total: sorted.length,
          count: page.length,
          ...(page.length > 0 ? { data: { openid: page.map((fan) => fan.openid) } } : {}),
          next_openid: page.at(-1)?.openid ?? '',
        });
      }
      case '/cgi-bin/user/info/batchget': {
        const wanted = (payload.user_list as Array<{ openid: string }>).map((item) => item.openid);
        return answer({
          user_info_list: wanted.map((openid) => {
            const fan = state.fans.find((f) => f.openid === openid);
            if (!fan) return { subscribe: 0, openid };
            const { last_message_time: _, ...info } = fan;
            return { subscribe: 1, ...info };
          }),
        });
      }
      case '/cgi-bin/message/custom/send': {
        const fan = state.fans.find((f) => f.openid === payload.touser);
        if (!fan) return fail(40003, 'invalid openid');
        const wrote = fan.last_message_time;
        if (wrote !== undefined && Date.now() / 1000 - wrote > REPLY_WINDOW_HOURS * 3600) {
          return fail(45015, 'response out of time limit or subscription is canceled');
        }
        state.messages.push({
          touser: String(payload.touser),
          content: String((payload.text as { content: string }).content),
        });
        return ok();
      }
      case '/cgi-bin/material/add_news':
        // Retired when the 草稿箱 came: articles go through draft/add and freepublish/submit.
        return fail(45106, 'This API has been unsupported');
      case '/cgi-bin/draft/add': {
        const [article] = (payload.articles as Array<Record<string, unknown>> | undefined) ?? [];
        const refusal = draftRefusal(article);
        if (refusal) return fail(refusal, refusal === 40007 ? 'invalid media_id' : 'invalid parameter');
        const mediaId = crypto.randomBytes(16).toString('base64url');
        state.drafts.set(mediaId, draftOf(article));
        return answer({ media_id: mediaId });
      }
      case '/cgi-bin/draft/update': {
        const mediaId = String(payload.media_id);
        if (!state.drafts.has(mediaId) || payload.index !== 0) return fail(40007, 'invalid media_id');
        const article = payload.articles as Record<string, unknown>;
        const refusal = draftRefusal(article);
        if (refusal) return fail(refusal, refusal === 40007 ? 'invalid media_id' : 'invalid parameter');
        state.drafts.set(mediaId, draftOf(article));
        return ok();
      }
      case '/cgi-bin/draft/delete':
        return state.drafts.delete(String(payload.media_id)) ? ok() : fail(40007, 'invalid media_id');
      case '/cgi-bin/freepublish/submit': {
        const mediaId = String(payload.media_id);
        if (!state.drafts.has(mediaId)) return fail(40007, 'invalid media_id');
        const publishId = String(2247483000 + state.jobs.size);
        state.jobs.set(publishId, { mediaId, status: 1 });
        return ok({ publish_id: publishId, msg_data_id: 2247483100 + state.jobs.size });
      }
      case '/cgi-bin/freepublish/get': {
        const job = state.jobs.get(String(payload.publish_id));
        if (!job) return fail(40007, 'invalid publish_id');
        return answer({
          publish_id: String(payload.publish_id),
          publish_status: job.status,
          ...(job.articleId
            ? {
                article_id: job.articleId,
                article_detail: { count: 1, item: [{ idx: 1, article_url: job.articleUrl }] },
              }
            : {}),
          fail_idx: job.status >= 2 ? [1] : [],
        });
      }
      case '/cgi-bin/freepublish/delete':
        return state.articles.delete(String(payload.article_id)) ? ok() : fail(40007, 'invalid article_id');
      case '/cgi-bin/qrcode/create': {
        const ticket = crypto.randomBytes(24).toString('base64url');
        return answer({ ticket, expire_seconds: payload.expire_seconds, url: `http://weixin.qq.com/q/${ticket}` });
      }
      case '/datacube/getusersummary':
        return answer({ list: [] });
      case '/datacube/getusercumulate':
        return answer({ list: [] });
      default:
        return fail(48001, 'api unauthorized');
    }
  }, options.port);

  const push: MpDouble['push'] = (settings, message) => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = String(crypto.randomInt(1e9));
    const xml = writeXml({ ToUserName: 'gh_double', CreateTime: Number(timestamp), ...message });
    const query: Record<string, string> = {
      signature: pushSignature(settings.token, timestamp, nonce),
      timestamp,
      nonce,
      openid: String(message.FromUserName ?? ''),
    };
    if (!settings.aesKey) return { query, body: xml };
    const encrypted = encryptMessage(settings.aesKey, appId, xml);
    query.encrypt_type = 'aes';
    query.msg_signature = pushSignature(settings.token, timestamp, nonce, encrypted);
    return { query, body: writeXml({ ToUserName: 'gh_double', Encrypt: encrypted }) };
  };

  const readReply: MpDouble['readReply'] = (settings, body) => {
    const outer = readXml(body);
    if (!settings.aesKey || !outer.Encrypt) return outer;
    const expected = pushSignature(settings.token ?? lastPushToken, outer.TimeStamp, outer.Nonce, outer.Encrypt);
    if (expected !== outer.MsgSignature) throw new Error('the reply is not signed with the account’s Token');
    const key = Buffer.from(`${settings.aesKey}=`, 'base64');
    const decipher = crypto.createDecipheriv('aes-256-cbc', key, key.subarray(0, 16)).setAutoPadding(false);
    const plain = Buffer.concat([decipher.update(Buffer.from(outer.Encrypt, 'base64')), decipher.final()]);
    const length = plain.readUInt32BE(16);
    if (plain.subarray(20 + length, plain.length - plain[plain.length - 1]).toString() !== appId) {
      throw new Error('the reply is not sealed for this AppID');
    }
    return readXml(plain.subarray(20, 20 + length).toString('utf8'));
  };
  let lastPushToken = '';

  const double: MpDouble = {
    ...server,
    appId,
    appSecret,
    get tokensIssued() {
      return state.tokensIssued;
    },
    fans: state.fans,
    get menu() {
      return state.menu;
    },
    drafts: state.drafts,
    articles: state.articles,
    jobs: state.jobs,
    images: state.images,
    messages: state.messages,
    expireToken: () => {
      live = new Set();
    },
    push: (settings, message) => {
      lastPushToken = settings.token;
      return push(settings, message);
    },
    finishPublish: (publishId, status, settings) => {
      const job = state.jobs.get(publishId);
      if (!job) throw new Error(`no publish job ${publishId}`);
      job.status = status;
      const draft = state.drafts.get(job.mediaId);
      if (status === 0 && draft) {
        job.articleId = crypto.randomBytes(12).toString('base64url');
        job.articleUrl = `http://mp.weixin.qq.com/s/${job.articleId}`;
        state.articles.set(job.articleId, { ...draft, url: job.articleUrl });
        state.drafts.delete(job.mediaId);
      }
      lastPushToken = settings.token;
      return push(settings, {
        FromUserName: 'mphelper',
        MsgType: 'event',
        Event: 'PUBLISHJOBFINISH',
        PublishEventInfo: {
          publish_id: publishId,
          publish_status: status,
          ...(job.articleId
            ? {
                article_id: job.articleId,
                article_detail: { count: 1, item: { idx: 1, article_url: job.articleUrl } },
              }
            : {}),
        },
      });
    },
    readReply,
  };
  return double;
}
