// The organisation pickers offer only what may be chosen, and the server refuses the rest naming the field: a new
// company is offered the units no other company owns, a site's 管理机构 the units of its 所属公司, and a franchisee's
// site manager only the units of its own company.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSite } from '../business/rental-api.js';
import { type Api, openApi } from '../engine/api.js';
import { liveIdOf, signIn } from '../harness.js';

interface Node {
  title: string;
  disabled?: boolean;
  children?: Node[];
}

let api: Api;
let manager: string;
const ids: Record<string, string> = {};
const TREE = '/api/blade-system/dept/tree';

/** Each node as its title, a disabled one (shown for its place, not choosable) in brackets. */
const shape = (nodes: Node[]): unknown[] =>
  nodes.map((node) => {
    const title = node.disabled ? `[${node.title}]` : node.title;
    return node.children ? { [title]: shape(node.children) } : title;
  });

const tree = async (query: Record<string, string>, token?: string) =>
  shape((await api.get(TREE, query, token)).data as Node[]);

beforeAll(async () => {
  api = await openApi();
  manager = await signIn(api.server, 'manager', 'manager');
  ids.headOffice = await liveIdOf(api.server, 'biz_company', 'shortName', '乐行租赁');
  ids.franchisee = await liveIdOf(api.server, 'biz_company', 'shortName', '童乐出行');
  ids.headOfficeDept = await liveIdOf(api.server, 'blade_dept', 'deptName', '乐行租赁');
  ids.franchiseeDept = await liveIdOf(api.server, 'blade_dept', 'deptName', '童乐出行');
  ids.hospitalDept = await liveIdOf(api.server, 'blade_dept', 'deptName', '儿童医院站点');
});
afterAll(async () => api?.close());

describe('the department picker', () => {
  it('offers a new company only the units no company owns, keeping the owned ones above them disabled', async () => {
    expect(await tree({ free: 'true' })).toEqual([{ '[乐行租赁]': ['儿童医院站点', '万达广场站点'] }]);
    // Editing the franchisee: its own unit may still be chosen.
    expect(await tree({ free: 'true', companyId: ids.franchisee })).toEqual([
      { '[乐行租赁]': ['儿童医院站点', '万达广场站点', '童乐出行'] },
    ]);
  });

  it('offers a site only the units of its company', async () => {
    expect(await tree({ companyId: ids.franchisee })).toEqual(['童乐出行']);
    expect(await tree({ companyId: ids.headOffice })).toEqual([
      { 乐行租赁: ['儿童医院站点', '万达广场站点', '童乐出行'] },
    ]);
    expect(await api.get(TREE, { companyId: '123' })).toMatchObject({ status: 400, msg: '所属公司不存在' });
  });

  it('offers a franchisee’s site manager only its own company’s units', async () => {
    expect(await tree({}, manager)).toEqual(['童乐出行']);
    expect(await tree({ companyId: ids.franchisee }, manager)).toEqual(['童乐出行']);
    expect(await api.get(TREE, { companyId: ids.headOffice }, manager)).toMatchObject({
      status: 400,
      msg: '所属公司不存在',
    });
  });
});

describe('what the pickers do not offer is refused', () => {
  it('refuses a company another company’s unit, naming the field', async () => {
    const answer = await api.post('/api/blade-system/company/submit', {
      body: { companyName: '借用机构', companyKind: 2, deptId: ids.franchiseeDept },
    });
    expect(answer).toMatchObject({ status: 400, msg: '所属机构已属于其他公司' });
  });

  it('refuses a site a unit outside its company, naming the field', async () => {
    const body = { siteName: '错挂站点', siteKind: 1, provinceCode: '31', cityCode: '3101' };
    const answer = await api.post('/api/blade-system/site/submit', {
      body: { ...body, companyId: ids.franchisee, deptId: ids.hospitalDept },
    });
    expect(answer).toMatchObject({ status: 400, msg: '管理机构必须是所属公司的机构或其下级机构' });
    expect(await addSite(api, '湖滨站点', ids.franchisee, ids.franchiseeDept, manager)).toMatch(/^\d+$/);
  });
});
