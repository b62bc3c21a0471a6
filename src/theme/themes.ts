// The eleven themes of the theme dialog (spec §2), each an antd theme: its own header, sidebar and shape; the colour
// picker supplies the primary colour of every theme.
import { theme as antdTheme, type ThemeConfig } from 'antd';
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
  'theme-lte': { sider: '#222d32', menu: 'dark', header: '#3c8dbc', headerText: '#ffffff', body: '#ecf0f5', radius: 0 },
};

export const lookOf = (name: ThemeName): Look => looks[name] ?? looks['theme-default'];

export function themeConfig(name: ThemeName, primary: string): ThemeConfig {
  const look = lookOf(name);
  const algorithm = [look.dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm];
  if (look.compact) algorithm.push(antdTheme.compactAlgorithm);
  return {
    algorithm,
    token: { colorPrimary: primary, colorInfo: primary, borderRadius: look.radius },
    components: {
      Layout: { siderBg: look.sider, headerBg: look.header, headerColor: look.headerText, bodyBg: look.body },
      Menu: { darkItemBg: look.sider, darkSubMenuItemBg: look.sider, itemBg: look.sider, subMenuItemBg: look.sider },
    },
  };
}
