// The WeChat official account platform itself (MP_PLATFORM=wechat), over its HTTPS API with fetch: JSON in and out,
// the access token in the query, refusals as {errcode, errmsg} with HTTP 200. The token is shared by every instance
// (token-store.ts); a call the platform answers with 40001 / 42001 (token no longer valid) fetches a new one once
// and is tried again.
import type { AppContext } from '../../platform/context.js';
import { formatDateTime } from '../../platform/db/time.js';
import { providerAnswer } from '../../platform/ops/metrics.js';
import {
  type DraftArticle,
  type FanPage,
  type MenuButton,
  type OfficialAccountPlatform,
  type PlatformCredentials,
  PlatformError,
  type PublishResult,
} from './platform.js';
import { dropToken, sharedToken } from './token-store.js';

const STALE_TOKEN = [40001, 40014, 42001];
const TIMEOUT_MS = 10_000;

interface Answer {
  errcode?: number;
  errmsg?: string;
  [key: string]: unknown;
}

/** An article as draft/add and draft/update take it; comments stay closed, as on the account today. */
function draftArticle(article: DraftArticle) {
  return {
    article_type: 'news',
    title: article.title,
    author: article.author,
    digest: article.digest,
    content: article.content,
    content_source_url: article.sourceUrl,
    thumb_media_id: article.thumbMediaId,
    need_open_comment: 0,
    only_fans_can_comment: 0,
  };
}

