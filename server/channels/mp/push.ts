// The server URL the platform pushes to (公众号 → 设置与开发 → 基本配置 → 服务器配置):
// `/api/mp/portal/{appId}`. GET is the URL check (answer `echostr` when the signature is the account's Token's);
// POST carries what fans do — follow, unfollow, a menu click, a message — and how a 发布 ended (PUBLISHJOBFINISH),
// as XML, in plain or safe mode. Follows and unfollows keep 粉丝管理 current, messages land in 粉丝消息, a publish's
// outcome settles its article, and the account's auto-replies answer at once in the reply body (the platform waits
// 5 s, so nothing here calls out).
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { nextId } from '../../platform/db/ids.js';
import { formatDateTime, now } from '../../platform/db/time.js';
import { badRequest, forbidden } from '../../platform/http/envelope.js';
import { fieldsOf, type RoutePlugin } from '../../platform/http/route-plugin.js';
import { MATERIAL_NEWS } from './material.js';
import { settlePublish } from './publishing.js';
import { decryptMessage, encryptMessage, pushSignature, readXml, sameSignature, writeXml } from './push-crypto.js';
import {
  MSG_AUTO_ANSWERED,
  MSG_UNANSWERED,
  REPLY_BY_DEFAULT,
  REPLY_ON_KEYWORD,
  REPLY_ON_SUBSCRIBE,
} from './resources.js';

/** A push not signed with the account's Token (or to an account that has none) is not the platform's. */
export const MSG_BAD_SIGNATURE = '推送签名不正确';
export const MSG_UNREADABLE = '推送内容无法解密, 请核对 EncodingAESKey';

/** Dictionary `mp_msg_type`. */
const KIND: Record<string, number> = { text: 1, image: 2, voice: 3, event: 4 };
/** Dictionary `mp_match_mode`. */
const EXACT = 1;

interface PushQuery {
  signature?: string;
  timestamp?: string;
  nonce?: string;
  echostr?: string;
  encrypt_type?: string;
  msg_signature?: string;
}

/** The platform's query parameters, undeclared (the platform adds its own): each read only when it is a text. */
function pushQueryOf(request: FastifyRequest): PushQuery {
  const fields = fieldsOf(request.query) ?? {};
  const text = (name: keyof PushQuery): string | undefined => {
    const value = fields[name];
    return typeof value === 'string' ? value : undefined;
  };
  return {
    signature: text('signature'),
    timestamp: text('timestamp'),
    nonce: text('nonce'),
    echostr: text('echostr'),
    encrypt_type: text('encrypt_type'),
    msg_signature: text('msg_signature'),
  };
}

interface Account {
  id: number;
  appId: string;
  pushToken: string | null;
  aesKey: string | null;
}

type Reply =
  | { kind: 'text'; content: string }
  | { kind: 'news'; title: string; description: string; picUrl: string; url: string };

