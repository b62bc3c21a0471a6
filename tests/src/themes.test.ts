import { describe, expect, it } from 'vitest';
import { settings } from '../../src/config/settings';
import { themeNames } from '../../src/theme/theme-names';
import { themeStore } from '../../src/theme/theme-store';
import { lookOf, themeConfig } from '../../src/theme/themes';

describe('themes', () => {
  it('offers the eleven themes of the spec, each with its own header and sidebar', () => {
    expect(themeNames).toEqual([
      'theme-default',
      'theme-white',
      'theme-dark',
      'theme-colourful',
      'theme-smart',
      'theme-iview',
      'theme-vip',
      'theme-cool',
      'theme-d2',
      'theme-hey',
      'theme-lte',
    ]);
    const looks = themeNames.map((name) => JSON.stringify(lookOf(name)));
    expect(new Set(looks).size).toBe(themeNames.length);
  });

  it('takes the primary colour from the colour picker, #409EFF by default, and keeps the choice', () => {
    expect(themeStore.get()).toEqual({ name: settings.defaultTheme, color: '#409EFF' });
    expect(themeConfig('theme-hey', '#409EFF').token?.colorPrimary).toBe('#409EFF');
    themeStore.setColor('#13c2c2');
    themeStore.setTheme('theme-cool');
    expect(themeConfig(themeStore.get().name, themeStore.get().color).token?.colorPrimary).toBe('#13c2c2');
    expect(JSON.parse(localStorage.getItem('ride-color-name') ?? '{}').content).toBe('#13c2c2');
    expect(JSON.parse(localStorage.getItem('ride-theme-name') ?? '{}').content).toBe('theme-cool');
    expect(document.body.className).toBe('theme-cool');
  });
});
