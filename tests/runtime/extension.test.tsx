// A developer adds a widget, a formatter and an action to a registry once; a definition then names them in JSON.
import type { WidgetProps } from '@rjsf/utils';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { builtins } from '../../runtime/builtins';
import { type ActionProps, createRegistry, setPermissions } from '../../runtime/index';
import { DefinitionScreen } from '../../runtime/page/DefinitionPage';
import { formatter } from '../../runtime/registry';
import { fakeServer, listPage, Providers, pageOf } from './support';

let server: ReturnType<typeof fakeServer>;

// Options a definition gives a name must be declared in runtime/schema/options.schema.json (npm run widget:new does
// it; tests/scripts/widget-new.test.ts follows that path): these extensions take none.
const stars = formatter({
  Cell: ({ value }) => <span>{'★'.repeat(Number(value)).padEnd(5, '☆')}</span>,
});

const Shout = (props: WidgetProps) => (
  <input
    id={props.id}
    aria-label="shout"
    value={props.value ?? ''}
    onChange={(event) => props.onChange(event.target.value.toUpperCase())}
  />
);

function Greeting({ row, onClose }: ActionProps) {
  return (
    <div role="alertdialog">
      你好 {String(row?.name)}
      <button type="button" onClick={() => onClose(false)}>
        done
      </button>
    </div>
  );
}

const registry = createRegistry(builtins, {
  formatters: { stars },
  widgets: { shout: Shout },
  actions: { greet: Greeting },
});

const definition = {
  id: 'business/review',
  title: { zh: '评价', en: 'Reviews' },
  api: { list: '/api/blade-system/review/list' },
  operations: { add: true },
  toolbar: ['add'],
  columns: [
    { field: 'name', label: { zh: '名称', en: 'Name' } },
    { field: 'rating', label: { zh: '评分', en: 'Rating' }, format: 'stars' },
  ],
  rowActions: [
    {
      id: 'greet',
      label: { zh: '问候', en: 'Greet' },
      permission: true,
      action: 'greet',
      visibleWhen: { '>': [{ var: 'rating' }, 2] },
    },
  ],
  form: {
    fields: { name: { widget: 'shout' } },
  },
};

describe('registered extensions', () => {
  it('are used by name from a definition', async () => {
    setPermissions([]);
    server = fakeServer({
      'GET /api/blade-system/review/list': ({ query }) =>
        pageOf(
          [
            { id: '1', name: '好车', rating: 4 },
            { id: '2', name: '一般', rating: 2 },
          ],
          query,
        ),
    });
    render(
      <Providers provider={server.provider} registry={registry}>
        <DefinitionScreen definition={listPage(definition)} file="pages/business/review.json" />
      </Providers>,
    );
    expect(await screen.findByText('★★★★☆')).toBeTruthy();
    expect(screen.getByText('★★☆☆☆')).toBeTruthy();
    expect(screen.getAllByText(/^问\s*候$/).length).toBe(1);
    fireEvent.click(screen.getByText(/^问\s*候$/));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('你好 好车');
    fireEvent.click(screen.getByText('done'));
    fireEvent.click(screen.getByText(/^新\s*增$/));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 15000 });
    fireEvent.change(within(dialog).getByLabelText('shout'), { target: { value: 'quiet' } });
    expect((within(dialog).getByLabelText('shout') as HTMLInputElement).value).toBe('QUIET');
  });
});
