// The official account's calls that reach the platform: QR codes, statistics, fan sync, replies to fans.
import { nextId } from '../../platform/db/ids.js';
import { formatDateTime, now, secondsFromNow } from '../../platform/db/time.js';
import { type AnswerDoc, field, integer, shape, text } from '../../platform/docs/record.js';
import { badRequest, ok } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { openAccount } from './account-access.js';
import { onPlatform, type PlatformFan } from './platform.js';
import { fanMessages, MSG_ANSWERED } from './resources.js';
import { idParams } from './rest.js';

/** A temporary QR code lives 30 days, the platform's longest. */
const QR_SECONDS = 30 * 24 * 3600;
const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

/** A follow QR code made: its scene, the platform's ticket, the link to show and when it lapses. */
const QR_ANSWER: AnswerDoc = {
  name: 'AccountQrCode',
  data: shape({ scene: text(), ticket: text(), url: text(), expireTime: text('yyyy-MM-dd HH:mm:ss') }),
};

/** A fan sync: the followers the platform listed, those new to the console, and the pages it took. */
const SYNCED_ANSWER: AnswerDoc = {
  name: 'FansSynced',
  data: shape({ total: integer(), added: integer(), pages: integer() }),
};

/** A reply sent to a fan, as recorded. */
const REPLY_ANSWER: AnswerDoc = {
  name: 'FanReplySent',
  data: shape({ id: text(), content: text(), createTime: text('yyyy-MM-dd HH:mm:ss') }),
};

