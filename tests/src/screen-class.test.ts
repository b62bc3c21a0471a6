import { describe, expect, it } from 'vitest';
import { avatarProblem } from '../../src/info/avatar-check';
import { screenClass } from '../../src/layout/screen-class';

describe('screen class', () => {
  it('is 3 from 1200, 2 from 992, 1 from 768, otherwise 0', () => {
    expect([1400, 1200, 1199, 992, 991, 768, 767, 320].map(screenClass)).toEqual([3, 3, 2, 2, 1, 1, 0, 0]);
  });
});

describe('avatar check', () => {
  it('accepts jpg and png up to 500 KB', () => {
    expect(avatarProblem({ type: 'image/png', size: 500 * 1024 })).toBeUndefined();
    expect(avatarProblem({ type: 'image/jpeg', size: 1000 })).toBeUndefined();
    expect(avatarProblem({ type: 'image/gif', size: 1000 })).toBe('info.avatarType');
    expect(avatarProblem({ type: 'image/png', size: 500 * 1024 + 1 })).toBe('info.avatarSize');
  });
});
