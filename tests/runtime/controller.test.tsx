// The list controller without its drawing, and what a console hands the runtime: the search call leaves before the
// table renders, a screen's first call leaves as soon as its definition is known, the chosen page size survives a
// reload, a registry and the settings come as values, and a list opens in its default order with its default-hidden
// columns hidden.
import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { builtins } from '../../runtime/builtins';
import { useCrudController } from '../../runtime/crud/controller/useCrudController';
import { createRegistry, RuntimeProvider, setPermissions, setSessionUser } from '../../runtime/index';
import DefinitionPage, { DefinitionScreen } from '../../runtime/page/DefinitionPage';
import type { ListScreen } from '../../runtime/schema/types';
import { type Call, fakeServer, listPage, Providers, pageOf } from './support';

const rows = Array.from({ length: 200 }, (_, i) => ({ id: String(i), name: `车位${i}`, score: i % 5 }));
const LIST = '/api/blade-system/spot/list';

const spots: ListScreen = {
  id: 'test/spots',
  title: { zh: '车位', en: 'Spots' },
  api: { list: LIST },
  columns: [{ field: 'name', label: { zh: '名称', en: 'Name' }, search: true }],
};

let server: ReturnType<typeof fakeServer>;
const wrapper = ({ children }: { children: ReactNode }) => <Providers provider={server.provider}>{children}</Providers>;
const listCalls = () => server.calls.filter((call: Call) => call.path === LIST);

beforeEach(() => {
  localStorage.clear();
  setPermissions([]);
  server = fakeServer({ [`GET ${LIST}`]: ({ query }) => pageOf(rows, query) });
});

describe('the list controller', () => {
  it('sends the search call before the table renders the new search', async () => {
    const { result } = renderHook(() => useCrudController({ ...spots, paging: true }), { wrapper });
    await waitFor(() => expect(result.current.rows.length).toBe(10));
    act(() => {
      result.current.search.run({ name: '车位1' });
      // Inside act nothing has rendered yet: the call is already out.
      expect(listCalls().at(-1)?.query).toMatchObject({ name: '车位1', current: '1', size: '10' });
    });
    await waitFor(() => expect(result.current.rows[0]?.name).toBe('车位0'));
    expect(listCalls().filter((call) => call.query.name === '车位1')).toHaveLength(1);
  });

  it('searching back and forth asks the server each time, never answering from an earlier call', async () => {
    const { result } = renderHook(() => useCrudController(spots), { wrapper });
    await waitFor(() => expect(result.current.rows.length).toBe(10));
    for (const name of ['车位1', '车位2', '车位1', '车位2']) {
      act(() => result.current.search.run({ name }));
      await waitFor(() => expect(result.current.search.values).toEqual({ name }));
    }
    expect(listCalls().map((call) => call.query.name ?? '')).toEqual(['', '车位1', '车位2', '车位1', '车位2']);
  });

  it('searching the same values again reloads the list', async () => {
    const { result } = renderHook(() => useCrudController(spots), { wrapper });
    await waitFor(() => expect(result.current.rows.length).toBe(10));
    const before = listCalls().length;
    act(() => result.current.search.run({}));
    await waitFor(() => expect(listCalls().length).toBe(before + 1));
  });

  it('keeps the chosen page size with the column settings, per person, across a reload', async () => {
    setSessionUser('alice');
    const first = renderHook(() => useCrudController(spots), { wrapper });
    await waitFor(() => expect(first.result.current.rows.length).toBe(10));
    act(() => first.result.current.paging?.go(1, 50));
    await waitFor(() => expect(first.result.current.rows.length).toBe(50));
    first.unmount();
    const again = renderHook(() => useCrudController(spots), { wrapper });
    await waitFor(() => expect(again.result.current.rows.length).toBe(50));
    expect(listCalls().at(-1)?.query.size).toBe('50');
    setSessionUser('bob');
    const other = renderHook(() => useCrudController(spots), { wrapper });
    await waitFor(() => expect(other.result.current.rows.length).toBe(10));
    setSessionUser('anonymous');
  });
});