export function wechatPlatform(ctx: AppContext): OfficialAccountPlatform {
  const base = ctx.config.mp.apiBase.replace(/\/$/, '');
  /** Which AppID each handed-out token belongs to, so a stale one can be replaced. */
  const tokens = new Map<string, PlatformCredentials>();

  const request = (path: string, query: Record<string, string>, body?: unknown): Promise<Answer> =>
    providerAnswer(
      'wechat_mp',
      () => ask(path, query, body),
      (answer) => Boolean(answer.errcode),
    );

  const ask = async (path: string, query: Record<string, string>, body?: unknown): Promise<Answer> => {
    const url = `${base}${path}?${new URLSearchParams(query)}`;
    // A file goes up as multipart form data (fetch writes its boundary); everything else as JSON.
    const form = body instanceof FormData;
    const response = await fetch(url, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined || form ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new PlatformError(-1);
    return (await response.json()) as Answer;
  };

  const fetchToken = async ({ appId, appSecret }: PlatformCredentials) => {
    const answer = await request('/cgi-bin/token', {
      grant_type: 'client_credential',
      appid: appId,
      secret: appSecret,
    });
    if (answer.errcode) throw new PlatformError(answer.errcode);
    return { accessToken: String(answer.access_token), expiresInSeconds: Number(answer.expires_in ?? 7200) };
  };

  /** A call with the token; once more with a fresh token when the platform no longer takes it. */
  const call = async (token: string, path: string, query: Record<string, string> = {}, body?: unknown) => {
    let answer = await request(path, { ...query, access_token: token }, body);
    const credentials = tokens.get(token);
    if (answer.errcode && STALE_TOKEN.includes(answer.errcode) && credentials) {
      await dropToken(ctx, credentials.appId, token);
      const fresh = await sharedToken(ctx, credentials.appId, () => fetchToken(credentials));
      tokens.set(fresh, credentials);
      answer = await request(path, { ...query, access_token: fresh }, body);
    }
    if (answer.errcode) throw new PlatformError(answer.errcode);
    return answer;
  };

  return {
    accessToken: async (credentials) => {
      const token = await sharedToken(ctx, credentials.appId, () => fetchToken(credentials));
      tokens.set(token, credentials);
      return token;
    },
    createQrCode: async (token, scene, expireSeconds) => {
      const answer = await call(
        token,
        '/cgi-bin/qrcode/create',
        {},
        {
          expire_seconds: expireSeconds,
          action_name: 'QR_STR_SCENE',
          action_info: { scene: { scene_str: scene } },
        },
      );
      return { ticket: String(answer.ticket), url: String(answer.url) };
    },
    fanPage: async (token, nextOpenId): Promise<FanPage> => {
      const page = await call(token, '/cgi-bin/user/get', nextOpenId ? { next_openid: nextOpenId } : {});
      const openIds = ((page.data as { openid?: string[] } | undefined)?.openid ?? []) as string[];
      // The list holds open ids only; their nicknames and follow times come from the batch info call, 100 at a time.
      const fans = [];
      for (let at = 0; at < openIds.length; at += 100) {
        const batch = await call(
          token,
          '/cgi-bin/user/info/batchget',
          {},
          {
            user_list: openIds.slice(at, at + 100).map((openid) => ({ openid, lang: 'zh_CN' })),
          },
        );
        for (const info of (batch.user_info_list ?? []) as Array<Record<string, unknown>>) {
          fans.push({
            openId: String(info.openid),
            nickname: info.nickname ? String(info.nickname) : null,
            subscribeTime: formatDateTime(new Date(Number(info.subscribe_time ?? 0) * 1000)),
            subscribeScene: info.subscribe_scene ? String(info.subscribe_scene) : null,
          });
        }
      }
      const next = String(page.next_openid ?? '');
      // The platform answers the last open id again on the page after the end; an empty page ends the list.
      return { total: Number(page.total ?? 0), fans, nextOpenId: openIds.length > 0 ? next : '' };
    },
    sendText: async (token, openId, content) => {
      await call(token, '/cgi-bin/message/custom/send', {}, { touser: openId, msgtype: 'text', text: { content } });
    },
    uploadImage: async (token, image) => {
      const form = new FormData();
      form.append('media', new Blob([new Uint8Array(image.bytes)]), image.name);
      const answer = await call(token, '/cgi-bin/material/add_material', { type: 'image' }, form);
      return String(answer.media_id);
    },
    addDraft: async (token, article) => {
      const answer = await call(token, '/cgi-bin/draft/add', {}, { articles: [draftArticle(article)] });
      return String(answer.media_id);
    },
    updateDraft: async (token, mediaId, article) => {
      await call(token, '/cgi-bin/draft/update', {}, { media_id: mediaId, index: 0, articles: draftArticle(article) });
    },
    deleteDraft: async (token, mediaId) => {
      await call(token, '/cgi-bin/draft/delete', {}, { media_id: mediaId });
    },
    submitPublish: async (token, mediaId) => {
      const answer = await call(token, '/cgi-bin/freepublish/submit', {}, { media_id: mediaId });
      return String(answer.publish_id);
    },
    publishResult: async (token, publishId): Promise<PublishResult> => {
      const answer = await call(token, '/cgi-bin/freepublish/get', {}, { publish_id: publishId });
      const detail = answer.article_detail as { item?: Array<{ article_url?: string }> } | undefined;
      return {
        status: Number(answer.publish_status),
        articleId: answer.article_id ? String(answer.article_id) : null,
        articleUrl: detail?.item?.[0]?.article_url ?? null,
      };
    },
    deletePublished: async (token, articleId) => {
      await call(token, '/cgi-bin/freepublish/delete', {}, { article_id: articleId, index: 0 });
    },
    publishMenu: async (token, buttons) => {
      await call(token, '/cgi-bin/menu/create', {}, { button: buttons });
    },
    currentMenu: async (token) => {
      try {
        const answer = await call(token, '/cgi-bin/menu/get');
        return ((answer.menu as { button?: MenuButton[] } | undefined)?.button ?? []) as MenuButton[];
      } catch (error) {
        // 46003: the account has no menu.
        if (error instanceof PlatformError && error.errcode === 46003) return [];
        throw error;
      }
    },
    deleteMenu: async (token) => {
      await call(token, '/cgi-bin/menu/delete');
    },
    userSummary: async (token, beginDate, endDate) => {
      const summary = await call(token, '/datacube/getusersummary', {}, { begin_date: beginDate, end_date: endDate });
      const cumulate = await call(token, '/datacube/getusercumulate', {}, { begin_date: beginDate, end_date: endDate });
      const days = new Map<string, { refDate: string; newUser: number; cancelUser: number; cumulateUser: number }>();
      for (const day of (cumulate.list ?? []) as Array<{ ref_date: string; cumulate_user: number }>) {
        days.set(day.ref_date, { refDate: day.ref_date, newUser: 0, cancelUser: 0, cumulateUser: day.cumulate_user });
      }
      for (const day of (summary.list ?? []) as Array<{ ref_date: string; new_user: number; cancel_user: number }>) {
        const entry = days.get(day.ref_date) ?? { refDate: day.ref_date, newUser: 0, cancelUser: 0, cumulateUser: 0 };
        entry.newUser += day.new_user;
        entry.cancelUser += day.cancel_user;
        days.set(day.ref_date, entry);
      }
      return [...days.values()].sort((a, b) => (a.refDate < b.refDate ? -1 : 1));
    },
  };
}
