// Passwords leave the console as the md5 hex of their UTF-8 bytes, as BladeX clients send them: the console's own
// hash gives node's digest for Chinese, emoji and every padding length around a block's end.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5 } from '../../runtime/http/md5';

const nodeMd5 = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex');

describe('password hash', () => {
  it('hashes as BladeX clients do', () => {
    expect(md5('admin')).toBe('21232f297a57a5a743894a0e4a801fc3');
    const texts = ['', '密码 123', 'pässwörd 😀', ...Array.from({ length: 130 }, (_, n) => 'k'.repeat(n))];
    expect(texts.filter((text) => md5(text) !== nodeMd5(text))).toEqual([]);
  });
});
