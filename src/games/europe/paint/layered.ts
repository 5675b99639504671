/**
 * The layered PNG path for shaped maps. Most of a map picture is the same in every state: where each
 * territory's pixels are, the sea, the coast, the dashed sea-zone lines and the thin borders. Those are
 * rasterized once per view (map, region, size) and kept as pixels; per state only the owner colours are
 * looked up per pixel (a palette over a territory-index image) and the dynamic layer (thick borders
 * between owners, capture glow, arrows, labels, counts, legend, header) is rendered as its own small SVG
 * and composited on top. Paint order is the single SVG's (fills, static lines, dynamic layer), so the
 * result matches renderMapSvg's picture (a test checks it within the golden tolerance).
 */
import sharp from 'sharp';
import type { GameMap } from '../map/index.ts';
import type { GameState } from './types.ts';
import { mapGeometry, type MapGeo } from './geometry.ts';
import { renderMapTop, type MapRender, type MapRenderOptions } from './map.ts';
import { fillShapes, staticLinesSvg, thickArcs, thickStyle, type ShapedFrame } from './layers.ts';
import { fillOf } from './owners.ts';
import { SEA, rgb } from './colors.ts';
import { r1 as f } from '../../../platform/render/text.ts';
import { encodePng, prepareSharp } from '../../../platform/render/png.ts';
import { blendSprites, stampPixels } from './sprites.ts';

/** One view's static pixels. */
interface StaticLayer {
  W: number;
  H: number;
  /** Territory drawn at each fill index (index 0 is the sea background). */
  ids: string[];
  /** Fill index per pixel. */
  idx: Uint16Array;
  /** Static line pixels (alpha > 0): position, premultiplied colour (×255) and 255 − alpha. */
  linePos: Uint32Array;
  lineRgb: Uint16Array;
  lineInv: Uint8Array;
  /** Each land arc's thick stroke as coverage: pixels arcStart[i] … arcStart[i + 1] − 1 of arcPos/arcCov. */
  arcStart: Uint32Array;
  arcPos: Uint32Array;
  arcCov: Uint8Array;
  /**
   * Picture buffers to reuse: a fresh 8 MB buffer costs more in page faults than filling it (≈20 ms on
   * a loaded VM). Taken by one render at a time, given back after its PNG is encoded.
   */
  pool: Buffer[];
  /** Scratch for merging coverages (kept all zero between renders) and the pixels touched. */
  cov: Uint8Array;
  touched: Uint32Array;
}

/** Views kept per map: the full map and region zooms (each ≈ 10 MB at 1600×1250). */
const VIEWS_PER_MAP = 8;
const cache = new WeakMap<GameMap, Map<string, Promise<StaticLayer>>>();

const frameKey = (fr: ShapedFrame) => `${fr.b.join(',')}|${fr.W}x${fr.H}|${fr.zoomed ? 'z' : 'f'}`;

export function staticLayer(map: GameMap, geo: MapGeo, fr: ShapedFrame): Promise<StaticLayer> {
  let views = cache.get(map);
  if (!views) cache.set(map, (views = new Map()));
  const key = frameKey(fr);
  let p = views.get(key);
  if (p) {
    // Least recently used goes first: re-insert on use.
    views.delete(key);
    views.set(key, p);
    return p;
  }
  p = buildStatic(map, geo, fr);
  views.set(key, p);
  p.catch(() => views.delete(key));
  while (views.size > VIEWS_PER_MAP) views.delete(views.keys().next().value!);
  return p;
}

