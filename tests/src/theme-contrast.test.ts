// Every theme reads at WCAG AA whatever primary colour is picked: the coloured and grey text antd derives reaches 4.5:1
// on the theme's surfaces, the header's and the sidebar's text on their own backgrounds too, and the focus ring (the
// primary colour) 3:1. The browser suite checks the drawn result in two themes; this checks all eleven.
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { blend, contrast } from '../../src/theme/contrast';
import { themeNames } from '../../src/theme/theme-names';
import { lookOf, themeConfig } from '../../src/theme/themes';

/** The default, a pale and a bright one a person might pick, and a very dark one. */
const picked = ['#409EFF', '#91caff', '#fadb14', '#13c2c2', '#001529'];

describe('theme contrast', () => {
  for (const name of themeNames) {
    it(`${name} reads at 4.5:1 with any picked colour`, () => {
      const look = lookOf(name);
      const failing: string[] = [];
      const check = (what: string, text: string, under: string, ratio = 4.5) => {
        const value = contrast(blend(text, under), under);
        if (value < ratio) failing.push(`${what} ${text} on ${under}: ${value.toFixed(2)}`);
      };
      for (const colour of picked) {
        const config = themeConfig(name, colour);
        const token = theme.getDesignToken(config) as unknown as Record<string, string>;
        const surfaces = [token.colorBgContainer, token.colorBgElevated, look.body];
        for (const surface of surfaces) {
          for (const text of ['colorPrimary', 'colorLink', 'colorError', 'colorSuccessText', 'colorWarningText']) {
            check(`${colour} ${text}`, token[text], surface);
          }
          for (const text of ['colorText', 'colorTextSecondary', 'colorTextDescription', 'colorTextPlaceholder']) {
            check(text, token[text], surface);
          }
        }
        check(`${colour} primary button`, token.colorTextLightSolid, token.colorPrimary);
        check(`${colour} danger button`, token.colorTextLightSolid, token.colorError);
        for (const tag of ['blue', 'green', 'orange', 'red', 'gold', 'cyan', 'purple']) {
          check(`${tag} tag`, token[`${tag}7`], token[`${tag}1`]);
        }
      }
      check('header', look.headerText, look.header);
      const menu = themeConfig(name, picked[0]).components?.Menu as Record<string, string>;
      if (look.menu === 'dark') check('sidebar', menu.darkItemColor, look.sider);
      expect(failing).toEqual([]);
    });
  }
});
