import { describe, expect, it } from 'vitest';
import { closeAllTags, closeOtherTags, closeTag, openTag, type Tag } from '../../src/tags/tag-rules';

const tag = (key: string, closable = true): Tag => ({ key, fullPath: key, label: key, closable });
const home = tag('/wel/index', false);

describe('tag bar rules', () => {
  it('adds a tab unless one exists for the page', () => {
    const tags = openTag([home], tag('/system/param'));
    expect(tags.map((item) => item.key)).toEqual(['/wel/index', '/system/param']);
    expect(openTag(tags, tag('/system/param'))).toBe(tags);
    const withQuery = openTag(tags, { ...tag('/system/param'), fullPath: '/system/param?a=1' });
    expect(withQuery).toHaveLength(2);
    expect(withQuery[1].fullPath).toBe('/system/param?a=1');
  });

  it('opens the previous tab when the active one closes, or the first', () => {
    const tags = [home, tag('/a'), tag('/b'), tag('/c')];
    expect(closeTag(tags, '/b', '/b').next?.key).toBe('/a');
    expect(closeTag(tags, '/b', '/c').next).toBeUndefined();
    const first = [tag('/a'), tag('/b')];
    expect(closeTag(first, '/a', '/a').next?.key).toBe('/b');
  });

  it('never closes the last tab, nor the home tab unless it is closable', () => {
    expect(closeTag([tag('/a')], '/a', '/a').tags).toHaveLength(1);
    expect(closeTag([home, tag('/a')], '/wel/index', '/a').tags).toHaveLength(2);
  });

  it('closes the others but keeps home; close all keeps only home', () => {
    const tags = [home, tag('/a'), tag('/b')];
    expect(closeOtherTags(tags, '/b').map((item) => item.key)).toEqual(['/wel/index', '/b']);
    expect(closeAllTags(tags, home).map((item) => item.key)).toEqual(['/wel/index']);
  });
});