async function buildStatic(map: GameMap, geo: MapGeo, fr: ShapedFrame): Promise<StaticLayer> {
  prepareSharp();
  const { W, H } = fr;
  const head = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><g transform="${fr.transform}">`;
  // Territory-index image: each fill painted, without antialiasing (as the single SVG paints fills), in a
  // colour that encodes its index.
  const shapes = fillShapes(map, geo, fr);
  if (shapes.length >= 0xffff) throw new Error('too many territories for the layered renderer');
  const hex6 = (n: number) => `#${n.toString(16).padStart(6, '0')}`;
  const idxSvg = head + '<g shape-rendering="crispEdges">' + shapes.map((s, i) => `<path fill="${hex6(i + 1)}" d="${s.d}"/>`).join('') + '</g></g></svg>';
  const linesSvg = head + staticLinesSvg(geo, fr) + '</g></svg>';
  const [a, b, arcs] = await Promise.all([
    sharp(Buffer.from(idxSvg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true }),
    sharp(Buffer.from(linesSvg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true }),
    arcCoverage(geo, fr),
  ]);
  if (a.info.width !== W || a.info.height !== H || b.info.width !== W || b.info.height !== H) throw new Error('static layer size mismatch');
  const n = W * H;
  const idx = new Uint16Array(n);
  const px = a.data;
  for (let p = 0, o = 0; p < n; p++, o += 4) {
    if (px[o + 3]! < 128) continue;
    const v = (px[o]! << 16) | (px[o + 1]! << 8) | px[o + 2]!;
    if (v <= shapes.length) idx[p] = v;
  }
  const ln = b.data;
  let count = 0;
  for (let o = 3; o < ln.length; o += 4) if (ln[o]) count++;
  const linePos = new Uint32Array(count), lineRgb = new Uint16Array(count * 3), lineInv = new Uint8Array(count);
  for (let p = 0, o = 0, j = 0; p < n; p++, o += 4) {
    const al = ln[o + 3]!;
    if (!al) continue;
    linePos[j] = p;
    lineRgb[j * 3] = ln[o]! * al;
    lineRgb[j * 3 + 1] = ln[o + 1]! * al;
    lineRgb[j * 3 + 2] = ln[o + 2]! * al;
    lineInv[j] = 255 - al;
    j++;
  }
  return { W, H, ids: ['', ...shapes.map((s) => s.id)], idx, linePos, lineRgb, lineInv, ...arcs, cov: new Uint8Array(n), touched: new Uint32Array(arcs.arcPos.length), pool: [] };
}

/**
 * Every land arc's thick stroke, rendered once into an atlas (each at a whole-pixel offset from its place,
 * so its pixels are the direct render's) and kept as coverage per canvas pixel.
 */