export const accountActionRoutes: RoutePlugin = async (app) => {
  app.post(
    '/mp/wxaccount/qr/:id',
    {
      config: { access: { menu: 'wxaccount' }, button: 'wxaccount_qr', answer: QR_ANSWER },
      schema: {
        tags: ['公众号'],
        summary: '生成带场景值的关注二维码',
        params: idParams,
        body: {
          type: ['object', 'null'],
          properties: { scene: { type: 'string', maxLength: 64, description: '场景值 (如站点编号)' } },
        },
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      const scene = request.body?.scene?.trim() || 'console';
      const { token, platform } = await openAccount(app.ctx, request, id);
      const qr = await onPlatform(() => platform.createQrCode(token, scene, QR_SECONDS));
      const expireTime = secondsFromNow(QR_SECONDS);
      await app.ctx.db
        .updateTable('mp_account')
        .set({ qrScene: scene, qrUrl: qr.url, qrExpireTime: expireTime, updateTime: now() })
        .where('id', '=', id)
        .execute();
      return ok({ scene, ticket: qr.ticket, url: qr.url, expireTime });
    },
  );

  app.get(
    '/mp/wxaccount/statistics',
    {
      config: {
        access: { menu: 'wxaccount' },
        button: 'wxaccount_statistics',
        fieldMessages: { id: '请选择公众号' },
        record: {
          beginDate: field('text', '开始日期', 'From'),
          endDate: field('text', '结束日期', 'To'),
          newUser: field('integer', '新关注', 'New'),
          cancelUser: field('integer', '取消关注', 'Unfollowed'),
          cumulateUser: field('integer', '累计粉丝', 'Total fans'),
          days: field('array', '每日 (refDate, newUser, cancelUser, cumulateUser)', 'Each day'),
        },
        answers: 'record',
      },
      schema: {
        tags: ['公众号'],
        summary: '粉丝增长统计 (默认最近7天)',
        querystring: {
          type: 'object',
          required: ['id'],
          properties: {
            id: idParams.properties.id,
            beginDate: { type: 'string', pattern: DAY_PATTERN },
            endDate: { type: 'string', pattern: DAY_PATTERN },
          },
        },
      },
    },
    async (request) => {
      const { query } = request;
      const today = new Date();
      const endDate = query.endDate ?? formatDateTime(today).slice(0, 10);
      const beginDate =
        query.beginDate ??
        formatDateTime(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 6)).slice(0, 10);
      if (beginDate > endDate) throw badRequest('结束日期不能早于开始日期');
      const { token, platform } = await openAccount(app.ctx, request, Number(query.id));
      const days = await onPlatform(() => platform.userSummary(token, beginDate, endDate));
      const last = days[days.length - 1];
      return ok({
        beginDate,
        endDate,
        newUser: days.reduce((sum, day) => sum + day.newUser, 0),
        cancelUser: days.reduce((sum, day) => sum + day.cancelUser, 0),
        cumulateUser: last?.cumulateUser ?? 0,
        days,
      });
    },
  );

  app.post(
    '/mp/wxaccountfans/sync/:id',
    {
      config: { access: { menu: 'wxaccountfans' }, button: 'wxaccountfans_sync', answer: SYNCED_ANSWER },
      schema: { tags: ['粉丝'], summary: '从公众号平台同步粉丝 (按 next_openid 分页)', params: idParams },
    },
    async (request) => {
      const id = Number(request.params.id);
      const { token, platform } = await openAccount(app.ctx, request, id);
      const followers: PlatformFan[] = [];
      let next = '';
      let pages = 0;
      do {
        const page = await onPlatform(() => platform.fanPage(token, next));
        followers.push(...page.fans);
        next = page.nextOpenId;
        pages += 1;
      } while (next);
      const syncTime = now();
      const user = request.user?.userId ?? null;
      let added = 0;
      await app.ctx.db.transaction().execute(async (trx) => {
        // Two syncs of one account (two instances, two operators) take turns: the account's row is locked first, so
        // the second reads the fans the first wrote instead of adding them again.
        await trx.updateTable('mp_account').set({ updateTime: syncTime }).where('id', '=', id).execute();
        const known = await trx
          .selectFrom('mp_fans')
          .select(['id', 'openId'])
          .where('accountId', '=', id)
          .where('isDeleted', '=', 0)
          .execute();
        const byOpenId = new Map(known.map((fan) => [fan.openId, fan.id]));
        for (const fan of followers) {
          const values = {
            nickname: fan.nickname,
            subscribeState: 1,
            subscribeTime: fan.subscribeTime,
            subscribeScene: fan.subscribeScene,
            syncTime,
            updateTime: syncTime,
            updateUser: user,
          };
          const existing = byOpenId.get(fan.openId);
          if (existing !== undefined) {
            await trx.updateTable('mp_fans').set(values).where('id', '=', existing).execute();
            byOpenId.delete(fan.openId);
          } else {
            await trx
              .insertInto('mp_fans')
              .values({
                id: nextId(),
                accountId: id,
                openId: fan.openId,
                createTime: syncTime,
                createUser: user,
                ...values,
              })
              .execute();
            added += 1;
          }
        }
        // Whoever the platform no longer lists has unfollowed.
        const gone = [...byOpenId.values()];
        if (gone.length > 0) {
          await trx
            .updateTable('mp_fans')
            .set({ subscribeState: 0, syncTime, updateTime: syncTime, updateUser: user })
            .where('id', 'in', gone)
            .execute();
        }
      });
      return { ...ok({ total: followers.length, added, pages }), msg: `同步完成: ${followers.length} 位粉丝` };
    },
  );

  app.post(
    '/mp/wxfansmsgres',
    {
      config: {
        access: { menu: 'wxfansmsg' },
        button: 'wxfansmsg_reply',
        answer: REPLY_ANSWER,
        fieldMessages: { fansMsgId: '请选择粉丝消息', content: '请输入回复内容' },
        fieldNames: { content: { label: '回复内容', en: 'Reply' } },
      },
      schema: {
        tags: ['粉丝消息'],
        summary: '回复粉丝 (客服消息)',
        body: {
          type: 'object',
          required: ['fansMsgId', 'content'],
          properties: {
            fansMsgId: { type: 'string', pattern: idParams.properties.id.pattern },
            content: { type: 'string', minLength: 1, maxLength: 600, pattern: '\\S' },
          },
        },
      },
    },
    async (request) => {
      const { body } = request;
      const message = await fanMessages.find(app.ctx, request, Number(body.fansMsgId));
      const accountId = Number(message.accountId);
      const openId = String(message.openId);
      const { token, platform } = await openAccount(app.ctx, request, accountId);
      await onPlatform(() => platform.sendText(token, openId, body.content));
      const id = nextId();
      const time = now();
      const user = request.user?.userId ?? null;
      await app.ctx.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('mp_fans_msg_res')
          .values({
            id,
            fansMsgId: Number(message.id),
            accountId,
            openId,
            content: body.content,
            createTime: time,
            createUser: user,
          })
          .execute();
        await trx
          .updateTable('mp_fans_msg')
          .set({ replyState: MSG_ANSWERED, updateTime: time, updateUser: user })
          .where('id', '=', Number(message.id))
          .execute();
      });
      return { ...ok({ id: String(id), content: body.content, createTime: time }), msg: '回复成功' };
    },
  );
};
