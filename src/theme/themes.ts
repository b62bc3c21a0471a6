// The eleven themes of the theme dialog (spec §2), each an antd theme: its own header, sidebar and shape; the colour
// picker supplies the primary colour of every theme. Every theme reads at WCAG AA: whatever colour is picked, the text
// colours antd derives from it are moved to the nearest shade that reaches 4.5:1 on the theme's surfaces.
import { theme as antdTheme, type MappingAlgorithm, type ThemeConfig } from 'antd';
import type { MapToken } from 'antd/es/theme/interface';
import { mix, readable } from './contrast';
import type { ThemeName } from './theme-names';

interface Look {
  /** Background of the sidebar and whether its menu uses light or dark text. */
  sider: string;
  menu: 'dark' | 'light';
  header: string;
  headerText: string;
  /** Background of the content area. */
  body: string;
  radius: number;
  dark?: boolean;
  compact?: boolean;
}

const looks: Record<ThemeName, Look> = {
  'theme-default': {
    sider: '#20222a',
    menu: 'dark',
    header: '#ffffff',
    headerText: '#333333',
    body: '#f0f2f5',
    radius: 4,
  },
  'theme-white': {
    sider: '#ffffff',
    menu: 'light',
    header: '#ffffff',
    headerText: '#333333',
    body: '#f7f8fa',
    radius: 4,
  },
  'theme-dark': {
    sider: '#141414',
    menu: 'dark',
    header: '#1f1f1f',
    headerText: '#e8e8e8',
    body: '#000000',
    radius: 4,
    dark: true,
  },
  'theme-colourful': {
    sider: '#4a2a8c',
    menu: 'dark',
    header: '#6a3de8',
    headerText: '#ffffff',
    body: '#f4f0ff',
    radius: 10,
  },
  'theme-smart': {
    sider: '#2f4056',
    menu: 'dark',
    header: '#ffffff',
    headerText: '#2f4056',
    body: '#eef1f6',
    radius: 12,
  },
  'theme-iview': {
    sider: '#001529',
    menu: 'dark',
    header: '#ffffff',
    headerText: '#17233d',
    body: '#f5f7f9',
    radius: 4,
  },
  'theme-vip': { sider: '#1c1c1c', menu: 'dark', header: '#2b2b2b', headerText: '#d4af37', body: '#f6f3ea', radius: 2 },
  'theme-cool': {
    sider: '#0f4c5c',
    menu: 'dark',
    header: '#13747d',
    headerText: '#ffffff',
    body: '#eaf6f6',
    radius: 6,
  },
  'theme-d2': {
    sider: '#ebf1f6',
    menu: 'light',
    header: '#ebf1f6',
    headerText: '#2f3a45',
    body: '#ffffff',
    radius: 4,
    compact: true,
  },
  'theme-hey': { sider: '#1e1e2d', menu: 'dark', header: '#ffffff', headerText: '#1e1e2d', body: '#f3f3f9', radius: 8 },
  'theme-lte': { sider: '#222d32', menu: 'dark', header: '#2f7099', headerText: '#ffffff', body: '#ecf0f5', radius: 0 },
};

export const lookOf = (name: ThemeName): Look => looks[name] ?? looks['theme-default'];

/** 4.5:1 with a little room, so that a browser's rounding of a blended colour cannot fall below it. */
const TEXT_RATIO = 4.6;
const families = ['Primary', 'Info', 'Success', 'Warning', 'Error'] as const;
const presetColors = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
] as const;

/** One algorithm per look, so antd's token cache, which goes by the algorithm, keeps its derived tokens. */
const readableAlgorithms = new Map<Look, MappingAlgorithm>();

/**
 * The last step of a theme's algorithm: the coloured text antd derived (links, primary and danger buttons, selected
 * items, tags) and its grey secondary text, made readable on the theme's surfaces. A light theme darkens, the dark
 * theme lightens; on the dark theme the text on a coloured fill turns dark, since no shade is both readable on black
 * and under white text.
 */
function readableColors(look: Look): MappingAlgorithm {
  const known = readableAlgorithms.get(look);
  if (known) return known;
  const algorithm: MappingAlgorithm = (_seed, derived) => {
    const token = { ...derived } as MapToken & Record<string, string>;
    const towards = look.dark ? '#ffffff' : '#000000';
    const surfaces = [token.colorBgContainer, token.colorBgElevated, token.colorBgLayout, look.body];
    const read = (color: string, ...under: string[]) => readable(color, [...surfaces, ...under], TEXT_RATIO, towards);
    const shades = (color: string) => ({ hover: mix(color, towards, 0.12), active: mix(color, towards, 0.24) });
    for (const family of families) {
      // A light theme's selected items show the colour on its pale fill; the dark theme's fills are darker than text.
      const fills = look.dark ? [] : [token[`color${family}Bg`], token[`color${family}BgHover`]];
      const base = read(token[`color${family}`], ...fills);
      const { hover, active } = shades(base);
      Object.assign(token, {
        [`color${family}`]: base,
        [`color${family}Hover`]: hover,
        [`color${family}Active`]: active,
        [`color${family}Text`]: base,
        [`color${family}TextHover`]: hover,
        [`color${family}TextActive`]: active,
      });
    }
    const link = shades(token.colorInfo);
    Object.assign(token, { colorLink: token.colorInfo, colorLinkHover: link.hover, colorLinkActive: link.active });
    for (const color of presetColors) token[`${color}7`] = read(token[`${color}7`], token[`${color}1`]);
    const ink = look.dark ? '255,255,255' : '0,0,0';
    token.colorTextTertiary = `rgba(${ink},0.62)`;
    return token;
  };
  readableAlgorithms.set(look, algorithm);
  return algorithm;
}

export function themeConfig(name: ThemeName, primary: string): ThemeConfig {
  const look = lookOf(name);
  const algorithm = [look.dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm];
  if (look.compact) algorithm.push(antdTheme.compactAlgorithm);
  algorithm.push(readableColors(look));
  const ink = look.dark ? '255,255,255' : '0,0,0';
  return {
    algorithm,
    token: {
      colorPrimary: primary,
      colorInfo: primary,
      borderRadius: look.radius,
      colorTextPlaceholder: `rgba(${ink},${look.dark ? 0.52 : 0.58})`,
      ...(look.dark ? { colorTextLightSolid: '#141414' } : {}),
    },
    components: {
      Layout: { siderBg: look.sider, headerBg: look.header, headerColor: look.headerText, bodyBg: look.body },
      Menu: {
        darkItemBg: look.sider,
        darkSubMenuItemBg: look.sider,
        itemBg: look.sider,
        subMenuItemBg: look.sider,
        // The dark sidebar keeps light text although the dark theme's text on coloured fills is dark.
        darkItemColor: 'rgba(255,255,255,0.72)',
        darkItemHoverColor: '#ffffff',
        darkGroupTitleColor: 'rgba(255,255,255,0.72)',
      },
      // Tooltips sit on a grey fill in every theme.
      Tooltip: { colorTextLightSolid: '#ffffff' },
    },
  };
}