async function arcCoverage(geo: MapGeo, fr: ShapedFrame): Promise<{ arcStart: Uint32Array; arcPos: Uint32Array; arcCov: Uint8Array }> {
  const arcs = fr.zoomed ? geo.arcsZoom : geo.arcs;
  const { W, H, k } = fr;
  const { tx, ty } = fr;
  const ATLAS_W = 2048, GAP = 4, PAD = 3;
  const cells: { i: number; x0: number; y0: number; w: number; h: number; cx: number; cy: number; cut: boolean }[] = [];
  let cx = GAP, cy = GAP, rowH = 0;
  for (let i = 0; i < arcs.length; i++) {
    if (arcs[i]!.kind !== 'land') continue;
    const nums = arcs[i]!.d.match(/-?[\d.]+(?:e-?\d+)?/g) ?? [];
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (let j = 0; j + 1 < nums.length; j += 2) {
      const x = Number(nums[j]) * k + tx, y = Number(nums[j + 1]) * k + ty;
      if (x < x0) x0 = x; if (x > x1) x1 = x; if (y < y0) y0 = y; if (y > y1) y1 = y;
    }
    // Clipped to the canvas: a zoom's arcs reach far outside it.
    const X0 = Math.max(0, Math.floor(x0 - PAD)), Y0 = Math.max(0, Math.floor(y0 - PAD));
    const X1 = Math.min(W, Math.ceil(x1 + PAD)), Y1 = Math.min(H, Math.ceil(y1 + PAD));
    if (X1 <= X0 || Y1 <= Y0) continue;
    const cut = X0 > x0 - PAD || Y0 > y0 - PAD || X1 < x1 + PAD || Y1 < y1 + PAD;
    const w = X1 - X0, h = Y1 - Y0;
    if (w > ATLAS_W - 2 * GAP) {
      // Wider than the atlas (a huge zoom): split into vertical strips by cropping in the atlas cell.
      for (let sx = X0; sx < X1; sx += ATLAS_W - 2 * GAP) {
        const sw = Math.min(ATLAS_W - 2 * GAP, X1 - sx);
        if (cx + sw + GAP > ATLAS_W) { cx = GAP; cy += rowH + GAP; rowH = 0; }
        cells.push({ i, x0: sx, y0: Y0, w: sw, h, cx, cy, cut: true });
        cx += sw + GAP; rowH = Math.max(rowH, h);
      }
      continue;
    }
    if (cx + w + GAP > ATLAS_W) { cx = GAP; cy += rowH + GAP; rowH = 0; }
    cells.push({ i, x0: X0, y0: Y0, w, h, cx, cy, cut });
    cx += w + GAP;
    rowH = Math.max(rowH, h);
  }
  const AH = cy + rowH + GAP;
  // An arc's ink stays within its padded box, so cells need no clipping, except where the box was cut
  // (at the canvas edge, or split): there the arc goes on, and would reach the neighbouring cells.
  const style = thickStyle(k, '#000');
  const body = cells.map((c, n) => {
    const arc = `<g transform="matrix(${fr.kStr} 0 0 ${fr.kStr} ${f(fr.tx + c.cx - c.x0)} ${f(fr.ty + c.cy - c.y0)})"><path d="${arcs[c.i]!.d}" ${style}/></g>`;
    return c.cut ? `<clipPath id="c${n}"><rect x="${c.cx}" y="${c.cy}" width="${c.w}" height="${c.h}"/></clipPath><g clip-path="url(#c${n})">${arc}</g>` : arc;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${ATLAS_W}" height="${AH}" viewBox="0 0 ${ATLAS_W} ${AH}">${body}</svg>`;
  const { data } = await sharp(Buffer.from(svg), { limitInputPixels: false }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  // Group cells by arc (a split arc has several), in arc order.
  const byArc = new Map<number, typeof cells>();
  for (const c of cells) { const l = byArc.get(c.i); if (l) l.push(c); else byArc.set(c.i, [c]); }
  let total = 0;
  for (const c of cells) for (let y = 0; y < c.h; y++) for (let x = 0, o = ((c.cy + y) * ATLAS_W + c.cx) * 4 + 3; x < c.w; x++, o += 4) if (data[o]) total++;
  const arcStart = new Uint32Array(arcs.length + 1), arcPos = new Uint32Array(total), arcCov = new Uint8Array(total);
  let j = 0;
  for (let i = 0; i < arcs.length; i++) {
    arcStart[i] = j;
    for (const c of byArc.get(i) ?? []) {
      for (let y = 0; y < c.h; y++) {
        for (let x = 0, o = ((c.cy + y) * ATLAS_W + c.cx) * 4 + 3; x < c.w; x++, o += 4) {
          if (!data[o]) continue;
          arcPos[j] = (c.y0 + y) * W + c.x0 + x;
          arcCov[j] = data[o]!;
          j++;
        }
      }
    }
  }
  arcStart[arcs.length] = j;
  return { arcStart, arcPos, arcCov };
}

/**
 * The thick borders of this state over the picture: the arcs' coverages merged by maximum (their union,
 * up to antialiasing where two meet), then #1a1a1a blended in by it.
 */
function blendThick(out: Buffer, st: StaticLayer, arcIdx: number[]): void {
  const { arcStart, arcPos, arcCov, cov, touched } = st;
  let t = 0;
  for (const i of arcIdx) {
    for (let j = arcStart[i]!, e = arcStart[i + 1]!; j < e; j++) {
      const p = arcPos[j]!, c = arcCov[j]!;
      const was = cov[p]!;
      if (!was) touched[t++] = p;
      if (c > was) cov[p] = c;
    }
  }
  for (let q = 0; q < t; q++) {
    const p = touched[q]!, a = cov[p]!, o = p * 4, i = 255 - a;
    cov[p] = 0;
    const ca = 26 * a;
    out[o] = (ca + out[o]! * i + 127) / 255;
    out[o + 1] = (ca + out[o + 1]! * i + 127) / 255;
    out[o + 2] = (ca + out[o + 2]! * i + 127) / 255;
  }
}

/**
 * Fills (palette lookup per pixel) and the static lines over them, as raw RGBA (opaque; four bytes a
 * pixel so that the per-pixel work is one 32-bit copy).
 */
export function composeBase(map: GameMap, state: GameState, st: StaticLayer): Buffer {
  const pal8 = new Uint8Array(st.ids.length * 4);
  const sea = rgb(SEA);
  pal8.set([sea[0], sea[1], sea[2], 255], 0);
  for (let i = 1; i < st.ids.length; i++) {
    const c = rgb(fillOf(map, state, st.ids[i]!));
    pal8.set([c[0], c[1], c[2], 255], i * 4);
  }
  const pal = new Uint32Array(pal8.buffer);
  const { idx, linePos, lineRgb, lineInv } = st;
  const n = st.W * st.H;
  const out = st.pool.pop() ?? Buffer.allocUnsafeSlow(n * 4);
  const out32 = new Uint32Array(out.buffer, out.byteOffset, n);
  for (let p = 0; p < n; p++) out32[p] = pal[idx[p]!]!;
  for (let j = 0; j < linePos.length; j++) {
    const o = linePos[j]! * 4, inv = lineInv[j]!, q = j * 3;
    // Source-over with straight alpha: (c·a + d·(255 − a)) / 255, rounded.
    out[o] = (lineRgb[q]! + out[o]! * inv + 127) / 255;
    out[o + 1] = (lineRgb[q + 1]! + out[o + 1]! * inv + 127) / 255;
    out[o + 2] = (lineRgb[q + 2]! + out[o + 2]! * inv + 127) / 255;
  }
  return out;
}

/** Blends a straight-alpha RGBA layer over an opaque RGBA picture of the same size. */
export function blendLayer(out: Buffer, top: Buffer): void {
  const n = top.length >> 2;
  const top32 = new Uint32Array(top.buffer, top.byteOffset, n), out32 = new Uint32Array(out.buffer, out.byteOffset, n);
  for (let p = 0; p < n; p++) {
    const v = top32[p]!;
    if (v === 0) continue;
    const t = p * 4, a = top[t + 3]!;
    if (a === 0) continue;
    if (a === 255) { out32[p] = v; continue; }
    const i = 255 - a;
    out[t] = (top[t]! * a + out[t]! * i + 127) / 255;
    out[t + 1] = (top[t + 1]! * a + out[t + 1]! * i + 127) / 255;
    out[t + 2] = (top[t + 2]! * a + out[t + 2]! * i + 127) / 255;
  }
}

/**
 * The map PNG through the layers (shaped maps; a schematic map renders as one SVG) and the label report.
 * The first render of a view also builds its static layer (≈ one full render's cost) and the stamps'
 * pixels; later ones reuse them. libvips renders the dynamic layer while the fills are composed here.
 */
export async function renderMapPngLayered(map: GameMap, state: GameState, opts: MapRenderOptions = {}): Promise<MapRender & { png: Buffer }> {
  prepareSharp();
  const { frame, stamps, ...r } = renderMapTop(map, state, opts);
  const geo = mapGeometry(map);
  if (!frame) return { ...r, png: await encodePng(sharp(Buffer.from(r.svg)).removeAlpha()) };
  const topP = sharp(Buffer.from(r.svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const stampsP = stampPixels(stamps);
  // Settle every promise before anything can throw, so no rejection is left unhandled; the fills are
  // composed on this thread while libvips renders the dynamic layer on its own.
  const [{ st, base }, top, pix] = await Promise.all([
    staticLayer(map, geo, frame).then((st) => {
      const base = composeBase(map, state, st);
      blendThick(base, st, thickArcs(map, state, frame.zoomed ? geo.arcsZoom : geo.arcs));
      return { st, base };
    }),
    topP, stampsP,
  ]);
  if (top.info.width !== st.W || top.info.height !== st.H || top.info.channels !== 4) throw new Error('dynamic layer size mismatch');
  blendLayer(base, top.data);
  blendSprites(pix, base, st.W, st.H);
  const png = await encodePng(sharp(base, { raw: { width: st.W, height: st.H, channels: 4 } }).removeAlpha());
  if (st.pool.length < 2) st.pool.push(base);
  return { ...r, png };
}
