// Draws a captcha as an SVG of strokes, not text, so the answer cannot be read out of the markup: each character is
// a polyline glyph, jittered and rotated, over crossing curves and dots. Ambiguous characters (0 O 1 I L B D S Z G Q)
// are left out of the alphabet so a person can always read it.
import crypto from 'node:crypto';

type Stroke = [number, number][];

const strokes = (...lines: string[]): Stroke[] =>
  lines.map((line) => line.split(' ').map((point) => point.split(',').map(Number) as [number, number]));

/** Glyphs on a 4 × 6 grid, y downwards. */
const GLYPHS: Record<string, Stroke[]> = {
  '2': strokes('0,1 1,0 3,0 4,1 4,2 0,6 4,6'),
  '3': strokes('0,0 4,0 2,2.5 3,2.5 4,3.5 4,5 3,6 1,6 0,5'),
  '4': strokes('3,6 3,0 0,4 4,4'),
  '5': strokes('4,0 0,0 0,2.5 3,2.5 4,3.5 4,5 3,6 0,6'),
  '6': strokes('4,0 2,0 0,2 0,5 1,6 3,6 4,5 4,3.5 3,2.5 0,2.5'),
  '7': strokes('0,0 4,0 1.5,6'),
  '8': strokes('1,0 3,0 4,1 4,2 3,3 1,3 0,2 0,1 1,0', '1,3 0,4 0,5 1,6 3,6 4,5 4,4 3,3'),
  '9': strokes('4,3 1,3 0,2 0,1 1,0 3,0 4,1 4,4 2,6 0,6'),
  A: strokes('0,6 2,0 4,6', '1,3.5 3,3.5'),
  C: strokes('4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5'),
  E: strokes('4,0 0,0 0,6 4,6', '0,3 3,3'),
  F: strokes('4,0 0,0 0,6', '0,3 3,3'),
  H: strokes('0,0 0,6', '4,0 4,6', '0,3 4,3'),
  K: strokes('0,0 0,6', '4,0 0,3.5', '1.3,2.6 4,6'),
  M: strokes('0,6 0,0 2,3 4,0 4,6'),
  N: strokes('0,6 0,0 4,6 4,0'),
  P: strokes('0,6 0,0 3,0 4,1 4,2 3,3 0,3'),
  R: strokes('0,6 0,0 3,0 4,1 4,2 3,3 0,3', '2,3 4,6'),
  T: strokes('0,0 4,0', '2,0 2,6'),
  U: strokes('0,0 0,5 1,6 3,6 4,5 4,0'),
  V: strokes('0,0 2,6 4,0'),
  W: strokes('0,0 1,6 2,2 3,6 4,0'),
  X: strokes('0,0 4,6', '4,0 0,6'),
  Y: strokes('0,0 2,3 4,0', '2,3 2,6'),
};

export const CAPTCHA_ALPHABET = Object.keys(GLYPHS).join('');
export const CAPTCHA_LENGTH = 5;

const WIDTH = 130;
const HEIGHT = 48;
const SCALE = 5;

const random = (min: number, max: number): number => min + (crypto.randomInt(0, 10001) / 10000) * (max - min);
const fixed = (n: number): string => n.toFixed(1);
const darkColour = (): string => `hsl(${crypto.randomInt(0, 360)},70%,${crypto.randomInt(22, 38)}%)`;
const lightColour = (): string => `hsl(${crypto.randomInt(0, 360)},50%,${crypto.randomInt(60, 80)}%)`;

export function randomCaptchaCode(): string {
  let code = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) code += CAPTCHA_ALPHABET[crypto.randomInt(0, CAPTCHA_ALPHABET.length)];
  return code;
}

function glyph(char: string, index: number): string {
  const left = 10 + index * 23 + random(-2, 2);
  const top = 9 + random(-4, 4);
  const angle = random(-22, 22);
  const cx = left + 2 * SCALE;
  const cy = top + 3 * SCALE;
  const paths = GLYPHS[char].map((stroke) => {
    const points = stroke.map(
      ([x, y]) => `${fixed(left + (x + random(-0.25, 0.25)) * SCALE)},${fixed(top + (y + random(-0.2, 0.2)) * SCALE)}`,
    );
    return `<polyline points="${points.join(' ')}"/>`;
  });
  return `<g transform="rotate(${fixed(angle)} ${fixed(cx)} ${fixed(cy)})" stroke="${darkColour()}" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round">${paths.join('')}</g>`;
}

function noise(): string {
  const curves = Array.from({ length: 4 }, () => {
    const d = `M${fixed(random(0, 20))},${fixed(random(5, HEIGHT - 5))} C${fixed(random(20, 60))},${fixed(random(0, HEIGHT))} ${fixed(random(60, 110))},${fixed(random(0, HEIGHT))} ${fixed(random(110, WIDTH))},${fixed(random(5, HEIGHT - 5))}`;
    return `<path d="${d}" stroke="${lightColour()}" stroke-width="${fixed(random(1, 2))}" fill="none"/>`;
  });
  const dots = Array.from(
    { length: 40 },
    () =>
      `<circle cx="${fixed(random(0, WIDTH))}" cy="${fixed(random(0, HEIGHT))}" r="${fixed(random(0.6, 1.6))}" fill="${lightColour()}"/>`,
  );
  return curves.join('') + dots.join('');
}

/** The captcha as an `image/svg+xml` data URL. */
export function drawCaptcha(code: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="100%" height="100%" fill="#f4f6fa"/>${noise()}${[...code].map(glyph).join('')}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
