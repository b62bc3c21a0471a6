// What an app asks at start-up: the entries of that app the signed-in person may open, in their order.
import { type AnswerDoc, integer, listOf, shape, text } from '../../platform/docs/record.js';
import { ID_PATTERN } from '../../platform/engine/schemas.js';
import { badRequest, ok } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { heldAppMenus } from '../../system/menus/app-menu-grants.js';
import { signedInUser } from '../../system/menus/held.js';

const MSG_NO_APP = '请选择应用';

const routesQuery = {
  type: 'object',
  required: ['appId'],
  properties: { appId: { type: 'string', pattern: ID_PATTERN, description: '应用主键' } },
} as const;

/** An app's entries the person may open, in their order: where each goes, and its names and icon. */
const APP_ROUTES: AnswerDoc = {
  name: 'AppRoutes',
  data: listOf(
    shape({ id: text(), code: text(), name: text(), nameEn: text(), path: text(), icon: text(), sort: integer() }),
  ),
};

export const appMenuRoutes: RoutePlugin = async (app) => {
  app.get(
    '/blade-system/app-menu/routes',
    {
      config: { access: 'signedIn', answer: APP_ROUTES, fieldMessages: { appId: MSG_NO_APP } },
      schema: { tags: ['应用'], summary: '当前用户在该应用中可用的菜单', querystring: routesQuery },
    },
    async (request) => {
      const appId = Number(request.query.appId);
      const found = await app.ctx.db
        .selectFrom('biz_app')
        .select('id')
        .where('id', '=', appId)
        .where('isDeleted', '=', 0)
        .executeTakeFirst();
      if (!found) throw badRequest('所属应用不存在');
      const held = await heldAppMenus(app.ctx, signedInUser(request.user));
      const menus = await app.ctx.db
        .selectFrom('biz_app_menu')
        .select(['id', 'code', 'menuName', 'menuNameEn', 'path', 'icon', 'sort'])
        .where('appId', '=', appId)
        .where('enabled', '=', 1)
        .where('isDeleted', '=', 0)
        .orderBy('sort')
        .orderBy('code')
        .execute();
      return ok(
        menus
          .filter((menu) => held.all || held.ids.has(Number(menu.id)))
          .map((menu) => ({
            id: String(menu.id),
            code: menu.code,
            name: menu.menuName,
            nameEn: menu.menuNameEn ?? '',
            path: menu.path,
            icon: menu.icon ?? '',
            sort: menu.sort,
          })),
      );
    },
  );
};
