// The default platform: a local stand-in for the WeChat official account platform. Its followers and what it was
// sent live in mp_sim_fan and mp_sim_call, so every instance agrees, and it refuses what WeChat refuses: an unknown
// AppID or a wrong AppSecret, a reply more than 48 hours after the fan last wrote, a menu of more than 3 buttons or
// 5 sub-buttons, a button without what its type needs. Articles are drafts (kind `draft`) until a publish job
// (`publish`) makes them published articles (`article`).
import type { AppContext } from '../../platform/context.js';
import { nextId } from '../../platform/db/ids.js';
import { formatDateTime, now, parseDateTime } from '../../platform/db/time.js';
import {
  type FanPage,
  type MenuButton,
  type OfficialAccountPlatform,
  PlatformError,
  PUBLISH_RUNNING,
  PUBLISH_SUCCEEDED,
} from './platform.js';

/** The platform's follower page is 10000 open ids; the simulator's is small so a demo's fans take several pages. */
export const SIM_FAN_PAGE = 20;
/** A customer-service message is allowed within 48 hours of the fan's last message. */
export const REPLY_WINDOW_HOURS = 48;

const APP_ID = /^wx[0-9a-f]{16}$/;
const APP_SECRET = /^[0-9a-f]{32}$/;
const TOKEN_PREFIX = 'sim.';

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

/** What WeChat checks of a menu before it takes it, as its errcode. */
export function menuRefusal(buttons: MenuButton[]): number | null {
  if (buttons.length === 0 || buttons.length > 3) return 40016;
  for (const button of buttons) {
    if (!button.name || bytes(button.name) > 16) return 40018;
    const subs = button.sub_button ?? [];
    if (subs.length > 5) return 40023;
    if (subs.length === 0 && !actionComplete(button)) return 40017;
    for (const sub of subs) {
      if (!sub.name || bytes(sub.name) > 60) return 40018;
      if (!actionComplete(sub)) return 40017;
    }
  }
  return null;
}

function actionComplete(button: MenuButton): boolean {
  if (button.type === 'click') return Boolean(button.key);
  if (button.type === 'view') return Boolean(button.url);
  if (button.type === 'miniprogram') return Boolean(button.appid && button.pagepath && button.url);
  return false;
}

/** The record a media, publish or article id the simulator handed out names; -1 (none) for anything else. */
function idOf(value: string, prefix: string): number {
  const id = value.startsWith(prefix) ? Number(value.slice(prefix.length)) : Number.NaN;
  return Number.isSafeInteger(id) ? id : -1;
}

