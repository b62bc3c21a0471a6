// The official account through the real platform client to the platform's double, on two instances sharing one
// database: one access token fetched for both (and fetched again, once, when the platform ends it), the menu
// published and read back, followers synced, articles drafted, published (the outcome pushed in safe mode) and
// removed, and fans pushing to the server URL in safe mode — a follow, a question answered by the keyword
// auto-reply, an unfollow — then answered by staff.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MpDouble, startWechatMpDouble } from '../../../scripts/doubles/wechat-mp.js';
import { MSG_ANSWERED, MSG_AUTO_ANSWERED } from '../../../server/channels/mp/resources.js';
import { wechatPlatform } from '../../../server/channels/mp/wechat.js';
import { providerWarnings } from '../../../server/provider-checks.js';
import { call, freshDatabaseUrl, placeUpload, signIn, startTestServer, type TestServer } from '../harness.js';

let mp: MpDouble;
let first: TestServer;
let second: TestServer;
let admin: string;
let accountId: string;
const TOKEN = 'rideToken2026';
const AES_KEY = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

const send = async (server: TestServer, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
  const response = await call(server, method, url, { token: admin, body });
  return { status: response.statusCode, ...response.json() };
};

/** The platform pushing a fan's doing to the account's server URL; answers the reply, decrypted. */
async function push(server: TestServer, message: Record<string, string | number>) {
  const { query, body } = mp.push({ token: TOKEN, aesKey: AES_KEY }, message);
  const response = await server.app.inject({
    method: 'POST',
    url: `/api/mp/portal/${mp.appId}`,
    query,
    headers: { 'content-type': 'text/xml' },
    payload: body,
  });
  expect(response.statusCode).toBe(200);
  return response.body === 'success' ? null : mp.readReply({ aesKey: AES_KEY }, response.body);
}

beforeAll(async () => {
  mp = await startWechatMpDouble();
  const databaseUrl = await freshDatabaseUrl();
  const env = { DATABASE_URL: databaseUrl, MP_PLATFORM: 'wechat', MP_API_BASE: mp.url };
  first = await startTestServer(env);
  second = await startTestServer(env);
  admin = await signIn(first);
  const added = await send(first, 'POST', '/api/mp/wxaccount/submit', {
    accountName: '乐行租赁',
    accountType: 2,
    appId: mp.appId,
    appSecret: mp.appSecret,
    pushToken: TOKEN,
    aesKey: AES_KEY,
  });
  expect(added).toMatchObject({ status: 200 });
  const list = await send(first, 'GET', `/api/mp/wxaccount/list?appId=${mp.appId}`);
  accountId = String(list.data.records[0].id);
  for (let i = 0; i < 3; i += 1) {
    mp.fans.push({
      openid: `oFan${i}`,
      nickname: `粉丝${i}`,
      subscribe_time: 1764000000 + i,
      subscribe_scene: 'ADD_SCENE_QR_CODE',
    });
  }
});
afterAll(async () => Promise.all([first?.close(), second?.close(), mp?.close()]));

