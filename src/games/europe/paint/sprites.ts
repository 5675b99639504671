/**
 * Stamps (names, count badges, capital and city markers: see Stamp in ink.ts) as cached pixels. Text and
 * stroked digit outlines are the costliest things librsvg draws, and a map's ~290 names and badges look
 * the same state after state: a name sits at the same spot (its key is its element, which carries its
 * place), a badge "5" in a blue pill is the same wherever it goes (its anchor is on whole pixels). Each
 * is rendered once into an atlas at an integer offset from its place (so its pixels are the ones a
 * direct render gives) and blended into the picture from then on; a state renders only what it has not
 * seen (one atlas per state).
 */
import sharp from 'sharp';
import { styleBlock } from './style.ts';
import type { Stamp } from './ink.ts';

export interface Sprite {
  /** The sprite's top-left pixel relative to the stamp's anchor. */
  x0: number;
  y0: number;
  /** Covered pixels: offsets, premultiplied colour (×255) and 255 − alpha. */
  dx: Uint16Array;
  dy: Uint16Array;
  rgb: Uint16Array;
  inv: Uint8Array;
}

/** Sprites kept (a few maps × views × languages; each is ~1–3 KB). */
const MAX_SPRITES = 6000;
const sprites = new Map<string, Sprite>();
/** Blank space between atlas cells, more than any ink reaches past its box. */
const GAP = 8;
const PAD = 3;
const ATLAS_W = 2048;

function remember(key: string, s: Sprite): void {
  sprites.set(key, s);
  while (sprites.size > MAX_SPRITES) sprites.delete(sprites.keys().next().value!);
}

/** Renders the stamps not cached yet, in one SVG. */
async function renderMissing(items: Stamp[]): Promise<void> {
  const todo = new Map<string, Stamp>();
  for (const it of items) if (!sprites.has(it.key) && !todo.has(it.key)) todo.set(it.key, it);
  if (!todo.size) return;
  const cells: { key: string; st: Stamp; x0: number; y0: number; w: number; h: number; cx: number; cy: number }[] = [];
  let cx = GAP, cy = GAP, rowH = 0;
  for (const [key, st] of todo) {
    const b = st.box;
    const x0 = Math.floor(b.x0 - PAD), y0 = Math.floor(b.y0 - PAD);
    const w = Math.min(ATLAS_W - 2 * GAP, Math.ceil(b.x1 + PAD) - x0), h = Math.ceil(b.y1 + PAD) - y0;
    if (cx + w + GAP > ATLAS_W) { cx = GAP; cy += rowH + GAP; rowH = 0; }
    cells.push({ key, st, x0, y0, w, h, cx, cy });
    cx += w + GAP;
    rowH = Math.max(rowH, h);
  }
  const H = cy + rowH + GAP;
  const body = cells.map((c) => c.st.svg(c.cx - c.x0, c.cy - c.y0)).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${ATLAS_W}" height="${H}" viewBox="0 0 ${ATLAS_W} ${H}">${styleBlock()}${body}</svg>`;
  const { data } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  for (const c of cells) {
    let n = 0;
    for (let y = 0; y < c.h; y++) for (let x = 0, o = ((c.cy + y) * ATLAS_W + c.cx) * 4 + 3; x < c.w; x++, o += 4) if (data[o]) n++;
    const s: Sprite = { x0: c.x0, y0: c.y0, dx: new Uint16Array(n), dy: new Uint16Array(n), rgb: new Uint16Array(n * 3), inv: new Uint8Array(n) };
    let j = 0;
    for (let y = 0; y < c.h; y++) {
      for (let x = 0, o = ((c.cy + y) * ATLAS_W + c.cx) * 4; x < c.w; x++, o += 4) {
        const a = data[o + 3]!;
        if (!a) continue;
        s.dx[j] = x; s.dy[j] = y;
        s.rgb[j * 3] = data[o]! * a; s.rgb[j * 3 + 1] = data[o + 1]! * a; s.rgb[j * 3 + 2] = data[o + 2]! * a;
        s.inv[j] = 255 - a;
        j++;
      }
    }
    remember(c.key, s);
  }
}

/** The pixels of each stamp, in order (rendering the ones not cached yet). */
export async function stampPixels(items: Stamp[]): Promise<{ s: Sprite; x: number; y: number }[]> {
  await renderMissing(items);
  const out: { s: Sprite; x: number; y: number }[] = [];
  for (const it of items) {
    const s = sprites.get(it.key);
    if (!s) throw new Error('stamp sprite missing after rendering');
    // Touch: recently used stamps stay.
    sprites.delete(it.key);
    sprites.set(it.key, s);
    out.push({ s, x: it.x, y: it.y });
  }
  return out;
}

/** Blends the stamps, in order, into an opaque raw RGBA picture (source-over, as if drawn last). */
export function blendSprites(list: { s: Sprite; x: number; y: number }[], out: Buffer, W: number, H: number): void {
  for (const { s, x: ax, y: ay } of list) {
    const { dx, dy, rgb, inv } = s;
    const bx = ax + s.x0, by = ay + s.y0;
    for (let j = 0; j < dx.length; j++) {
      const x = bx + dx[j]!, y = by + dy[j]!;
      if (x < 0 || y < 0 || x >= W || y >= H) continue;
      const o = (y * W + x) * 4, i = inv[j]!, q = j * 3;
      out[o] = (rgb[q]! + out[o]! * i + 127) / 255;
      out[o + 1] = (rgb[q + 1]! + out[o + 1]! * i + 127) / 255;
      out[o + 2] = (rgb[q + 2]! + out[o + 2]! * i + 127) / 255;
    }
  }
}
