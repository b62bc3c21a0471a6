// The theme names of spec §2, kept apart from the antd theme definitions so start-up code can read them cheaply.
export const themeNames = [
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
] as const;

export type ThemeName = (typeof themeNames)[number];

export const isThemeName = (value: unknown): value is ThemeName =>
  typeof value === 'string' && (themeNames as readonly string[]).includes(value);
