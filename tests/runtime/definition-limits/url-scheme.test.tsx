// A scheme is judged on the text as a browser could read it: entities decoded, spaces and control characters taken out,
// in any case. Every disguise of a script is refused wherever a text may appear in a definition, and a link cell drawn
// from a record is a link only for http(s) or a path.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DefinitionScreen } from '../../../runtime/page/DefinitionPage';
import { dataOnlyProblems, isCode } from '../../../runtime/page/data-only';
import { isFollowableLink, schemeOf } from '../../../runtime/page/url-scheme';
import { fakeServer, listPage, Providers, pageOf } from '../support';

const hostile = [
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  '&#106;avascript:alert(1)',
  '&#x6A;avascript:alert(1)',
  '&#0000106avascript:alert(1)',
  'javascript&colon;alert(1)',
  'java&Tab;script:alert(1)',
  '&amp;#106;avascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  '\x01javascript:alert(1)',
  '\0javascript:alert(1)',
  '\u200bjavascript:alert(1)',
  '  javascript:alert(1)',
  'data:text/html,<b>hi</b>',
  'DATA:text/html;base64,PHNjcmlwdD4=',
  'vbscript:msgbox(1)',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '< script>alert(1)</script>',
];

const label = (text: string) => ({ zh: text, en: text });

/** A page with `text` in a title, a column's label, a form field's default and placeholder, and an action's call. */
function pageWith(text: string) {
  return listPage({
    id: 'system/sample',
    title: label(text),
    api: { list: '/api/blade-system/sample/list' },
    columns: [{ field: 'name', label: label(text) }],
    form: { fields: { name: { default: text, placeholder: label(text) } } },
    rowActions: [{ label: label('打开'), request: { url: text } }],
  });
}

describe('URL schemes', () => {
  it.each(hostile)('refuses %j wherever it is written in a definition', (text) => {
    expect(isCode(text)).toBe(true);
    const paths = dataOnlyProblems(pageWith(text)).map((problem) => problem.path);
    expect(paths).toEqual([
      '/title/zh',
      '/title/en',
      '/blocks/0/columns/0/label/zh',
      '/blocks/0/columns/0/label/en',
      '/blocks/0/form/fields/name/default',
      '/blocks/0/form/fields/name/placeholder/zh',
      '/blocks/0/form/fields/name/placeholder/en',
      '/blocks/0/rowActions/0/request/url',
    ]);
    expect(dataOnlyProblems(pageWith(text))[0]).toMatchObject({
      message: 'a definition holds data, not code',
      zh: '页面定义只能是数据,不能含代码',
    });
  });

  it('keeps what real pages write: texts with colons, ampersands and paths of the API', () => {
    for (const text of [
      '备注: 请勿删除',
      'Tom & Jerry',
      'R&D',
      'https://example.com/help',
      '/api/blade-system/post/list',
    ])
      expect(isCode(text)).toBe(false);
    expect(dataOnlyProblems(pageWith('订单备注'))).toEqual([
      expect.objectContaining({ path: '/blocks/0/rowActions/0/request/url' }),
    ]);
  });

  it('reads the scheme a browser would: tabs, control characters and case do not hide it', () => {
    expect(schemeOf('Java\tScr\nipt:alert(1)')).toBe('javascript');
    expect(schemeOf('\x01 HTTPS://example.com')).toBe('https');
    expect(schemeOf('/api/blade-system/post/list')).toBeUndefined();
    expect(isFollowableLink('https://example.com/a.pdf')).toBe(true);
    expect(isFollowableLink('/files/a.pdf')).toBe(true);
    for (const text of ['java\tscript:alert(1)', '\x01javascript:alert(1)', 'vbscript:x', 'data:text/html,x'])
      expect(isFollowableLink(text)).toBe(false);
  });

  it('draws a link cell holding a disguised script as text, and an https one as a link', async () => {
    const rows = [
      { id: '1', name: 'java\tscript:alert(1)' },
      { id: '2', name: 'https://example.com/manual.pdf' },
    ];
    const server = fakeServer({ 'GET /api/blade-system/sample/list': ({ query }) => pageOf(rows, query) });
    const definition = listPage({
      id: 'system/sample',
      title: label('样例'),
      api: { list: '/api/blade-system/sample/list' },
      columns: [{ field: 'name', label: label('链接'), format: 'link' }],
    });
    render(
      <Providers provider={server.provider}>
        <DefinitionScreen definition={definition} file="pages/system/sample.json" />
      </Providers>,
    );
    const safe = await screen.findByRole('link', { name: 'https://example.com/manual.pdf' });
    expect(safe.getAttribute('href')).toBe('https://example.com/manual.pdf');
    expect(screen.getByText(/script:alert\(1\)/).closest('a')).toBeNull();
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).not.toContain('java\tscript:alert(1)');
  });
});
