// The official account area against the platform simulator: accounts (credentials checked by the platform), QR
// codes, statistics, fan sync through next_openid pages, replies within and past 48 hours, articles (drafted, edited,
// published and settled by asking the platform, a failed publish), auto-replies and the menu (saved, refused by the
// platform's rules, published); the spec's wire shapes and the button checks.
// With TEST_MP_PLATFORM=wechat (vitest.config.ts) the same file runs on the live client against the platform's double.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_FAN_PAGE } from '../../../server/channels/mp/simulator.js';
import { nextId } from '../../../server/platform/db/ids.js';
import { formatDateTime } from '../../../server/platform/db/time.js';
import { addRole, addUser, grantCode } from '../auth/fixtures.js';
import { type Answer, type Api, openApi, pageOf, type Row, rowOf } from '../engine/api.js';
import { call, placeUpload, signIn } from '../harness.js';

let api: Api;
let accountId: string;
const LIVE = process.env.TEST_MP_PLATFORM === 'wechat';
/** The simulator takes any well-formed credentials; the double knows one account, whose AppID and secret these become. */
let APP_ID = 'wx0123456789abcdef';
let SECRET = '0123456789abcdef0123456789abcdef';
const hoursAgo = (hours: number) => formatDateTime(new Date(Date.now() - hours * 3600_000));

const send = async (method: string, url: string, body?: unknown, token = api.adminToken): Promise<Answer> => {
  const response = await call(api.server, method as 'GET', url, { token, body });
  return { status: response.statusCode, ...response.json() };
};

async function addPlatformFans(count: number): Promise<void> {
  const double = api.server.mpDouble;
  for (let i = 0; i < count; i += 1) {
    if (double) {
      double.fans.push({
        openid: `o${String(i).padStart(4, '0')}`,
        nickname: `粉丝${i}`,
        subscribe_time: Math.floor(Date.now() / 1000) - 86400 * (i % 5),
        subscribe_scene: 'ADD_SCENE_QR_CODE',
        last_message_time: Math.floor(Date.now() / 1000) - 3600 * (i === 0 ? 1 : 72),
      });
      continue;
    }
    await api.server.ctx.db
      .insertInto('mp_sim_fan')
      .values({
        appId: APP_ID,
        openId: `o${String(i).padStart(4, '0')}`,
        nickname: `粉丝${i}`,
        subscribeTime: hoursAgo(24 * (i % 5)),
        subscribeScene: 'ADD_SCENE_QR_CODE',
        lastMessageTime: i === 0 ? hoursAgo(1) : hoursAgo(72),
      })
      .execute();
  }
}

async function addFanMessage(openId: string): Promise<string> {
  const answer = await send('POST', '/api/mp/wxfansmsg', {
    accountId,
    openId,
    nickname: openId,
    msgType: 1,
    content: '押金怎么退?',
    receiveTime: hoursAgo(1),
  });
  expect(answer).toMatchObject({ status: 200, success: true });
  return String(rowOf(answer).id);
}

beforeAll(async () => {
  api = await openApi();
  if (api.server.mpDouble) ({ appId: APP_ID, appSecret: SECRET } = api.server.mpDouble);
  const added = await send('POST', '/api/mp/wxaccount/submit', {
    accountName: '乐行租赁',
    accountType: 2,
    appId: APP_ID,
    appSecret: SECRET,
  });
  expect(added).toMatchObject({ status: 200, success: true });
  accountId = String(pageOf(await api.get('/api/mp/wxaccount/page')).records[0].id);
  await addPlatformFans(SIM_FAN_PAGE * 2 + 5);
});
afterAll(async () => api?.close());

