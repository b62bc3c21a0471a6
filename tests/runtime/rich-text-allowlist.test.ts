// One allowlist, two libraries: what the console keeps with DOMPurify (runtime/rich-text/purify.ts) and what the
// server stores with sanitize-html (server/platform/rich-text.ts) are the same document, for what the editors write
// and for attacks alike, and neither keeps anything of an attack.
import { describe, expect, it } from 'vitest';
import { richText } from '../../runtime/rich-text/purify';
import { cleanRichText } from '../../server/platform/rich-text';

const browser = richText(window);
const PICTURE = '/api/blade-resource/oss/file/20260301-0123456789abcdef0123456789abcdef.png';

/** A document as a browser builds it from markup, so `<br>` and `<br />`, or an implied `<tbody>`, compare equal. */
const drawn = (html: string): string => new DOMParser().parseFromString(html, 'text/html').body.innerHTML;

const WRITTEN = [
  '<h1>租车须知</h1><h3>押金</h3><p>正文<b>粗</b><strong>重</strong><i>斜</i><em>强调</em><u>下划线</u><s>删除</s><br>第二行</p>',
  '<ol><li>扫码</li><li>开锁</li></ol><ul><li>归还</li></ul><blockquote>押金原路退回</blockquote><div>一行<span>字</span></div>',
  '<p><a href="https://ride.example/rules" title="规则">规则</a> <a href="http://ride.example/">旧站</a> <a href="mailto:a@ride.example">客服</a></p>',
  '<table><caption>价格</caption><thead><tr><th>时长</th></tr></thead><tbody><tr><td colspan="2" rowspan="1">5 元</td></tr></tbody></table>',
  `<p><img src="${PICTURE}" alt="站点"></p><p>1 &lt; 2 &amp; 3 &gt; 2</p>`,
];

const ATTACKS = [
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)><circle r="1"></circle></svg>文字',
  '<script>alert(1)</script>',
  '<a href="javascript:alert(1)">点此</a><a href="java&#x09;script:alert(1)">点此</a>',
  '<a href="&#106;avascript:alert(1)">点此</a><a href="  JaVaScRiPt:alert(1)">点此</a><a href="vbscript:x">点此</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD4=">点此</a><a href="/console/relative">点此</a>',
  '<iframe src="https://evil.example/">框内</iframe><object data="https://evil.example/">物件</object>',
  '<form action="https://evil.example/"><input name="password"><button>登录</button></form>',
  '<style>@import url(https://evil.example/x.css);</style><p style="color:red" class="ant-modal" id="x">段落</p>',
  '<p onclick="alert(1)">段落</p><details open ontoggle=alert(1)>详情</details>',
  '<img src="https://tracker.example/pixel.gif"><img src="//tracker.example/api/blade-resource/oss/file/x.png">',
  `<img src="https://console.example${PICTURE}"><a href="https://ok.example/" target="_blank" rel="opener">链接</a>`,
  '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;img src=1 onerror=alert(1)&gt;">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example/"><base href="https://evil.example/"><td colspan="9999">x</td>',
];

const LIVE =
  /\bon[a-z]+\s*=|javascript|vbscript|data:|alert|evil\.example|tracker\.example|style=|class=|id=|<(script|iframe|form|input|button|style|svg|math|object|embed|meta|base|details)\b/i;

describe('the rich-text allowlist', () => {
  it.each(WRITTEN)('keeps what the editors write the same in the console and on the server: %s', (html) => {
    expect(drawn(cleanRichText(html).html)).toBe(drawn(browser.clean(html)));
    expect(drawn(browser.clean(html))).toBe(drawn(html).replace(/<a ([^>]*)>/g, '<a $1 rel="noopener noreferrer">'));
  });

  it.each(ATTACKS)('leaves the same harmless rest of an attack in the console and on the server: %s', (html) => {
    const stored = drawn(cleanRichText(html).html);
    expect(stored).toBe(drawn(browser.clean(html)));
    expect(stored).not.toMatch(LIVE);
  });
});
