// The demo's official account (SEED_DEMO): 乐行租赁's service account with three dozen followers on the simulated
// platform (already synced), their questions about deposits, refunds and faults (some answered, some waiting, some
// past the 48-hour reply window), three articles, the usual auto-replies and a published menu that opens the rental
// mini program.
import type { Kysely } from 'kysely';
import { nextId } from '../platform/db/ids.js';
import type { Database } from '../platform/db/schema.js';
import { formatDateTime } from '../platform/db/time.js';

export const DEMO_MP_APP_ID = 'wx6d1f0c2b9a8e7d31';
const DEMO_MP_SECRET = '3f9a2c7e5b1d4086a9c3e7f1b5d2a864';
const MINI_PROGRAM = 'wx4a7c9e1b3d5f2a68';

const NAMES = [
  '小雨',
  '阿杰',
  '婷婷',
  '王先生',
  '李女士',
  '果果妈妈',
  '老周',
  '晨晨',
  '大熊',
  '安安',
  '陈医生',
  '小鱼',
];
const QUESTIONS: Array<[string, number]> = [
  ['押金什么时候退回?', 2],
  ['车子还了但是订单没结束', 5],
  ['扫码开不了锁,是故障吗', 20],
  ['退款到哪里了', 30],
  ['万达广场站点几点关门', 60],
  ['可以开发票吗', 80],
  ['儿童车最大承重多少', 1],
  ['押金可以免吗', 3],
];

const MENU = [
  {
    name: '扫码租车',
    type: 'miniprogram',
    appid: MINI_PROGRAM,
    pagepath: 'pages/scan/index',
    url: 'https://rent.example.com',
  },
  {
    name: '我的订单',
    type: 'miniprogram',
    appid: MINI_PROGRAM,
    pagepath: 'pages/orders/index',
    url: 'https://rent.example.com/orders',
  },
  {
    name: '帮助',
    sub_button: [
      { name: '押金说明', type: 'view', url: 'https://rent.example.com/help/deposit' },
      { name: '故障报修', type: 'click', key: 'FAULT_REPORT' },
      { name: '联系客服', type: 'click', key: 'CONTACT' },
    ],
  },
];

export async function addDemoOfficialAccount(db: Kysely<Database>): Promise<void> {
  const time = (hoursAgo: number) => formatDateTime(new Date(Date.now() - hoursAgo * 3600_000));
  const accountId = nextId();
  const created = time(24 * 60);
  await db
    .insertInto('mp_account')
    .values({
      id: accountId,
      accountName: '乐行租赁',
      accountType: 2,
      originalId: 'gh_5c3a9e1d7b2f',
      appId: DEMO_MP_APP_ID,
      appSecret: DEMO_MP_SECRET,
      remark: '顾客关注后推送租借和退款通知',
      createTime: created,
    })
    .execute();

  const fans = Array.from({ length: 36 }, (_, i) => ({
    openId: `oLx${String(1000 + i * 37).padStart(6, '0')}`,
    nickname: `${NAMES[i % NAMES.length]}${i >= NAMES.length ? Math.floor(i / NAMES.length) : ''}`,
    subscribeTime: time(24 * ((i * 7) % 45) + i),
    subscribeScene: i % 3 === 0 ? 'ADD_SCENE_SEARCH' : 'ADD_SCENE_QR_CODE',
  }));
  for (const [i, fan] of fans.entries()) {
    const question = QUESTIONS[i];
    await db
      .insertInto('mp_sim_fan')
      .values({ appId: DEMO_MP_APP_ID, ...fan, lastMessageTime: question ? time(question[1]) : null })
      .execute();
    await db
      .insertInto('mp_fans')
      .values({ id: nextId(), accountId, ...fan, subscribeState: 1, syncTime: time(1), createTime: time(1) })
      .execute();
  }

  for (const [i, [content, hoursAgo]] of QUESTIONS.entries()) {
    const fan = fans[i];
    const messageId = nextId();
    const answered = i === 1 || i === 3;
    await db
      .insertInto('mp_fans_msg')
      .values({
        id: messageId,
        accountId,
        openId: fan.openId,
        nickname: fan.nickname,
        msgType: 1,
        content,
        replyState: answered ? 1 : i === 0 ? 2 : 0,
        receiveTime: time(hoursAgo),
        createTime: time(hoursAgo),
      })
      .execute();
    if (answered) {
      await db
        .insertInto('mp_fans_msg_res')
        .values({
          id: nextId(),
          fansMsgId: messageId,
          accountId,
          openId: fan.openId,
          content: i === 1 ? '已为您结束订单,费用按归还时间计算' : '退款已原路退回,1-3个工作日到账',
          createTime: time(hoursAgo - 0.5),
        })
        .execute();
    }
  }

  const articles = [
    ['押金退还说明', '归还车辆后押金原路退回,一般1-3个工作日到账。', 'https://rent.example.com/help/deposit'],
    ['新站点开业: 万达广场', '万达广场站点开业,首单免费骑行30分钟。', 'https://rent.example.com/sites'],
    ['设备故障怎么办', '在小程序「我的订单」里点击报修,客服会尽快处理。', 'https://rent.example.com/help/fault'],
  ];
  const materialIds: number[] = [];
  for (const [i, [title, content, sourceUrl]] of articles.entries()) {
    const simId = nextId();
    await db
      .insertInto('mp_sim_call')
      .values({
        id: simId,
        appId: DEMO_MP_APP_ID,
        kind: 'draft',
        payload: JSON.stringify({ title, content }),
        createTime: time(48 * (i + 1)),
      })
      .execute();
    const id = nextId();
    materialIds.push(id);
    await db
      .insertInto('mp_material')
      .values({
        id,
        accountId,
        materialType: 1,
        title,
        author: '乐行租赁',
        digest: content.slice(0, 30),
        content: `<p>${content}</p>`,
        sourceUrl,
        mediaId: `media-${simId}`,
        createTime: time(48 * (i + 1)),
      })
      .execute();
  }

  const replies = [
    {
      replyKind: 1,
      keyword: null,
      matchMode: null,
      replyType: 1,
      content: '欢迎关注乐行租赁!点击菜单「扫码租车」即可租借。',
    },
    { replyKind: 2, keyword: '押金', matchMode: 2, replyType: 2, content: null, materialId: materialIds[0] },
    {
      replyKind: 2,
      keyword: '退款',
      matchMode: 2,
      replyType: 1,
      content: '退款将在1-3个工作日原路退回,请留意微信支付通知。',
    },
    { replyKind: 2, keyword: '故障', matchMode: 2, replyType: 2, content: null, materialId: materialIds[2] },
    { replyKind: 3, keyword: null, matchMode: null, replyType: 1, content: '您的留言已收到,客服将在工作时间内回复。' },
  ];
  for (const reply of replies) {
    await db
      .insertInto('mp_auto_reply')
      .values({ id: nextId(), accountId, materialId: null, ...reply, createTime: created })
      .execute();
  }

  await db
    .insertInto('mp_menu')
    .values({ accountId, buttons: JSON.stringify(MENU), publishState: 1, publishTime: time(24), updateTime: time(24) })
    .execute();
  await db
    .insertInto('mp_sim_call')
    .values({
      id: nextId(),
      appId: DEMO_MP_APP_ID,
      kind: 'menu',
      payload: JSON.stringify({ button: MENU }),
      createTime: time(24),
    })
    .execute();
}