describe('accounts', () => {
  it('lists, pages and reads an account by id, hiding the secret from those who may not edit', async () => {
    const page = pageOf(await api.get('/api/mp/wxaccount/page'));
    expect(page.records[0]).toMatchObject({
      accountName: '乐行租赁',
      appId: APP_ID,
      appSecret: SECRET,
      accountType: 2,
    });
    const one = await api.get(`/api/mp/wxaccount/${accountId}`);
    expect(rowOf(one)).toMatchObject({ id: accountId, accountName: '乐行租赁' });
    expect(pageOf(await api.get('/api/mp/wxaccount/list')).total).toBe(1);
  });

  it('asks for each required field and refuses a second account with the same AppID', async () => {
    const valid: Row = { accountName: 'X', accountType: 1, appId: 'wx1111111111111111', appSecret: SECRET };
    for (const [field, message] of [
      ['accountName', '请输入公众号名称'],
      ['accountType', '请选择公众号类型'],
      ['appId', '请输入AppID'],
      ['appSecret', '请输入AppSecret'],
    ]) {
      const body = Object.fromEntries(Object.entries(valid).filter(([key]) => key !== field));
      expect(await api.post('/api/mp/wxaccount/submit', { body }), field).toMatchObject({ status: 400, msg: message });
    }
    const twice = await api.post('/api/mp/wxaccount/submit', { body: { ...valid, appId: APP_ID } });
    expect(twice).toMatchObject({ status: 400, msg: '该AppID已接入' });
  });

  it('makes a QR code with a scene and keeps it on the account', async () => {
    const answer = await send('POST', `/api/mp/wxaccount/qr/${accountId}`, { scene: 'site-12' });
    expect(answer).toMatchObject({ status: 200, data: { scene: 'site-12' } });
    // The simulator links the QR image; the platform answers the code's own content link.
    const link = LIVE
      ? /^http:\/\/weixin\.qq\.com\/q\//
      : /^https:\/\/mp\.weixin\.qq\.com\/cgi-bin\/showqrcode\?ticket=/;
    expect(String((answer.data as Row).url)).toMatch(link);
    expect(rowOf(await api.get(`/api/mp/wxaccount/${accountId}`))).toMatchObject({ qrScene: 'site-12' });
  });

  // The double knows one AppID, so a second account's wrong secret reads as its wrong AppID there.
  it.skipIf(LIVE)('shows the platform’s refusal of wrong credentials: 40013 and 40125', async () => {
    const bad = await addAccount('wrong-app-id', SECRET);
    expect(await send('POST', `/api/mp/wxaccount/qr/${bad}`, {})).toMatchObject({
      status: 400,
      msg: '40013 invalid appid: 公众号的 AppID 不正确',
    });
    const badSecret = await addAccount('wx2222222222222222', 'nope');
    const english = await call(api.server, 'POST', `/api/mp/wxaccountfans/sync/${badSecret}`, {
      token: api.adminToken,
      headers: { 'accept-language': 'en' },
    });
    expect(english.json().msg).toBe('40125 invalid appsecret: the account’s AppSecret is wrong');
  });

  // The double keeps no statistics; the simulator counts its own followers.
  it.skipIf(LIVE)('answers the fans’ growth by day', async () => {
    const answer = await api.get('/api/mp/wxaccount/statistics', { id: accountId });
    const data = answer.data as { days: Row[]; cumulateUser: number; newUser: number };
    expect(data.days).toHaveLength(7);
    expect(data.cumulateUser).toBe(SIM_FAN_PAGE * 2 + 5);
    expect(data.days[6]).toMatchObject({ refDate: formatDateTime(new Date()).slice(0, 10) });
  });
});

async function addAccount(appId: string, appSecret: string): Promise<string> {
  await api.post('/api/mp/wxaccount/submit', { body: { accountName: appId, accountType: 1, appId, appSecret } });
  const page = pageOf(await api.get('/api/mp/wxaccount/page', { appId }));
  return String(page.records[0].id);
}

