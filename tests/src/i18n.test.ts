// Every shell string exists in Chinese and English, and every key the shell asks for exists.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en';
import { zh } from '../../src/i18n/zh';

function keysOf(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? keysOf(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'views' ? [] : sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const zhKeys = keysOf(zh).sort();
const enKeys = keysOf(en).sort();

describe('shell strings', () => {
  it('has the same keys in Chinese and English', () => {
    expect(enKeys.filter((key) => !zhKeys.includes(key))).toEqual([]);
    expect(zhKeys.filter((key) => !enKeys.includes(key))).toEqual([]);
  });

  it('has no empty text in either language', () => {
    const get = (root: object, key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], root);
    for (const key of zhKeys) {
      expect(String(get(zh, key)).trim(), `zh ${key}`).not.toBe('');
      expect(String(get(en, key)).trim(), `en ${key}`).not.toBe('');
    }
  });

  it('defines every key the shell asks for', () => {
    const root = join(import.meta.dirname, '..', '..', 'src');
    const used = new Set<string>();
    for (const file of sources(root)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\('(?:shell:)?([a-zA-Z0-9_.-]+)'/g)) used.add(match[1]);
      for (const match of text.matchAll(/'((?:phone|info)\.[a-zA-Z]+)'/g)) used.add(match[1]);
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((key) => !zhKeys.includes(key))).toEqual([]);
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
