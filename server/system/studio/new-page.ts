// A page under a new id (docs/studio.md, "New pages"): a process's form, a dashboard, or a list of a resource, started
// from a definition that passes the checks and stored as the page's draft. The analyst shapes it, previews and
// publishes it; it reaches people through a menu whose path is the page's (or, a form, through a process's formKey).
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { badRequest } from '../../platform/http/envelope.js';
import { baselineText } from './baseline.js';
import { draftFromResource } from './resource-draft.js';
import { saveDraft, versionsOf } from './versions.js';

export const PAGE_KINDS = ['form', 'dashboard', 'list'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

export interface NewPage {
  pageId: string;
  kind: PageKind;
  title: { zh: string; en: string };
  /** A list's resource (its `/api` prefix, as the studio lists them). */
  prefix?: string;
}

/** The menu a new page is shown through, when one has its path already. */
export interface PageMenu {
  code: string;
  name: string;
}

const label = (zh: string, en: string) => ({ zh, en });

/** A process's form: one field to start from, no call (the form's values are the process's variables). */
const formBlocks = () => [
  {
    type: 'list',
    columns: [{ field: 'remark', label: label('说明', 'Remark') }],
    form: { fields: { remark: { widget: 'textarea', maxLength: 500, required: true } } },
  },
];

/** A dashboard: today's figures of home/data, which every signed-in person may read (each limited to what they see). */
const dashboardBlocks = () => [
  {
    type: 'stats',
    api: '/api/blade-system/home/data',
    cards: [
      { field: 'today.orders', label: label('今日订单', 'Orders today') },
      { field: 'today.revenue', label: label('今日收入', 'Revenue today'), format: 'money' },
    ],
  },
];

/** Makes the page's first draft; refused when the id is taken or a list names no resource of the server. */
export async function createPage(
  ctx: AppContext,
  request: FastifyRequest,
  page: NewPage,
): Promise<{
  pageId: string;
  definition: object;
  access: { menu: string; zh: string; en: string } | null;
  menu: PageMenu | null;
}> {
  if (page.pageId.startsWith('_shared/')) throw badRequest('页面标识不能以 _shared/ 开头: 那里是共用片段');
  if (baselineText(page.pageId) !== undefined || (await versionsOf(ctx, page.pageId)).length > 0)
    throw badRequest(`页面 ${page.pageId} 已存在, 请在页面列表中打开它`);
  const drafted = page.kind === 'list' ? draftFromResource(page.prefix ?? '') : undefined;
  if (page.kind === 'list' && !drafted) throw badRequest('请选择列表读取的资源');
  const blocks =
    page.kind === 'form'
      ? formBlocks()
      : page.kind === 'dashboard'
        ? dashboardBlocks()
        : ((drafted?.definition as { blocks?: unknown[] } | undefined)?.blocks ?? []);
  const definition = { id: page.pageId, title: page.title, blocks };
  await saveDraft(ctx, request, page.pageId, definition);
  const menu = await ctx.db
    .selectFrom('blade_menu')
    .select(['code', 'name'])
    .where('path', '=', `/${page.pageId}`)
    .where('category', '=', 1)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  return { pageId: page.pageId, definition, access: drafted?.access ?? null, menu: menu ?? null };
}
