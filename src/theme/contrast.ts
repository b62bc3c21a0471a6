// Contrast arithmetic of WCAG 2: relative luminance, the ratio of two colours, and the nearest shade of a colour that
// reads on given backgrounds. The themes use it so that every text colour antd derives reaches 4.5:1.

type Rgb = [number, number, number];

function parse(color: string): { rgb: Rgb; alpha: number } {
  const hex = color.match(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    return { rgb: [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16)) as Rgb, alpha: 1 };
  }
  const parts = color
    .match(/^rgba?\(([^)]+)\)$/i)?.[1]
    .split(',')
    .map(Number);
  if (parts && parts.length >= 3) return { rgb: [parts[0], parts[1], parts[2]], alpha: parts[3] ?? 1 };
  throw new Error(`not a colour: ${color}`);
}

const hexOf = (rgb: Rgb): string =>
  `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;

/** `color` seen over `background` (both opaque once blended), as #rrggbb. */
export function blend(color: string, background: string): string {
  const top = parse(color);
  const under = parse(background).rgb;
  return hexOf(top.rgb.map((channel, index) => channel * top.alpha + under[index] * (1 - top.alpha)) as Rgb);
}

/** `color` moved the fraction `amount` of the way to `towards`. */
export function mix(color: string, towards: string, amount: number): string {
  const from = parse(color).rgb;
  const to = parse(towards).rgb;
  return hexOf(from.map((channel, index) => channel + (to[index] - channel) * amount) as Rgb);
}

function luminance(color: string): number {
  const [r, g, b] = parse(color).rgb.map((channel) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The shade of `color` nearest to it that reaches `ratio` against every background, found by moving it towards black
 * (on light backgrounds) or white (on dark ones). A colour that already reads is returned as it is.
 */
export function readable(color: string, backgrounds: string[], ratio: number, towards: '#000000' | '#ffffff'): string {
  const opaque = blend(color, backgrounds[0]);
  for (let amount = 0; amount < 1; amount += 0.02) {
    const shade = mix(opaque, towards, amount);
    if (backgrounds.every((background) => contrast(shade, blend(background, backgrounds[0])) >= ratio)) return shade;
  }
  return towards;
}
