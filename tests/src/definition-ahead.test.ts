// Which definition a reload reads before the console's first drawing (src/layout/resolve-view.tsx definitionAhead):
// the screen the address draws before the menu comes, the home screen at the console's root, none for pages that are
// not definition screens.
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpRuntime } from '../../src/config/runtime-setup';
import { definitionAhead } from '../../src/layout/resolve-view';

beforeAll(() => setUpRuntime());

describe('the definition a reload reads ahead', () => {
  it('is the screen at the address', () => {
    expect(definitionAhead('/system/param')).toBe('system/param');
    expect(definitionAhead('/business/order')).toBe('business/order');
    expect(definitionAhead('/wel/index')).toBe('wel/index');
  });

  it('is the home screen at the console root', () => {
    expect(definitionAhead('/')).toBe('wel/index');
  });

  it('is none for a custom view, the fixed pages and an unknown address', () => {
    expect(definitionAhead('/system/studio')).toBeUndefined();
    expect(definitionAhead('/info/index')).toBeUndefined();
    expect(definitionAhead('/403')).toBeUndefined();
    expect(definitionAhead('/no/such/page')).toBeUndefined();
  });
});
