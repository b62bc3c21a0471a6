// A page whose `extends` fails shows the red definition panel, as any other definition mistake does: the file in which
// the extends failed and the place in it, never a blank screen.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import DefinitionPage from '../../runtime/page/DefinitionPage';
import { fileOf, resolveExtends } from '../../runtime/page/extends';
import { Providers } from './support';

const files: Record<string, unknown> = {
  'business/refund-report': {
    id: 'business/refund-report',
    title: { zh: '退款报表', en: 'Refund report' },
    blocks: [{ type: 'list', extends: 'business/refund-gone#/blocks/0' }],
  },
  'business/withdrawal-report': { extends: 'business/broken-base' },
  'business/broken-base': { id: 'business/broken-base', extends: 'business/nowhere' },
};
const loadFile = async (pageId: string) => files[pageId];
const load = async (pageId: string) => resolveExtends(files[pageId], fileOf(pageId), loadFile);

const show = (pageId: string) =>
  render(
    <Providers>
      <DefinitionPage pageId={pageId} load={load} />
    </Providers>,
  );

describe('the panel of a failed extends', () => {
  it('names the file, the place of the extends and the page that does not exist', async () => {
    show('business/refund-report');
    expect(await screen.findByText('页面定义有误')).toBeTruthy();
    expect(screen.getByText('pages/business/refund-report.json')).toBeTruthy();
    expect(screen.getByText('/blocks/0/extends')).toBeTruthy();
    expect(screen.getByText(/pages\/business\/refund-gone\.json 不存在/)).toBeTruthy();
  });

  it('names the broken page a chain of extends fails in, not the page that was opened', async () => {
    show('business/withdrawal-report');
    expect(await screen.findByText('pages/business/broken-base.json')).toBeTruthy();
    expect(screen.getByText('/extends')).toBeTruthy();
    expect(screen.getByText(/pages\/business\/nowhere\.json 不存在/)).toBeTruthy();
  });
});
