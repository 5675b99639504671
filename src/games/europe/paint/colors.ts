/** Colour helpers and the fixed palette of the map. */

export const NEUTRAL = '#d9d0bd';
export const SEA = '#a9c9e3';
export const OCEAN = '#c3dbee';
export const PAPER = '#f4f1ea';
export const INK = '#1d1d1d';
export const FAIL = '#e0201b';
export const GLOW = '#ffd21f';

export function rgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function hex([r, g, b]: [number, number, number]): string {
  const h = (v: number) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0');
  return `#${h(r)}${h(g)}${h(b)}`;
}

/** t = 0 → a, t = 1 → b. */
export function mix(a: string, b: string, t: number): string {
  const x = rgb(a), y = rgb(b);
  return hex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

/** Relative luminance (0 dark … 1 light), to pick black or white text on a fill. */
export function luminance(c: string): number {
  const [r, g, b] = rgb(c).map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export const textOn = (fill: string): string => (luminance(fill) > 0.33 ? INK : '#ffffff');

/** A minor state's colour, muted toward the neutral tone (its lands are neutral but recognisable). */
export const muted = (c: string): string => mix(c, NEUTRAL, 0.6);

/** Country fills are lightened a little so dark labels stay readable on them. */
export const landFill = (c: string): string => mix(c, '#ffffff', 0.3);

export const darker = (c: string, t = 0.35): string => mix(c, '#000000', t);
