// Every text exists in each language's i18next resources (繁體中文 included), with the same placeholders; every key the
// shell asks for exists; the spec texts are word for word; labels, plurals and figures go through i18next.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import zh from '../../locales/zh/shell.json';
import { formatFigure } from '../../runtime/blocks/figures';
import { labelText } from '../../runtime/i18n/label';
import { loadRuntimeTexts } from '../../runtime/i18n/runtime-texts';
import { i18n, onTextsChange } from '../../runtime/i18n/texts';
import { changeLanguage, setUpI18n } from '../../src/i18n';

const root = join(import.meta.dirname, '..', '..');
const read = (file: string): object => JSON.parse(readFileSync(join(root, 'locales', file), 'utf8'));

function entries(value: object, prefix = ''): Array<[string, string]> {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? entries(child, `${prefix}${key}.`) : [[`${prefix}${key}`, child]],
  );
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'views' ? [] : sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const placeholders = (text: string): string[] => [...text.matchAll(/\{\{\s*(\w+)/g)].map((match) => match[1]).sort();

describe.each(['shell', 'runtime', 'views'])('namespace %s', (namespace) => {
  const chinese = new Map(entries(read(`zh/${namespace}.json`)));
  it.each(['en', 'zh-Hant'])('has every Chinese text in %s, with the same placeholders, none empty', (language) => {
    const other = new Map(entries(read(`${language}/${namespace}.json`)));
    expect([...other.keys()].sort()).toEqual([...chinese.keys()].sort());
    for (const [key, text] of chinese) {
      expect(String(text).trim(), `zh ${key}`).not.toBe('');
      expect(String(other.get(key)).trim(), `${language} ${key}`).not.toBe('');
      expect(placeholders(String(other.get(key))), `${language} ${key}`).toEqual(placeholders(String(text)));
    }
  });
});

describe('shell texts', () => {
  it('defines every key the shell asks for', () => {
    const keys = new Set(entries(zh).map(([key]) => key));
    const used = new Set<string>();
    for (const file of sources(join(root, 'src'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\('(?:shell:)?([a-zA-Z0-9_.-]+)'/g)) used.add(match[1]);
      for (const match of text.matchAll(/'((?:phone|info)\.[a-zA-Z]+)'/g)) used.add(match[1]);
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((key) => !keys.has(key))).toEqual([]);
  });

  it('keeps the spec texts word for word', () => {
    expect(zh.login.title).toBe('登录');
    expect(zh.lock.passwordRequired).toBe('锁屏密码不能为空');
    expect(zh.tags.clearCacheConfirm).toBe('是否需要清除缓存?');
    expect(zh.tags.cacheCleared).toBe('清除完毕');
    expect(zh.log.uploadConfirm).toBe('确定上传本地日志到服务器?');
    expect(zh.log.uploaded).toBe('发送成功!');
    expect(zh.log.clearConfirm).toBe('确定清空本地日志记录?');
    expect(zh.log.cleared).toBe('清空成功!');
    expect(zh.register.title).toBe('账号注册');
    expect(zh.register.submitted).toBe('注册申请已提交,请耐心等待管理员通过!');
    expect(zh.register.failed).toBe('提交失败');
    expect(zh.register.accountRequired).toBe('请先输入账号名称');
    expect(zh.register.passwordRequired).toBe('请先输入密码');
    expect(zh.register.mismatch).toBe('两次密码输入不一致');
  });
});

describe('texts through i18next', () => {
  beforeAll(async () => {
    localStorage.clear();
    await setUpI18n();
    await loadRuntimeTexts();
  });

  it('reads a page label from its language file, and Chinese where that file has none', async () => {
    await changeLanguage('zh-Hant');
    await i18n.loadNamespaces('pages/business/order');
    const label = { zh: '订单编号', en: 'Order no.' };
    expect(labelText({ zh: '订单状态', en: 'Status' }, 'zh-Hant', 'business/order')).toBe('訂單狀態');
    expect(labelText({ zh: '没有译文的字', en: 'Untranslated' }, 'zh-Hant', 'business/order')).toBe('没有译文的字');
    expect(labelText(label, 'zh-Hant', 'system/param')).toBe('订单编号');
    expect(labelText({ key: 'runtime:search' }, 'zh-Hant')).toBe('搜尋');
    expect(i18n.t('login.title')).toBe('登入');
    await changeLanguage('en');
    expect(labelText(label, 'en', 'business/order')).toBe('Order no.');
    await changeLanguage('zh');
    expect(labelText(label, 'zh', 'business/order')).toBe('订单编号');
  });

  it('draws readers of texts again for labels that arrived, not for a page with no labels in its language', async () => {
    let redrawn = 0;
    const stop = onTextsChange(() => {
      redrawn += 1;
    });
    try {
      // Chinese labels are written inline: its page files are empty, and a whole list would be drawn again for nothing.
      await i18n.loadNamespaces('pages/business/refund');
      expect(i18n.hasLoadedNamespace('pages/business/refund')).toBe(true);
      expect(redrawn).toBe(0);
      await changeLanguage('zh-Hant');
      redrawn = 0;
      await i18n.loadNamespaces('pages/business/withdrawal');
      expect(redrawn).toBe(1);
    } finally {
      stop();
      await changeLanguage('zh');
    }
  });

  it('formats counts and figures with Intl in the language asked', () => {
    expect(i18n.t('runtime:total', { count: 12345 })).toBe('共 12,345 条');
    expect(i18n.t('runtime:total', { count: 12, lng: 'en' })).toBe('12 in total');
    expect(formatFigure(123456789, 'money', 'zh')).toBe('1,234,567.89');
    expect(formatFigure(-5, 'money', 'en')).toBe('-0.05');
    expect(formatFigure(0.1234, 'percent', 'en')).toBe('12.3%');
    expect(formatFigure(1234.567, undefined, 'zh')).toBe('1,234.57');
  });
});