async function accountOf(ctx: AppContext, appId: string): Promise<Account | undefined> {
  return ctx.db
    .selectFrom('mp_account')
    .select(['id', 'appId', 'pushToken', 'aesKey'])
    .where('appId', '=', appId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
}

/** The account's reply for a follow, a keyword (a message's text or a click's key), or by default. */
async function autoReply(ctx: AppContext, accountId: number, kind: number, text = ''): Promise<Reply | null> {
  const rules = await ctx.db
    .selectFrom('mp_auto_reply')
    .selectAll()
    .where('accountId', '=', accountId)
    .where('isDeleted', '=', 0)
    .where('replyKind', '=', kind)
    .orderBy('id')
    .execute();
  const rule =
    kind === REPLY_ON_KEYWORD
      ? rules.find((r) => r.keyword && (r.matchMode === EXACT ? text.trim() === r.keyword : text.includes(r.keyword)))
      : rules[0];
  if (!rule) return null;
  if (rule.replyType !== 2) return rule.content ? { kind: 'text', content: rule.content } : null;
  const article = await ctx.db
    .selectFrom('mp_material')
    .selectAll()
    .where('id', '=', Number(rule.materialId))
    .where('isDeleted', '=', 0)
    .where('materialType', '=', MATERIAL_NEWS)
    .executeTakeFirst();
  if (!article) return null;
  return {
    kind: 'news',
    title: article.title,
    description: article.digest ?? '',
    picUrl: article.coverUrl ?? '',
    url: article.sourceUrl ?? '',
  };
}

async function follow(ctx: AppContext, account: Account, openId: string, at: string, scene: string | null) {
  const values = { subscribeState: 1, subscribeTime: at, updateTime: now() };
  const known = await ctx.db
    .selectFrom('mp_fans')
    .select('id')
    .where('accountId', '=', account.id)
    .where('openId', '=', openId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (known) {
    await ctx.db.updateTable('mp_fans').set(values).where('id', '=', known.id).execute();
    return;
  }
  await ctx.db
    .insertInto('mp_fans')
    .values({ id: nextId(), accountId: account.id, openId, subscribeScene: scene, createTime: now(), ...values })
    .execute();
}

/** What a fan did, written down; answers the auto-reply, if any. */
async function receive(ctx: AppContext, account: Account, message: Record<string, string>): Promise<Reply | null> {
  const openId = message.FromUserName ?? '';
  const at = formatDateTime(new Date(Number(message.CreateTime) * 1000 || Date.now()));
  if (message.MsgType === 'event') {
    const event = (message.Event ?? '').toLowerCase();
    if (event === 'subscribe') {
      // Following through a QR code with a scene (a site's code) arrives as qrscene_<scene>.
      await follow(ctx, account, openId, at, message.EventKey?.startsWith('qrscene_') ? 'ADD_SCENE_QR_CODE' : null);
      return autoReply(ctx, account.id, REPLY_ON_SUBSCRIBE);
    }
    if (event === 'unsubscribe') {
      await ctx.db
        .updateTable('mp_fans')
        .set({ subscribeState: 0, updateTime: now() })
        .where('accountId', '=', account.id)
        .where('openId', '=', openId)
        .execute();
      return null;
    }
    if (event === 'click') return autoReply(ctx, account.id, REPLY_ON_KEYWORD, message.EventKey ?? '');
    if (event === 'publishjobfinish') {
      // How a 发布 went (PublishEventInfo, read flat): publish_id, publish_status, article_id, the first article_url.
      await settlePublish(ctx, account.id, message.publish_id ?? '', {
        status: Number(message.publish_status),
        articleId: message.article_id || null,
        articleUrl: message.article_url || null,
      });
      return null;
    }
    return null;
  }
  const kind = KIND[message.MsgType ?? ''] ?? KIND.text;
  const content = message.MsgType === 'text' ? (message.Content ?? '') : `[${message.MsgType}]`;
  // The platform tries a push again when no answer came within 5 s: the same message is kept once.
  const seen = await ctx.db
    .selectFrom('mp_fans_msg')
    .select('id')
    .where('accountId', '=', account.id)
    .where('openId', '=', openId)
    .where('receiveTime', '=', at)
    .where('content', '=', content.slice(0, 2000))
    .executeTakeFirst();
  const reply =
    message.MsgType === 'text'
      ? ((await autoReply(ctx, account.id, REPLY_ON_KEYWORD, content)) ??
        (await autoReply(ctx, account.id, REPLY_BY_DEFAULT)))
      : await autoReply(ctx, account.id, REPLY_BY_DEFAULT);
  if (seen) return reply;
  const fan = await ctx.db
    .selectFrom('mp_fans')
    .select('nickname')
    .where('accountId', '=', account.id)
    .where('openId', '=', openId)
    .executeTakeFirst();
  await ctx.db
    .insertInto('mp_fans_msg')
    .values({
      id: nextId(),
      accountId: account.id,
      openId,
      nickname: fan?.nickname ?? null,
      msgType: kind,
      content: content.slice(0, 2000),
      replyState: reply ? MSG_AUTO_ANSWERED : MSG_UNANSWERED,
      receiveTime: at,
      createTime: now(),
    })
    .execute();
  return reply;
}

function replyXml(message: Record<string, string>, reply: Reply): string {
  const head = {
    ToUserName: message.FromUserName,
    FromUserName: message.ToUserName,
    CreateTime: Math.floor(Date.now() / 1000),
  };
  if (reply.kind === 'text') return writeXml({ ...head, MsgType: 'text', Content: reply.content });
  const { title, description, picUrl, url } = reply;
  return writeXml({
    ...head,
    MsgType: 'news',
    ArticleCount: 1,
    Articles: [{ Title: title, Description: description, PicUrl: picUrl, Url: url }],
  });
}

export const pushRoutes: RoutePlugin = async (app) => {
  app.addContentTypeParser(['text/xml', 'application/xml'], { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  const schema = {
    tags: ['公众号'],
    params: { type: 'object', required: ['appId'], properties: { appId: { type: 'string', maxLength: 64 } } },
  } as const;

  /** The account whose Token signed the URL, or null when the push is not the platform's. */
  const signedAccount = async (request: FastifyRequest, appId: string): Promise<Account | null> => {
    const query = pushQueryOf(request);
    const account = await accountOf(app.ctx, appId);
    if (!account?.pushToken || !query.signature || !query.timestamp || !query.nonce) return null;
    const expected = pushSignature(account.pushToken, query.timestamp, query.nonce);
    return sameSignature(query.signature, expected) ? account : null;
  };

  app.get(
    '/mp/portal/:appId',
    { config: { access: 'public', limit: 'notify' }, schema: { ...schema, summary: '公众号服务器地址校验 (echostr)' } },
    async (request, reply) => {
      const account = await signedAccount(request, request.params.appId);
      if (!account) throw forbidden(MSG_BAD_SIGNATURE);
      return reply.type('text/plain').send(pushQueryOf(request).echostr ?? '');
    },
  );

  app.post(
    '/mp/portal/:appId',
    {
      config: { access: 'public', limit: 'notify' },
      schema: { ...schema, summary: '公众号消息与事件推送 (明文或安全模式), 自动回复', body: { type: 'string' } },
    },
    async (request, reply) => {
      const account = await signedAccount(request, request.params.appId);
      if (!account) throw forbidden(MSG_BAD_SIGNATURE);
      const query = pushQueryOf(request);
      let message = readXml(String(request.body ?? ''));
      const safe = query.encrypt_type === 'aes';
      if (safe) {
        const encrypted = message.Encrypt ?? '';
        const expected = pushSignature(account.pushToken ?? '', query.timestamp ?? '', query.nonce ?? '', encrypted);
        if (!query.msg_signature || !sameSignature(query.msg_signature, expected)) {
          throw forbidden(MSG_BAD_SIGNATURE);
        }
        const inner = account.aesKey ? decryptMessage(account.aesKey, account.appId, encrypted) : null;
        if (inner === null) throw badRequest(MSG_UNREADABLE);
        message = readXml(inner);
      }
      const answer = await receive(app.ctx, account, message);
      // "success" tells the platform there is nothing to say; it then shows the fan nothing.
      if (!answer) return reply.type('text/plain').send('success');
      const xml = replyXml(message, answer);
      if (!safe || !account.aesKey) return reply.type('application/xml').send(xml);
      const encrypted = encryptMessage(account.aesKey, account.appId, xml);
      const timeStamp = String(Math.floor(Date.now() / 1000));
      const nonce = String(Math.floor(Math.random() * 1e9));
      const signature = pushSignature(account.pushToken ?? '', timeStamp, nonce, encrypted);
      return reply
        .type('application/xml')
        .send(writeXml({ Encrypt: encrypted, MsgSignature: signature, TimeStamp: timeStamp, Nonce: nonce }));
    },
  );
};