describe('fans', () => {
  it('syncs every follower through the platform’s pages, and marks those gone as unfollowed', async () => {
    const first = await send('POST', `/api/mp/wxaccountfans/sync/${accountId}`);
    expect(first).toMatchObject({ status: 200, msg: `同步完成: ${SIM_FAN_PAGE * 2 + 5} 位粉丝` });
    // The platform ends its list with an empty page after the last openid; the simulator ends on the last full one.
    const pages = LIVE ? 4 : 3;
    expect(first.data).toMatchObject({ total: SIM_FAN_PAGE * 2 + 5, added: SIM_FAN_PAGE * 2 + 5, pages });
    const double = api.server.mpDouble;
    if (double)
      double.fans.splice(
        double.fans.findIndex((fan) => fan.openid === 'o0003'),
        1,
      );
    else await api.server.ctx.db.deleteFrom('mp_sim_fan').where('openId', '=', 'o0003').execute();
    const again = await send('POST', `/api/mp/wxaccountfans/sync/${accountId}`);
    expect(again.data).toMatchObject({ added: 0 });
    const gone = pageOf(await api.get('/api/mp/wxaccountfans/page', { openId: 'o0003' })).records[0];
    expect(gone).toMatchObject({ subscribeState: 0, nickname: '粉丝3' });
    expect(pageOf(await api.get('/api/mp/wxaccountfans/page', { subscribeState_equal: 1 })).total).toBe(
      SIM_FAN_PAGE * 2 + 4,
    );
  });
});

describe('fan messages and replies', () => {
  it('replies within 48 hours of the fan’s last message and records the reply', async () => {
    const id = await addFanMessage('o0000');
    const reply = await send('POST', '/api/mp/wxfansmsgres', { fansMsgId: id, content: '押金在订单结束后原路退回' });
    expect(reply).toMatchObject({ status: 200, msg: '回复成功' });
    expect(rowOf(await api.get(`/api/mp/wxfansmsg/${id}`))).toMatchObject({ replyState: 1 });
    const replies = pageOf(await api.get('/api/mp/wxfansmsgres/page', { fansMsgId_equal: id }));
    expect(replies.records.map((row) => row.content)).toEqual(['押金在订单结束后原路退回']);
    const replyId = String(replies.records[0].id);
    expect(rowOf(await api.get(`/api/mp/wxfansmsgres/${replyId}`))).toMatchObject({ openId: 'o0000' });
    expect(await send('DELETE', `/api/mp/wxfansmsgres/${replyId}`)).toMatchObject({ status: 200 });
  });

  it('is refused by the platform 48 hours after the fan last wrote (45015)', async () => {
    const id = await addFanMessage('o0001');
    const reply = await send('POST', '/api/mp/wxfansmsgres', { fansMsgId: id, content: '您好' });
    expect(reply).toMatchObject({ status: 400, msg: expect.stringMatching(/^45015 /) });
    expect(rowOf(await api.get(`/api/mp/wxfansmsg/${id}`))).toMatchObject({ replyState: 0 });
  });

  it('asks for the reply and the message’s required fields', async () => {
    const id = await addFanMessage('o0000');
    expect(await send('POST', '/api/mp/wxfansmsgres', { fansMsgId: id })).toMatchObject({
      status: 400,
      msg: '请输入回复内容',
    });
    expect(await send('POST', '/api/mp/wxfansmsg', { accountId, openId: 'o1' })).toMatchObject({
      status: 400,
      msg: '请输入消息内容',
    });
    expect(await send('DELETE', `/api/mp/wxfansmsg/${id}`)).toMatchObject({ status: 200, msg: '操作成功' });
    expect(await api.get(`/api/mp/wxfansmsg/${id}`)).toMatchObject({ status: 404 });
  });
});

