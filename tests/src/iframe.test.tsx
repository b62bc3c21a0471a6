// /myiframe/urlPath shows the menu item's address, given as the src query, inside the console.
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { setUpI18n } from '../../src/i18n';
import { IframePage } from '../../src/iframe/IframePage';

describe('framed pages', () => {
  it('frames the address named by src, titled by name', () => {
    setUpI18n();
    render(
      <MemoryRouter initialEntries={['/myiframe/urlPath?src=https%3A%2F%2Fdocs.example.com%2Fapi.html&name=API']}>
        <IframePage />
      </MemoryRouter>,
    );
    const frame = screen.getByTitle('API') as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('https://docs.example.com/api.html');
  });

  it('says so when there is no address', () => {
    setUpI18n();
    render(
      <MemoryRouter initialEntries={['/myiframe/urlPath']}>
        <IframePage />
      </MemoryRouter>,
    );
    expect(screen.getByText('没有要打开的地址')).toBeTruthy();
  });
});
