// Keep-alive (spec §2): a page whose menu meta says keepAlive keeps its state while its tab is open; others start
// fresh. The menu comes from a fetch double standing in for menu/routes.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureRuntime, createRegistry } from '../../runtime/index';
import { setUpI18n } from '../../src/i18n';
import { ViewHost } from '../../src/layout/ViewHost';
import { menuStore } from '../../src/menu/menu-store';
import { setUpHttp } from '../../src/session/http-setup';

const menu = [
  {
    id: '1',
    code: 'business',
    name: '业务管理',
    path: '/business',
    children: [
      { id: '11', code: 'order', name: '订单管理', path: '/business/order', meta: { keepAlive: true } },
      { id: '12', code: 'refund', name: '退款记录', path: '/business/refund' },
    ],
  },
];

function Notes({ name }: { name: string }) {
  return <input aria-label={name} />;
}

function Host() {
  const scroller = useRef<HTMLElement>(null);
  const navigate = useNavigate();
  return (
    <main ref={scroller}>
      <button type="button" onClick={() => navigate('/business/order')}>
        order
      </button>
      <button type="button" onClick={() => navigate('/business/refund')}>
        refund
      </button>
      <ViewHost scroller={scroller} />
    </main>
  );
}

beforeAll(async () => {
  setUpI18n();
  setUpHttp();
  const views = {
    '/business/order': () => <Notes name="order notes" />,
    '/business/refund': () => <Notes name="refund notes" />,
  };
  configureRuntime({ registry: createRegistry({ views }) });
  vi.stubGlobal('fetch', async (url: string) => {
    const data = String(url).includes('/menu/routes') ? menu : [];
    return new Response(JSON.stringify({ code: 200, success: true, data, msg: '操作成功' }));
  });
  await menuStore.load();
});

afterAll(() => {
  vi.unstubAllGlobals();
  menuStore.clear();
});

describe('keep-alive pages', () => {
  it('keeps what was typed on a keepAlive page and starts other pages fresh', async () => {
    render(
      <MemoryRouter initialEntries={['/business/order']}>
        <Host />
      </MemoryRouter>,
    );
    fireEvent.change(await screen.findByLabelText('order notes'), { target: { value: '待退款' } });
    await act(async () => fireEvent.click(screen.getByText('refund')));
    fireEvent.change(await screen.findByLabelText('refund notes'), { target: { value: '已核对' } });

    await act(async () => fireEvent.click(screen.getByText('order')));
    expect((screen.getByLabelText('order notes') as HTMLInputElement).value).toBe('待退款');

    await act(async () => fireEvent.click(screen.getByText('refund')));
    expect(((await screen.findByLabelText('refund notes')) as HTMLInputElement).value).toBe('');
  });
});
