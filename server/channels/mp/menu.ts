// An account's menu (/blade-mp/menu/{accountId}): saved as a draft (POST), then published to the platform (PUT),
// which refuses what WeChat refuses (more than 3 buttons, 5 sub-buttons, a button without its link or key).
import { now } from '../../platform/db/time.js';
import { type AnswerDoc, integer, listOf, shape, text } from '../../platform/docs/record.js';
import { badRequest, ok } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { openAccount } from './account-access.js';
import { type MenuButton, onPlatform } from './platform.js';
import { accounts } from './resources.js';
import { idParams } from './rest.js';

/** Dictionary `publish_state`. */
const PUBLISHED = 1;
const DRAFT = 2;

const action = {
  type: { type: 'string', enum: ['click', 'view', 'miniprogram'] },
  key: { type: 'string', maxLength: 128 },
  url: { type: 'string', maxLength: 1024 },
  appid: { type: 'string', maxLength: 64 },
  pagepath: { type: 'string', maxLength: 256 },
} as const;
const subButton = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', minLength: 1, maxLength: 60 }, ...action },
} as const;
// The shape is checked here; the counts and what each type needs are the platform's rules, checked when publishing
// (a draft may be unfinished).
const menuBody = {
  type: 'object',
  required: ['buttons'],
  properties: {
    buttons: {
      type: 'array',
      maxItems: 10,
      items: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 60 },
          ...action,
          sub_button: { type: 'array', maxItems: 10, items: subButton },
        },
      },
    },
  },
} as const;

/** An account's menu as saved, with whether it is on the platform (dictionary publish_state) and since when. */
const MENU_ANSWER: AnswerDoc = {
  name: 'AccountMenu',
  data: shape({
    accountId: text(),
    buttons: listOf(menuBody.properties.buttons.items),
    publishState: integer('publish_state: 1 已发布, 2 未发布'),
    publishTime: text(),
    updateTime: text(),
  }),
};

const access = { menu: 'wxmenu' };
const tags = ['公众号菜单'];

export const menuRoutes: RoutePlugin = async (app) => {
  const menuOf = async (accountId: number) => {
    const row = await app.ctx.db
      .selectFrom('mp_menu')
      .selectAll()
      .where('accountId', '=', accountId)
      .executeTakeFirst();
    return {
      accountId: String(accountId),
      buttons: row ? (JSON.parse(row.buttons) as MenuButton[]) : [],
      publishState: row?.publishState ?? DRAFT,
      publishTime: row?.publishTime ?? '',
      updateTime: row?.updateTime ?? '',
    };
  };

  app.get(
    '/blade-mp/menu/:id',
    { config: { access, answer: MENU_ANSWER }, schema: { tags, summary: '公众号菜单', params: idParams } },
    async (request) => {
      const id = Number(request.params.id);
      await accounts.find(app.ctx, request, id);
      return ok(await menuOf(id));
    },
  );

  app.post(
    '/blade-mp/menu/:id',
    {
      config: { access, button: 'wxmenu_save', answer: MENU_ANSWER, fieldMessages: { buttons: '请添加菜单' } },
      schema: { tags, summary: '保存公众号菜单 (草稿)', params: idParams, body: menuBody },
    },
    async (request) => {
      const id = Number(request.params.id);
      await accounts.find(app.ctx, request, id);
      const buttons = JSON.stringify(request.body.buttons);
      const values = { buttons, publishState: DRAFT, updateTime: now(), updateUser: request.user?.userId ?? null };
      await app.ctx.db
        .insertInto('mp_menu')
        .values({ accountId: id, ...values })
        .onConflict((oc) => oc.column('accountId').doUpdateSet(values))
        .execute();
      return { ...ok(await menuOf(id)), msg: '保存成功' };
    },
  );

  app.put(
    '/blade-mp/menu/:id',
    {
      config: { access, button: 'wxmenu_publish', answer: MENU_ANSWER },
      schema: { tags, summary: '发布公众号菜单', params: idParams },
    },
    async (request) => {
      const id = Number(request.params.id);
      const { token, platform } = await openAccount(app.ctx, request, id);
      const menu = await menuOf(id);
      if (menu.buttons.length === 0) throw badRequest('请先保存菜单');
      await onPlatform(() => platform.publishMenu(token, menu.buttons));
      await app.ctx.db
        .updateTable('mp_menu')
        .set({ publishState: PUBLISHED, publishTime: now() })
        .where('accountId', '=', id)
        .execute();
      return { ...ok(await menuOf(id)), msg: '发布成功' };
    },
  );
};
