// Under `npm run dev` an edited page file is sent to the console (scripts/definition-validator.ts) and the open
// screen draws it in place: what was typed in its search stays, and its list is not asked for again. The browser test
// of the same path through Vite's dev server is tests/e2e/dev-loop.test.ts.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import shipped from '../../../pages/system/post.json';
import DefinitionPage from '../../../runtime/page/DefinitionPage';
import { pageEdited } from '../../../runtime/page/edited';
import { fakeServer, Providers, pageOf } from '../support';

const file = '/pages/system/post.json';
const rows = [{ id: '1', category: 1, postCode: 'ceo', postName: '总经理', sort: 1 }];

afterEach(() => pageEdited({ file, definition: shipped }));

describe('a page file edited under npm run dev', () => {
  it('is drawn in the open screen, which keeps what was typed in its search', async () => {
    const server = fakeServer({ 'GET /api/blade-system/post/list': ({ query }) => pageOf(rows, query) });
    render(
      <Providers provider={server.provider}>
        <DefinitionPage pageId="system/post" />
      </Providers>,
    );
    await screen.findByRole('columnheader', { name: '岗位名称' });
    const search = screen.getByPlaceholderText('请输入岗位编号');
    await userEvent.type(search, 'ce');
    const listCalls = server.calls.length;

    const edited = structuredClone(shipped);
    edited.blocks[0].columns[2].label = { zh: '岗位全称', en: 'Full name' };
    pageEdited({ file, definition: edited });

    await screen.findByRole('columnheader', { name: '岗位全称' });
    expect(screen.queryByRole('columnheader', { name: '岗位名称' })).toBeNull();
    expect(screen.getByPlaceholderText('请输入岗位编号')).toHaveProperty('value', 'ce');
    expect(server.calls.length).toBe(listCalls);
    // A whole screen drawn, typed into and drawn again, beside the other suites on two cores.
  }, 90_000);
});
