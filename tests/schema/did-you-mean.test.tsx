// A misspelt key or name is answered with the one it most likely means, on the panel the screen shows instead.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DefinitionScreen } from '../../runtime/page/DefinitionPage';
import { validateDefinition } from '../../runtime/schema/validate';
import { listPage, Providers } from '../runtime/support';

const name = { field: 'name', label: { zh: '名称', en: 'Name' } };
const list = { id: 'system/x', title: name.label, api: { list: '/api/blade-system/param/list' }, columns: [name] };

describe('did you mean', () => {
  it('an unknown key of a list, a column and a formatter option', () => {
    expect(validateDefinition(listPage({ ...list, pagign: false }))[0]).toMatchObject({
      path: '/blocks/0',
      message: 'unknown property "pagign"',
      suggestion: 'paging',
    });
    expect(validateDefinition(listPage({ ...list, columns: [{ ...name, widht: 120 }] }))[0]).toMatchObject({
      path: '/blocks/0/columns/0',
      suggestion: 'width',
    });
    const money = { field: 'amount', label: name.label, format: { name: 'money', negativeAsZro: true } };
    expect(validateDefinition(listPage({ ...list, columns: [money] }))[0]).toMatchObject({
      path: '/blocks/0/columns/0/format',
      suggestion: 'negativeAsZero',
    });
  });

  it('a value outside the few a key takes', () => {
    expect(validateDefinition(listPage({ ...list, toolbar: ['refresh', 'exprot'] }))[0]).toMatchObject({
      path: '/blocks/0/toolbar/1',
      message: 'must be one of: add, delete, refresh, columns, export, search',
      suggestion: 'export',
    });
  });

  it('an unknown formatter, widget or action, with the names that exist', () => {
    const [formatter] = validateDefinition(listPage({ ...list, columns: [{ ...name, format: 'mony' }] }));
    expect(formatter).toMatchObject({ message: 'unknown formatter "mony"', suggestion: 'money' });
    expect(formatter.known).toContain('money');
    const form = { fields: { name: { widget: 'dictSelct' } } };
    expect(validateDefinition(listPage({ ...list, form }))[0]).toMatchObject({
      message: 'unknown widget "dictSelct"',
      suggestion: 'dictSelect',
    });
    const rowActions = [{ id: 'up', label: name.label, permission: true, action: 'fileUplod' }];
    expect(validateDefinition(listPage({ ...list, rowActions }))[0]).toMatchObject({
      message: 'unknown action "fileUplod"',
      suggestion: 'fileUpload',
    });
  });

  it('suggests nothing for a name far from every known one', () => {
    const [problem] = validateDefinition(listPage({ ...list, columns: [{ ...name, format: 'thermometer' }] }));
    expect(problem.suggestion).toBeUndefined();
  });

  it('the panel says it', async () => {
    render(
      <Providers>
        <DefinitionScreen
          definition={listPage({ ...list, columns: [{ ...name, lable: name.label }] })}
          file="pages/x.json"
        />
      </Providers>,
    );
    expect(await screen.findByText(/是否想写 "label"？/)).toBeTruthy();
  });
});
