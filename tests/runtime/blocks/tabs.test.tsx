// A tabs block: titled tabs of blocks, each loaded when first chosen; the chosen tab is kept in the address, so a reload
// opens it again.
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DefinitionScreen } from '../../../runtime/page/DefinitionPage';
import { validateDefinition } from '../../../runtime/schema/validate';
import { fakeServer, Providers, pageOf } from '../support';

let server: ReturnType<typeof fakeServer>;

const page = {
  id: 'finance/money',
  title: { zh: '资金', en: 'Money' },
  blocks: [
    {
      type: 'tabs',
      tabs: [
        {
          key: 'recharges',
          title: { zh: '充值记录', en: 'Recharges' },
          blocks: [
            {
              type: 'list',
              api: { list: '/api/blade-system/recharge/list' },
              toolbar: ['refresh'],
              columns: [{ field: 'rechargeNo', label: { zh: '充值单号', en: 'Recharge number' } }],
            },
          ],
        },
        {
          key: 'withdrawals',
          title: { zh: '提现记录', en: 'Withdrawals' },
          blocks: [
            {
              type: 'list',
              api: { list: '/api/blade-system/withdrawal/page' },
              toolbar: ['refresh'],
              columns: [{ field: 'withdrawalNo', label: { zh: '提现单号', en: 'Withdrawal number' } }],
            },
          ],
        },
      ],
    },
  ],
};

const routes = {
  'GET /api/blade-system/recharge/list': ({ query }: { query: Record<string, string> }) =>
    pageOf([{ id: '1', rechargeNo: 'C0001' }], query),
  'GET /api/blade-system/withdrawal/page': ({ query }: { query: Record<string, string> }) =>
    pageOf([{ id: '2', withdrawalNo: 'W0002' }], query),
};

const show = () =>
  render(
    <Providers provider={server.provider}>
      <DefinitionScreen definition={page} file="pages/finance/money.json" />
    </Providers>,
  );

afterEach(() => window.history.replaceState(null, '', '/'));

describe('tabs block', () => {
  it('loads a tab when it is chosen and opens the same tab after a reload', async () => {
    window.history.replaceState({ key: 'router' }, '', '/finance/money?site=3');
    server = fakeServer(routes);
    const first = show();
    expect(await screen.findByText('C0001')).toBeTruthy();
    expect(server.calls.some((c) => c.path.endsWith('/withdrawal/page'))).toBe(false);
    fireEvent.click(screen.getByText('提现记录'));
    expect(await screen.findByText('W0002')).toBeTruthy();
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/finance/money?site=3#tab=withdrawals',
    );
    expect(window.history.state).toEqual({ key: 'router' });
    first.unmount();

    const calls = server.calls.length;
    show();
    expect(await screen.findByText('W0002')).toBeTruthy();
    expect(server.calls.slice(calls).map((c) => c.path)).toEqual(['/api/blade-system/withdrawal/page']);
  });

  it('opens the first tab when the address names none of them', async () => {
    window.history.replaceState(null, '', '/finance/money#tab=gone');
    server = fakeServer(routes);
    show();
    expect(await screen.findByText('C0001')).toBeTruthy();
  });

  it('names a tab key used twice, since the address could not tell the tabs apart', () => {
    const broken = structuredClone(page);
    broken.blocks[0].tabs[1].key = 'recharges';
    expect(validateDefinition(broken)).toEqual([
      { path: '/blocks/0/tabs/1/key', message: 'another tab is keyed "recharges"', zh: '已有标签页使用 "recharges"' },
    ]);
  });

  it('checks the blocks of a tab like those of the page', () => {
    const broken = structuredClone(page);
    (broken.blocks[0].tabs[1].blocks[0].columns[0] as Record<string, unknown>).format = 'cents';
    expect(validateDefinition(broken)[0]).toMatchObject({
      path: '/blocks/0/tabs/1/blocks/0/columns/0/format',
      message: 'unknown formatter "cents"',
    });
  });
});
