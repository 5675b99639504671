/** Small text helpers for SVG building: escaping and a width estimate good enough for label boxes. */

export function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Estimated advance width of `s` at font size `size` in Noto Sans SC (no text measuring in librsvg's
 * SVG path, so label boxes use per-class advances measured once from the font: CJK 1em, digits ≈0.55em,
 * Latin ≈0.55em average, space ≈0.22em). Slightly generous so boxes never undershoot the real text.
 */
export function textWidth(s: string, size: number, bold = false): number {
  let w = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c >= 0x2e80) w += 1.0;
    else if (c === 0x20) w += 0.24;
    else if (c >= 0x30 && c <= 0x39) w += 0.56;
    else if (c >= 0x41 && c <= 0x5a) w += 0.66;
    else if (c === 0x69 || c === 0x6c || c === 0x6a || c === 0x2e || c === 0x2c || c === 0x27) w += 0.26;
    else if (c === 0x6d || c === 0x77) w += 0.86;
    else if (c < 0x80) w += 0.53;
    else w += 0.8;
  }
  return w * size * (bold ? 1.05 : 1);
}

/** Rounds for SVG output: one decimal keeps files small and is invisible at our scales. */
export function r1(n: number): string {
  return (Math.round(n * 10) / 10).toString();
}

/**
 * A monoline digit font drawn as stroked paths. Army counts are the most numerous text on the map
 * (~300 on Europe); as one <path> they cost librsvg almost nothing, where 300 <text> elements cost
 * ~45 ms of text layout. Glyphs on a 100-unit em, baseline at y = 0, advance 56.
 */
const DIGITS: Record<string, string> = {
  '0': 'M28 -72C14 -72 8 -56 8 -36C8 -16 14 0 28 0C42 0 48 -16 48 -36C48 -56 42 -72 28 -72Z',
  '1': 'M13 -57L30 -72L30 0',
  '2': 'M10 -57C12 -67 19 -72 28 -72C39 -72 46 -65 46 -54C46 -40 31 -27 9 0L48 0',
  '3': 'M10 -66C14 -70 20 -72 27 -72C38 -72 45 -66 45 -56C45 -45 37 -39 25 -39C38 -39 47 -33 47 -20C47 -7 38 0 27 0C19 0 12 -3 8 -8',
  '4': 'M37 0L37 -72L6 -22L50 -22',
  '5': 'M44 -72L15 -72L11 -39C16 -43 21 -45 28 -45C40 -45 47 -36 47 -23C47 -8 38 0 27 0C19 0 12 -3 8 -9',
  '6': 'M43 -67C39 -71 34 -72 29 -72C16 -72 9 -58 9 -36C9 -12 17 0 29 0C40 0 47 -8 47 -22C47 -35 40 -44 29 -44C19 -44 11 -37 9 -28',
  '7': 'M8 -72L48 -72C34 -52 24 -28 21 0',
  '8': 'M28 -39C17 -39 11 -46 11 -56C11 -66 18 -72 28 -72C38 -72 45 -66 45 -56C45 -46 39 -39 28 -39C16 -39 9 -31 9 -20C9 -8 17 0 28 0C39 0 47 -8 47 -20C47 -31 40 -39 28 -39Z',
  '9': 'M13 -5C17 -1 22 0 27 0C40 0 47 -14 47 -36C47 -60 39 -72 27 -72C16 -72 9 -64 9 -50C9 -37 16 -28 27 -28C37 -28 45 -35 47 -44',
  '+': 'M28 -52L28 -16M10 -34L46 -34',
  '-': 'M12 -30L44 -30',
};
const DIGIT_TOKENS: Record<string, (string | number)[]> = Object.fromEntries(
  Object.entries(DIGITS).map(([k, d]) => [k, (d.match(/[A-Za-z]|-?\d+(?:\.\d+)?/g) ?? []).map((t) => (/[A-Za-z]/.test(t) ? t : Number(t)))]),
);
export const DIGIT_ADVANCE = 0.56;

/** Width of a digit string drawn with `digitPath` at `size`. */
export function digitsWidth(s: string, size: number): number {
  return s.length * DIGIT_ADVANCE * size;
}

/**
 * Path data for `s` (digits, + and -) with its box centred on (cx, cy) at font size `size` (cap height
 * 0.72·size). Stroke it with ≈0.12·size, round caps and joins.
 */
export function digitPath(s: string, cx: number, cy: number, size: number): string {
  const k = size / 100;
  let x = cx - digitsWidth(s, size) / 2;
  const y = cy + 0.36 * size;
  const out: string[] = [];
  for (const ch of s) {
    const toks = DIGIT_TOKENS[ch];
    if (toks) {
      let even = true;
      for (const t of toks) {
        if (typeof t === 'string') { out.push(t); even = true; continue; }
        out.push(r1(even ? x + t * k : y + t * k));
        even = !even;
      }
    }
    x += DIGIT_ADVANCE * size;
  }
  return out.join(' ').replace(/ ?([A-Za-z]) ?/g, '$1');
}