export function simulatedPlatform(ctx: AppContext): OfficialAccountPlatform {
  const db = ctx.db;
  const appOf = (token: string): string => {
    if (!token.startsWith(TOKEN_PREFIX)) throw new PlatformError(40001);
    return token.slice(TOKEN_PREFIX.length);
  };
  const record = async (appId: string, kind: string, payload: unknown): Promise<number> => {
    const id = nextId();
    await db
      .insertInto('mp_sim_call')
      .values({ id, appId, kind, payload: JSON.stringify(payload), createTime: now() })
      .execute();
    return id;
  };
  const callOf = (appId: string, kind: string, id: number) =>
    db
      .selectFrom('mp_sim_call')
      .select(['id', 'payload'])
      .where('id', '=', id)
      .where('appId', '=', appId)
      .where('kind', '=', kind)
      .executeTakeFirst();
  const removeCall = async (appId: string, kind: string, id: number) => {
    const removed = await db
      .deleteFrom('mp_sim_call')
      .where('id', '=', id)
      .where('appId', '=', appId)
      .where('kind', '=', kind)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) throw new PlatformError(40007);
  };
  return {
    accessToken: async ({ appId, appSecret }) => {
      if (!APP_ID.test(appId)) throw new PlatformError(40013);
      if (!APP_SECRET.test(appSecret)) throw new PlatformError(40125);
      return `${TOKEN_PREFIX}${appId}`;
    },
    createQrCode: async (token, scene, expireSeconds) => {
      const appId = appOf(token);
      const id = await record(appId, 'qrcode', { scene, expireSeconds });
      const ticket = Buffer.from(`${appId}:${id}`).toString('base64url');
      return { ticket, url: `https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=${ticket}` };
    },
    fanPage: async (token, nextOpenId): Promise<FanPage> => {
      const appId = appOf(token);
      const total = await db
        .selectFrom('mp_sim_fan')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('appId', '=', appId)
        .executeTakeFirstOrThrow();
      let query = db.selectFrom('mp_sim_fan').selectAll().where('appId', '=', appId);
      if (nextOpenId) query = query.where('openId', '>', nextOpenId);
      const rows = await query.orderBy('openId').limit(SIM_FAN_PAGE).execute();
      return {
        total: Number(total.n),
        fans: rows.map((row) => ({
          openId: row.openId,
          nickname: row.nickname,
          subscribeTime: row.subscribeTime,
          subscribeScene: row.subscribeScene,
        })),
        nextOpenId: rows.length === SIM_FAN_PAGE ? rows[rows.length - 1].openId : '',
      };
    },
    sendText: async (token, openId, content) => {
      const appId = appOf(token);
      const fan = await db
        .selectFrom('mp_sim_fan')
        .select('lastMessageTime')
        .where('appId', '=', appId)
        .where('openId', '=', openId)
        .executeTakeFirst();
      if (!fan) throw new PlatformError(40003);
      const since = fan.lastMessageTime ? Date.now() - parseDateTime(fan.lastMessageTime).getTime() : Infinity;
      if (since > REPLY_WINDOW_HOURS * 3600_000) throw new PlatformError(45015);
      await record(appId, 'message', { touser: openId, msgtype: 'text', text: { content } });
    },
    uploadImage: async (token, image) => `media-${await record(appOf(token), 'image', { name: image.name })}`,
    addDraft: async (token, article) => `media-${await record(appOf(token), 'draft', article)}`,
    updateDraft: async (token, mediaId, article) => {
      const changed = await db
        .updateTable('mp_sim_call')
        .set({ payload: JSON.stringify(article) })
        .where('id', '=', idOf(mediaId, 'media-'))
        .where('appId', '=', appOf(token))
        .where('kind', '=', 'draft')
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0) throw new PlatformError(40007);
    },
    deleteDraft: async (token, mediaId) => {
      await removeCall(appOf(token), 'draft', idOf(mediaId, 'media-'));
    },
    submitPublish: async (token, mediaId) => {
      const appId = appOf(token);
      const draft = await callOf(appId, 'draft', idOf(mediaId, 'media-'));
      if (!draft) throw new PlatformError(40007);
      return String(await record(appId, 'publish', { mediaId, status: PUBLISH_RUNNING }));
    },
    // A publish job finishes when it is first asked about (the simulator pushes nothing): the draft leaves the
    // 草稿箱 and becomes a published article. A job set to a failure (2…) beforehand answers that failure.
    publishResult: async (token, publishId) => {
      const appId = appOf(token);
      const job = await callOf(appId, 'publish', idOf(publishId, ''));
      if (!job) throw new PlatformError(40007);
      const state = JSON.parse(job.payload) as { mediaId: string; status: number; articleId?: string };
      if (state.status === PUBLISH_RUNNING) {
        const draftId = idOf(state.mediaId, 'media-');
        await db.updateTable('mp_sim_call').set({ kind: 'article' }).where('id', '=', draftId).execute();
        Object.assign(state, { status: PUBLISH_SUCCEEDED, articleId: `article-${draftId}` });
        await db
          .updateTable('mp_sim_call')
          .set({ payload: JSON.stringify(state) })
          .where('id', '=', job.id)
          .execute();
      }
      const articleId = state.status === PUBLISH_SUCCEEDED ? (state.articleId ?? null) : null;
      return {
        status: state.status,
        articleId,
        articleUrl: articleId ? `https://mp.weixin.qq.com/s/${articleId}` : null,
      };
    },
    deletePublished: async (token, articleId) => {
      await removeCall(appOf(token), 'article', idOf(articleId, 'article-'));
    },
    publishMenu: async (token, buttons) => {
      const appId = appOf(token);
      const refusal = menuRefusal(buttons);
      if (refusal !== null) throw new PlatformError(refusal);
      await record(appId, 'menu', { button: buttons });
    },
    currentMenu: async (token) => {
      const appId = appOf(token);
      const last = await db
        .selectFrom('mp_sim_call')
        .select('payload')
        .where('appId', '=', appId)
        .where('kind', 'in', ['menu', 'menu-delete'])
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return last ? ((JSON.parse(last.payload) as { button?: MenuButton[] }).button ?? []) : [];
    },
    deleteMenu: async (token) => {
      await record(appOf(token), 'menu-delete', { button: [] });
    },
    userSummary: async (token, beginDate, endDate) => {
      const appId = appOf(token);
      const fans = await db
        .selectFrom('mp_sim_fan')
        .select('subscribeTime')
        .where('appId', '=', appId)
        .where('subscribeTime', '<', `${endDate} 23:59:60`)
        .execute();
      const days: string[] = [];
      for (let day = parseDateTime(`${beginDate} 00:00:00`); formatDateTime(day).slice(0, 10) <= endDate; ) {
        days.push(formatDateTime(day).slice(0, 10));
        day = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1);
      }
      return days.map((refDate) => ({
        refDate,
        newUser: fans.filter((fan) => fan.subscribeTime.slice(0, 10) === refDate).length,
        cancelUser: 0,
        cumulateUser: fans.filter((fan) => fan.subscribeTime.slice(0, 10) <= refDate).length,
      }));
    },
  };
}
