// How the shell finds a menu path's screen: a definition file, a registered custom view, or nothing yet.
import { describe, expect, it } from 'vitest';
import { createRegistry, resolveMenuView } from '../../runtime/index';

const Dashboard = () => null;

describe('resolveMenuView', () => {
  it('maps a menu path to its definition file', () => {
    expect(resolveMenuView('/system/param')).toEqual({ kind: 'definition', pageId: 'system/param' });
    expect(resolveMenuView('/monitor/log/usual')).toEqual({ kind: 'definition', pageId: 'monitor/log/usual' });
  });

  it('prefers a custom view registered for the path', () => {
    const registry = createRegistry({ views: { '/wel/index': Dashboard } });
    expect(resolveMenuView('/wel/index', registry)).toEqual({ kind: 'custom', Component: Dashboard });
  });

  it('answers nothing for a screen not written yet', () => {
    expect(resolveMenuView('/business/nowhere')).toBeUndefined();
  });
});