describe('materials', () => {
  /** What the platform holds of a draft: the double's 草稿箱, or the simulator's record of it. */
  const draftOnPlatform = async (mediaId: string): Promise<Record<string, string> | undefined> => {
    const double = api.server.mpDouble;
    if (double) return double.drafts.get(mediaId) as Record<string, string> | undefined;
    const row = await api.server.ctx.db
      .selectFrom('mp_sim_call')
      .select('payload')
      .where('kind', '=', 'draft')
      .where('id', '=', Number(mediaId.replace('media-', '')))
      .executeTakeFirst();
    return row ? (JSON.parse(row.payload) as Record<string, string>) : undefined;
  };
  /** The platform ending a publish job: the double's own doing, or the simulator's record set to it. */
  const platformEndsPublish = async (publishId: string, status: number) => {
    const double = api.server.mpDouble;
    if (double) return void double.finishPublish(publishId, status, { token: 'unused' });
    // The simulator finishes a job it is asked about; one set to a failure beforehand answers that failure.
    if (status === 0) return;
    await api.server.ctx.db
      .updateTable('mp_sim_call')
      .set({ payload: JSON.stringify({ mediaId: '', status }) })
      .where('id', '=', Number(publishId))
      .where('kind', '=', 'publish')
      .execute();
  };
  const draftArticle = async (title: string): Promise<Row> => {
    const added = await send('POST', '/api/mp/wxmaterial/materialNews', {
      accountId,
      title,
      content: `<p>${title}</p>`,
      coverUrl: await placeUpload(api.server, 'rent-cover.png'),
    });
    expect(added).toMatchObject({ status: 200, data: { publishState: 0 } });
    return rowOf(added);
  };
  const publish = (id: unknown) => send('POST', `/api/mp/wxmaterial/publish/${id}`);

  it('keeps an article in the 草稿箱, updates the draft when edited, and removes it from both', async () => {
    const added = await send('POST', '/api/mp/wxmaterial/materialNews', {
      accountId,
      title: '押金退还说明',
      content: '<p>归还后押金原路退回</p>',
      sourceUrl: 'https://example.com/rent',
      coverUrl: await placeUpload(api.server, 'rent-cover.png'),
    });
    expect(added).toMatchObject({ status: 200, data: { title: '押金退还说明', materialType: 1, publishState: 0 } });
    const material = rowOf(added);
    const mediaId = String(material.mediaId);
    expect(await draftOnPlatform(mediaId)).toMatchObject({
      title: '押金退还说明',
      content: '<p>归还后押金原路退回</p>',
    });
    const changed = await send('PUT', '/api/mp/wxmaterial/materialNews', { id: material.id, digest: '三步退押金' });
    expect(changed).toMatchObject({ status: 200, data: { digest: '三步退押金', title: '押金退还说明', mediaId } });
    // The platform's draft is the edited article, whole: the title and cover stay, the summary is new.
    expect(await draftOnPlatform(mediaId)).toMatchObject({ title: '押金退还说明', digest: '三步退押金' });
    expect(await send('PUT', '/api/mp/wxmaterial/materialNews', { accountId, title: 't', content: 'c' })).toMatchObject(
      {
        status: 400,
        msg: '请选择要修改的数据',
      },
    );
    expect(rowOf(await api.get(`/api/mp/wxmaterial/${material.id}`))).toMatchObject({ digest: '三步退押金' });
    const removed = await call(api.server, 'DELETE', '/api/mp/wxmaterial', {
      token: api.adminToken,
      query: { ids: String(material.id) },
    });
    expect(removed.statusCode).toBe(200);
    expect(await draftOnPlatform(mediaId)).toBeUndefined();
  });

  it('publishes a draft; with no push, 发布 again or the check pass asks the platform how it went', async () => {
    const first = await draftArticle('新站点开业');
    const submitted = await publish(first.id);
    expect(submitted).toMatchObject({ status: 200, msg: '已提交发布, 结果稍后更新', data: { publishState: 1 } });
    const publishId = String(rowOf(submitted).publishId);
    expect(publishId).not.toBe('');
    expect(await send('PUT', '/api/mp/wxmaterial/materialNews', { id: first.id, title: '改' })).toMatchObject({
      status: 400,
      msg: '该图文正在发布',
    });
    await platformEndsPublish(publishId, 0);
    const asked = await publish(first.id);
    expect(asked).toMatchObject({ status: 200, msg: '发布状态已更新', data: { publishState: 2, publishId } });
    const published = rowOf(asked);
    expect(published.articleId).toBeTruthy();
    expect(String(published.articleUrl)).toMatch(/^https?:\/\/mp\.weixin\.qq\.com\/s\//);
    // Published, the draft has left the 草稿箱 and the article is the platform's.
    expect(await draftOnPlatform(String(first.mediaId))).toBeUndefined();
    expect(await publish(first.id)).toMatchObject({ status: 400, msg: '该图文已发布' });
    expect(await send('PUT', '/api/mp/wxmaterial/materialNews', { id: first.id, title: '改' })).toMatchObject({
      status: 400,
      msg: '已发布的图文不能修改',
    });

    const second = await draftArticle('设备故障怎么办');
    const secondId = String(rowOf(await publish(second.id)).publishId);
    await platformEndsPublish(secondId, 0);
    const { checkPublishing } = await import('../../../server/channels/mp/publishing.js');
    // A publish a moment old is left to the platform's push.
    expect(await checkPublishing(api.server.ctx)).toEqual({ checked: 0, settled: 0, failures: [] });
    // Later, two instances' passes at once: one claims the article and settles it, the other skips it.
    const later = new Date(Date.now() + 5 * 60_000);
    const passes = await Promise.all([checkPublishing(api.server.ctx, later), checkPublishing(api.server.ctx, later)]);
    expect(passes.map((pass) => pass.settled).sort()).toEqual([0, 1]);
    expect(passes.map((pass) => pass.checked).sort()).toEqual([0, 1]);
    expect(passes.flatMap((pass) => pass.failures)).toEqual([]);
    expect(rowOf(await api.get(`/api/mp/wxmaterial/${second.id}`))).toMatchObject({ publishState: 2 });

    // Removing a published article takes it down from the platform.
    const double = api.server.mpDouble;
    if (double) expect(double.articles.has(String(published.articleId))).toBe(true);
    expect(await send('DELETE', `/api/mp/wxmaterial?ids=${first.id}`)).toMatchObject({ status: 200 });
    if (double) expect(double.articles.has(String(published.articleId))).toBe(false);
    else {
      const left = await api.server.ctx.db
        .selectFrom('mp_sim_call')
        .select('id')
        .where('kind', '=', 'article')
        .execute();
      expect(left).toHaveLength(1);
    }
  });

  it('shows why a publish failed, and the draft can be changed and published again', async () => {
    const article = await draftArticle('押金活动');
    const publishId = String(rowOf(await publish(article.id)).publishId);
    await platformEndsPublish(publishId, 4);
    expect(await publish(article.id)).toMatchObject({ status: 200, data: { publishState: 5 } });
    const states = await api.get('/api/blade-system/dict/dictionary', { code: 'mp_article_state' });
    const reason = (states.data as Array<{ dictKey: string; dictValue: string }>).find((s) => s.dictKey === '5');
    expect(reason?.dictValue).toBe('发布失败: 平台审核不通过');
    const changed = await send('PUT', '/api/mp/wxmaterial/materialNews', { id: article.id, title: '押金活动 (修订)' });
    expect(changed).toMatchObject({ status: 200, data: { publishState: 5 } });
    expect(await draftOnPlatform(String(article.mediaId))).toMatchObject({ title: '押金活动 (修订)' });
    expect(await publish(article.id)).toMatchObject({ status: 200, data: { publishState: 1 } });
  });

  it('leaves an article as it was when the platform refuses 发布, and drafts it again when edited', async () => {
    const article = await draftArticle('已在平台删除');
    // Removed from the 草稿箱 on the platform's website.
    const double = api.server.mpDouble;
    if (double) double.drafts.delete(String(article.mediaId));
    else {
      const draftId = Number(String(article.mediaId).replace('media-', ''));
      await api.server.ctx.db.deleteFrom('mp_sim_call').where('id', '=', draftId).execute();
    }
    expect(await publish(article.id)).toMatchObject({ status: 400, msg: expect.stringMatching(/^40007 /) });
    expect(rowOf(await api.get(`/api/mp/wxmaterial/${article.id}`))).toMatchObject({ publishState: 0, publishId: '' });
    const changed = rowOf(await send('PUT', '/api/mp/wxmaterial/materialNews', { id: article.id, title: '重新起草' }));
    expect(changed.mediaId).not.toBe(article.mediaId);
    expect(await draftOnPlatform(String(changed.mediaId))).toMatchObject({ title: '重新起草' });
    expect(await publish(article.id)).toMatchObject({ status: 200, data: { publishState: 1 } });
  });

  it('asks for the title, the body and the account', async () => {
    for (const [field, message] of [
      ['accountId', '请选择公众号'],
      ['title', '请输入标题'],
      ['content', '请输入正文'],
    ]) {
      const body = Object.fromEntries(
        Object.entries({ accountId, title: 't', content: 'c' }).filter(([key]) => key !== field),
      );
      expect(await send('POST', '/api/mp/wxmaterial/materialNews', body), field).toMatchObject({
        status: 400,
        msg: message,
      });
    }
  });
});

describe('auto-replies', () => {
  it('adds, changes, reads and removes a keyword reply through the spec’s calls', async () => {
    const added = await send('POST', '/api/mp/wxautoreply', {
      accountId,
      replyKind: 2,
      keyword: '退款',
      matchMode: 2,
      replyType: 1,
      content: '退款将在1-3个工作日原路退回',
    });
    expect(added).toMatchObject({ status: 200, data: { keyword: '退款', replyKind: 2 } });
    const id = String(rowOf(added).id);
    expect(await send('PUT', '/api/mp/wxautoreply', { id, keyword: '退款 押金' })).toMatchObject({
      data: { keyword: '退款 押金' },
    });
    expect(rowOf(await api.get(`/api/mp/wxautoreply/${id}`))).toMatchObject({ matchMode: 2 });
    expect(pageOf(await api.get('/api/mp/wxautoreply/page', { keyword: '押金' })).total).toBe(1);
    expect(await send('DELETE', `/api/mp/wxautoreply/${id}`)).toMatchObject({ status: 200 });
  });

  it('asks for the keyword of a keyword reply, the reply text or the article', async () => {
    const base = { accountId, replyKind: 2, keyword: '故障', matchMode: 1, replyType: 1, content: '请在小程序报修' };
    const without = (field: string) => Object.fromEntries(Object.entries(base).filter(([key]) => key !== field));
    expect(await send('POST', '/api/mp/wxautoreply', without('replyKind'))).toMatchObject({ msg: '请选择回复场景' });
    expect(await send('POST', '/api/mp/wxautoreply', without('keyword'))).toMatchObject({ msg: '请输入关键词' });
    expect(await send('POST', '/api/mp/wxautoreply', without('matchMode'))).toMatchObject({ msg: '请选择匹配方式' });
    expect(await send('POST', '/api/mp/wxautoreply', without('content'))).toMatchObject({ msg: '请输入回复内容' });
    expect(await send('POST', '/api/mp/wxautoreply', { ...base, replyType: 2 })).toMatchObject({
      msg: '请选择图文素材',
    });
  });
});

describe('the account menu', () => {
  const MINI = { type: 'miniprogram', appid: 'wxaaaaaaaaaaaaaaaa', pagepath: 'pages/index', url: 'https://e.com' };

  it('saves a draft, refuses to publish 4 buttons (40016) or 6 sub-buttons (40023), then publishes', async () => {
    const four = [1, 2, 3, 4].map((n) => ({ name: `菜单${n}`, type: 'click', key: `k${n}` }));
    expect(await send('POST', `/api/blade-mp/menu/${accountId}`, { buttons: four })).toMatchObject({
      status: 200,
      data: { publishState: 2 },
    });
    expect(await send('PUT', `/api/blade-mp/menu/${accountId}`)).toMatchObject({
      status: 400,
      msg: '40016 invalid button size: 一级菜单最多 3 个',
    });
    const six = [
      { name: '帮助', sub_button: [1, 2, 3, 4, 5, 6].map((n) => ({ name: `项${n}`, type: 'click', key: `h${n}` })) },
    ];
    await send('POST', `/api/blade-mp/menu/${accountId}`, { buttons: six });
    expect(await send('PUT', `/api/blade-mp/menu/${accountId}`)).toMatchObject({
      msg: expect.stringMatching(/^40023 /),
    });
    const good = [
      { name: '扫码租车', ...MINI },
      { name: '帮助', sub_button: [{ name: '押金说明', type: 'view', url: 'https://e.com/deposit' }] },
    ];
    await send('POST', `/api/blade-mp/menu/${accountId}`, { buttons: good });
    const published = await send('PUT', `/api/blade-mp/menu/${accountId}`);
    expect(published).toMatchObject({ status: 200, msg: '发布成功', data: { publishState: 1, buttons: good } });
    expect(rowOf(await api.get(`/api/blade-mp/menu/${accountId}`))).toMatchObject({ accountId, buttons: good });
  });

  it('refuses a button without its link (40017) and a menu without buttons', async () => {
    await send('POST', `/api/blade-mp/menu/${accountId}`, { buttons: [{ name: '官网', type: 'view' }] });
    expect(await send('PUT', `/api/blade-mp/menu/${accountId}`)).toMatchObject({
      msg: expect.stringMatching(/^40017 /),
    });
    expect(await send('POST', `/api/blade-mp/menu/${accountId}`, {})).toMatchObject({ status: 400, msg: '请添加菜单' });
  });
});

describe('permissions', () => {
  it('refuses a caller without the screen, and one with the screen but not the button', async () => {
    const manager = await signIn(api.server, 'manager', 'manager');
    expect(await send('GET', '/api/mp/wxaccount/page', undefined, manager)).toMatchObject({ status: 403 });
    const role = await addRole(api.server, 'mp_viewer');
    for (const code of ['wxaccount', 'wxaccountfans', 'wxfansmsg', 'wxmenu', 'wxautoreply', 'wxmaterial']) {
      await grantCode(api.server, role, code);
    }
    await addUser(api.server, { account: 'mpview', password: 'secret1', roleIds: [role] });
    const viewer = await signIn(api.server, 'mpview', 'secret1');
    // The screen without its edit button shows the account, never its secret: in the list, the detail or by id.
    const listed = await send('GET', '/api/mp/wxaccount/page', undefined, viewer);
    expect(listed).toMatchObject({ status: 200 });
    const byId = await send('GET', `/api/mp/wxaccount/${accountId}`, undefined, viewer);
    const detail = await send('GET', `/api/mp/wxaccount/detail?id=${accountId}`, undefined, viewer);
    const inList = pageOf(listed).records.find((record) => record.id === accountId);
    for (const account of [inList, rowOf(byId), rowOf(detail)]) {
      expect(account).toMatchObject({ id: accountId, appId: APP_ID, appSecret: '******' });
      expect(JSON.stringify(account)).not.toContain(SECRET);
    }
    expect(rowOf(await api.get(`/api/mp/wxaccount/${accountId}`))).toMatchObject({ appSecret: SECRET });
    for (const [method, url, body] of [
      ['POST', `/api/mp/wxaccount/qr/${accountId}`, {}],
      ['POST', `/api/mp/wxaccountfans/sync/${accountId}`, undefined],
      ['POST', '/api/mp/wxfansmsgres', { fansMsgId: String(nextId()), content: 'x' }],
      ['POST', `/api/blade-mp/menu/${accountId}`, { buttons: [] }],
      ['PUT', `/api/blade-mp/menu/${accountId}`, undefined],
      ['POST', '/api/mp/wxautoreply', { accountId, replyKind: 3, replyType: 1, content: 'x' }],
      ['POST', `/api/mp/wxmaterial/publish/${nextId()}`, undefined],
    ] as const) {
      expect(await send(method, url, body, viewer), url).toMatchObject({ status: 403 });
    }
  });
});