describe('the official account platform, live', () => {
  it('shares one access token between two instances, and refreshes it once when the platform ends it', async () => {
    const [a, b] = await Promise.all([
      send(first, 'POST', `/api/mp/wxaccountfans/sync/${accountId}`),
      send(second, 'POST', `/api/mp/wxaccountfans/sync/${accountId}`),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(mp.tokensIssued).toBe(1);
    mp.expireToken();
    const [c, d] = await Promise.all([
      send(first, 'POST', `/api/mp/wxaccountfans/sync/${accountId}`),
      send(second, 'POST', `/api/mp/wxaccountfans/sync/${accountId}`),
    ]);
    expect([c.msg, d.msg]).toEqual(['同步完成: 3 位粉丝', '同步完成: 3 位粉丝']);
    expect(mp.tokensIssued).toBe(2);
    const fans = await send(first, 'GET', `/api/mp/wxaccountfans/list?accountId=${accountId}`);
    expect(fans.data.records.map((fan: { nickname: string }) => fan.nickname).sort()).toEqual([
      '粉丝0',
      '粉丝1',
      '粉丝2',
    ]);
  });

  it('publishes the menu to the platform and reads it back', async () => {
    const buttons = [
      { name: '扫码租车', type: 'view', url: 'https://ride.example.com/scan' },
      { name: '帮助', sub_button: [{ name: '押金说明', type: 'click', key: 'DEPOSIT' }] },
    ];
    expect(await send(first, 'POST', `/api/blade-mp/menu/${accountId}`, { buttons })).toMatchObject({ status: 200 });
    expect(await send(second, 'PUT', `/api/blade-mp/menu/${accountId}`)).toMatchObject({
      status: 200,
      msg: '发布成功',
    });
    expect(mp.menu).toEqual(buttons);
    const platform = wechatPlatform(first.ctx);
    const token = await platform.accessToken({ appId: mp.appId, appSecret: mp.appSecret });
    expect(await platform.currentMenu(token)).toEqual(buttons);
    await platform.deleteMenu(token);
    expect(await platform.currentMenu(token)).toEqual([]);
  });

  it('drafts an article with its cover in the 草稿箱, publishes it, and learns the outcome from the push', async () => {
    const coverUrl = await placeUpload(first, 'deposit-cover.png');
    const coverless = { accountId, title: '押金退还说明', content: '<p>归还后押金原路退回</p>' };
    expect(await send(first, 'POST', '/api/mp/wxmaterial/materialNews', coverless)).toMatchObject({
      status: 400,
      msg: expect.stringMatching(/^40007 /),
    });
    expect(
      await send(first, 'POST', '/api/mp/wxmaterial/materialNews', { ...coverless, coverUrl: '/elsewhere.png' }),
    ).toMatchObject({ status: 400, msg: '封面图须为已上传的图片' });
    const saved = await send(first, 'POST', '/api/mp/wxmaterial/materialNews', {
      accountId,
      coverUrl,
      title: '押金退还说明',
      author: '乐行租赁',
      content: '<p>归还后押金原路退回</p>',
      digest: '押金原路退回',
      sourceUrl: 'https://ride.example.com/deposit',
    });
    expect(saved).toMatchObject({ status: 200, data: { publishState: 0 } });
    expect(mp.drafts.get(saved.data.mediaId)).toEqual({
      title: '押金退还说明',
      author: '乐行租赁',
      digest: '押金原路退回',
      content: '<p>归还后押金原路退回</p>',
      content_source_url: 'https://ride.example.com/deposit',
      thumb_media_id: saved.data.thumbMediaId,
    });
    expect(mp.images.has(saved.data.thumbMediaId)).toBe(true);

    // 发布 on one instance; the platform's push (safe mode) reaches the other.
    const submitted = await send(first, 'POST', `/api/mp/wxmaterial/publish/${saved.data.id}`);
    expect(submitted).toMatchObject({ status: 200, data: { publishState: 1 } });
    expect(mp.jobs.get(submitted.data.publishId)).toMatchObject({ mediaId: saved.data.mediaId, status: 1 });
    const outcome = mp.finishPublish(submitted.data.publishId, 0, { token: TOKEN, aesKey: AES_KEY });
    const pushed = await second.app.inject({
      method: 'POST',
      url: `/api/mp/portal/${mp.appId}`,
      query: outcome.query,
      headers: { 'content-type': 'text/xml' },
      payload: outcome.body,
    });
    expect([pushed.statusCode, pushed.body]).toEqual([200, 'success']);
    const published = (await send(first, 'GET', `/api/mp/wxmaterial/${saved.data.id}`)).data;
    const job = mp.jobs.get(submitted.data.publishId);
    expect(published).toMatchObject({ publishState: 2, articleId: job?.articleId, articleUrl: job?.articleUrl });
    expect(mp.articles.get(published.articleId)).toMatchObject({ title: '押金退还说明' });
    expect(mp.drafts.has(saved.data.mediaId)).toBe(false);

    // The call the console no longer makes: the platform refuses it.
    const platform = wechatPlatform(first.ctx);
    const token = await platform.accessToken({ appId: mp.appId, appSecret: mp.appSecret });
    const retired = await fetch(`${mp.url}/cgi-bin/material/add_news?access_token=${token}`, {
      method: 'POST',
      body: JSON.stringify({ articles: [{ title: 't', content: 'c', thumb_media_id: saved.data.thumbMediaId }] }),
    });
    expect(await retired.json()).toMatchObject({ errcode: 45106 });
    // The keyword 押金 answers with the article, in the next test.
    expect(
      await send(first, 'POST', '/api/mp/wxautoreply', {
        accountId,
        replyKind: 2,
        keyword: '押金',
        matchMode: 2,
        replyType: 2,
        materialId: saved.data.id,
      }),
    ).toMatchObject({ status: 200 });
    expect(
      await send(first, 'POST', '/api/mp/wxautoreply', {
        accountId,
        replyKind: 1,
        replyType: 1,
        content: '欢迎关注乐行租赁',
      }),
    ).toMatchObject({ status: 200 });
    const other = await send(first, 'POST', '/api/mp/wxmaterial/materialNews', {
      accountId,
      title: '新站点',
      content: '开业',
      coverUrl,
    });
    expect(mp.drafts.has(other.data.mediaId)).toBe(true);
    expect(await send(first, 'DELETE', `/api/mp/wxmaterial?ids=${other.data.id}`)).toMatchObject({ status: 200 });
    expect(mp.drafts.size).toBe(0);
    expect(mp.images.size).toBe(2);
  });

  it('answers fans pushing in safe mode: a follow, a question, a click, an unfollow; staff reply after', async () => {
    const welcome = await push(first, {
      FromUserName: 'oNewFan',
      MsgType: 'event',
      Event: 'subscribe',
      EventKey: 'qrscene_site-8',
    });
    expect(welcome).toMatchObject({ ToUserName: 'oNewFan', MsgType: 'text', Content: '欢迎关注乐行租赁' });
    const answer = await push(second, { FromUserName: 'oNewFan', MsgType: 'text', Content: '押金怎么退?', MsgId: 1 });
    expect(answer).toMatchObject({
      MsgType: 'news',
      ArticleCount: '1',
      Title: '押金退还说明',
      Url: 'https://ride.example.com/deposit',
    });
    const click = await push(first, { FromUserName: 'oNewFan', MsgType: 'event', Event: 'CLICK', EventKey: '押金' });
    expect(click).toMatchObject({ Title: '押金退还说明' });
    expect(await push(first, { FromUserName: 'oNewFan', MsgType: 'text', Content: '你好', MsgId: 2 })).toBeNull();

    const messages = await send(first, 'GET', `/api/mp/wxfansmsg/list?accountId=${accountId}&openId=oNewFan`);
    const byContent = new Map(messages.data.records.map((m: { content: string }) => [m.content, m]));
    expect(byContent.get('押金怎么退?')).toMatchObject({ replyState: MSG_AUTO_ANSWERED, msgType: 1 });
    const open = byContent.get('你好') as { id: string; replyState: number };
    expect(open.replyState).toBe(0);

    // Staff answer through a customer-service message; the platform knows the fan once they follow.
    mp.fans.push({
      openid: 'oNewFan',
      nickname: '新粉丝',
      subscribe_time: 1764000100,
      subscribe_scene: 'ADD_SCENE_QR_CODE',
    });
    expect(
      await send(first, 'POST', '/api/mp/wxfansmsgres', { fansMsgId: open.id, content: '您好, 有什么可以帮您?' }),
    ).toMatchObject({
      status: 200,
      msg: '回复成功',
    });
    expect(mp.messages.at(-1)).toEqual({ touser: 'oNewFan', content: '您好, 有什么可以帮您?' });
    expect((await send(first, 'GET', `/api/mp/wxfansmsg/${open.id}`)).data.replyState).toBe(MSG_ANSWERED);

    expect(await push(first, { FromUserName: 'oNewFan', MsgType: 'event', Event: 'unsubscribe' })).toBeNull();
    const fans = await send(first, 'GET', `/api/mp/wxaccountfans/list?accountId=${accountId}&openId=oNewFan`);
    expect(fans.data.records[0]).toMatchObject({ subscribeState: 0, subscribeScene: 'ADD_SCENE_QR_CODE' });
  });

  it('answers the URL check and refuses a push not signed with the account’s Token', async () => {
    const { query } = mp.push({ token: TOKEN }, { FromUserName: 'x' });
    const check = await first.app.inject({
      method: 'GET',
      url: `/api/mp/portal/${mp.appId}`,
      query: { ...query, echostr: 'e1' },
    });
    expect(check.body).toBe('e1');
    const forged = mp.push(
      { token: 'notTheToken', aesKey: AES_KEY },
      { FromUserName: 'oX', MsgType: 'text', Content: '押金' },
    );
    const refused = await first.app.inject({
      method: 'POST',
      url: `/api/mp/portal/${mp.appId}`,
      query: forged.query,
      headers: { 'content-type': 'text/xml' },
      payload: forged.body,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('says at start what a live setup lacks, naming no key', async () => {
    await first.ctx.db.updateTable('mp_account').set({ pushToken: null }).execute();
    const warnings = await providerWarnings({ ...first.ctx, config: { ...first.config, env: 'production' } });
    expect(warnings).toEqual([
      'SMS_GATEWAY=simulator: texts (sign-in codes) are recorded, not sent; set SMS_GATEWAY=live',
      `official account ${mp.appId}: no push Token, so /api/mp/portal/${mp.appId} refuses every push`,
    ]);
    expect(warnings.join(' ')).not.toContain(mp.appSecret);
  });
});