describe('a screen opening', () => {
  /** Whether the table was drawn when each list call left. */
  const tableAtCall: boolean[] = [];
  beforeEach(() => {
    tableAtCall.length = 0;
    server = fakeServer({
      [`GET ${LIST}`]: ({ query }) => {
        tableAtCall.push(document.querySelector('.ant-table') !== null);
        return pageOf(rows, query);
      },
    });
  });
  const load = async () => listPage(spots);

  it("asks for its rows as soon as its definition is known, searched as its address says, in the person's page size", async () => {
    setSessionUser('admin');
    localStorage.setItem(`ride-console-columns:admin:${spots.id}`, JSON.stringify({ pageSize: 30 }));
    window.history.pushState({}, '', '/test/spots?name=车位1');
    try {
      render(
        <Providers provider={server.provider}>
          <DefinitionPage pageId={spots.id} load={load} />
        </Providers>,
      );
      await screen.findByText('车位19');
      // One call, sent before the table was drawn, and taken by the list as its own.
      expect(listCalls().map((call) => call.query)).toEqual([{ name: '车位1', current: '1', size: '30' }]);
      expect(tableAtCall).toEqual([false]);
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  it('asks from the shipped definition before the published one is known, and again only if that asks otherwise', async () => {
    let publish: (definition: unknown) => void = () => undefined;
    const published = new Promise<unknown>((resolve) => {
      publish = resolve;
    });
    const loadPublishedLater = async (_pageId: string, shipped?: (definition: unknown) => void) => {
      shipped?.(listPage(spots));
      return published;
    };
    render(
      <Providers provider={server.provider}>
        <DefinitionPage pageId={spots.id} load={loadPublishedLater} />
      </Providers>,
    );
    await waitFor(() => expect(listCalls().map((call) => call.query)).toEqual([{ current: '1', size: '10' }]));
    // Published with a sort of its own: its first page is asked for as that version opens.
    act(() => publish(listPage({ ...spots, defaultSort: { field: 'name', order: 'desc' } })));
    await screen.findByText('车位9');
    await waitFor(() =>
      expect(listCalls().map((call) => call.query)).toEqual([
        { current: '1', size: '10' },
        { descs: 'name', current: '1', size: '10' },
      ]),
    );
  });

  it('asks once from a published definition that asks as the shipped one does', async () => {
    const loadSame = async (_pageId: string, shipped?: (definition: unknown) => void) => {
      shipped?.(listPage(spots));
      await new Promise((resolve) => setTimeout(resolve, 20));
      return listPage(spots);
    };
    render(
      <Providers provider={server.provider}>
        <DefinitionPage pageId={spots.id} load={loadSame} />
      </Providers>,
    );
    await screen.findByText('车位9');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listCalls()).toHaveLength(1);
  });

  it('asks once when drawn again from its kept definition', async () => {
    const opened = (shown: boolean) => (
      <Providers provider={server.provider}>
        {shown ? <DefinitionPage pageId={spots.id} load={load} /> : null}
      </Providers>
    );
    const view = render(opened(true));
    await screen.findByText('车位9');
    view.rerender(opened(false));
    view.rerender(opened(true));
    await screen.findByText('车位9');
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    // A late second call would show here: the definition asked again meanwhile sends nothing ahead.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listCalls()).toHaveLength(2);
  });
});

describe('what the console hands the runtime', () => {
  const stars = {
    Cell: ({ value }: { value: unknown }) => <span>{'★'.repeat(Number(value))}</span>,
  };
  const definition = listPage({
    ...spots,
    columns: [...spots.columns, { field: 'score', label: { zh: '评分', en: 'Score' }, format: 'ownStars' }],
  });
  const inConsole = (value: Parameters<typeof RuntimeProvider>[0]['value'], children: ReactNode) => (
    <Providers provider={server.provider}>
      <RuntimeProvider value={value}>{children}</RuntimeProvider>
    </Providers>
  );

  it('takes a registry as a value: its formatters are known to the check and drawn in the table', async () => {
    const registry = createRegistry(builtins, { formatters: { ownStars: stars } });
    render(inConsole({ registry }, <DefinitionScreen definition={definition} file="pages/test/spots.json" />));
    expect(await screen.findByText('车位3')).toBeTruthy();
    expect(screen.getAllByText('★★★').length).toBeGreaterThan(0);
  });

  it('a formatter missing from the registry handed over is reported, not drawn', async () => {
    render(inConsole({ registry: createRegistry(builtins) }, <DefinitionScreen definition={definition} file="x" />));
    expect(await screen.findByText(/未知的格式 "ownStars"/)).toBeTruthy();
  });

  it("uses the console's page size and page-size choices", async () => {
    const registry = createRegistry(builtins, { formatters: { ownStars: stars } });
    render(
      inConsole({ registry, pageSize: 20, pageSizes: [20, 40] }, <DefinitionScreen definition={definition} file="x" />),
    );
    expect(await screen.findByText('车位19')).toBeTruthy();
    expect(listCalls()[0].query.size).toBe('20');
    // 200 rows, 20 a page.
    expect(screen.getByTitle('10')).toBeTruthy();
    expect(screen.queryByTitle('11')).toBeNull();
  });
});

describe('list defaults of a definition', () => {
  const columns = [
    { field: 'name', label: { zh: '名称', en: 'Name' }, sortable: true },
    { field: 'score', label: { zh: '评分', en: 'Score' }, sortable: true, hidden: true },
  ];

  it('opens in the default order, shown in the header', async () => {
    render(
      <Providers provider={server.provider}>
        <DefinitionScreen
          definition={listPage({ ...spots, columns, defaultSort: { field: 'name', order: 'desc' } })}
          file="x"
        />
      </Providers>,
    );
    await screen.findByText('车位0');
    expect(listCalls()[0].query).toMatchObject({ descs: 'name' });
    expect(screen.getByRole('columnheader', { name: /名称/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('hides a default-hidden column until a person shows it; reset hides it again', async () => {
    render(
      <Providers provider={server.provider}>
        <DefinitionScreen definition={listPage({ ...spots, columns })} file="x" />
      </Providers>,
    );
    await screen.findByText('车位0');
    expect(screen.queryByRole('columnheader', { name: /评分/ })).toBeNull();
    fireEvent.click(screen.getByLabelText('列设置'));
    const score = await screen.findByRole('checkbox', { name: '评分' });
    expect((score as HTMLInputElement).checked).toBe(false);
    fireEvent.click(score);
    expect(await screen.findByRole('columnheader', { name: /评分/ })).toBeTruthy();
    fireEvent.click(screen.getByText('恢复默认'));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: /评分/ })).toBeNull());
  });
});
