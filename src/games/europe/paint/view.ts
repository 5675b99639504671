/** Where the map sits on the canvas: the header band, the view box and map-to-screen coordinates. */
import type { Pt } from './geometry.ts';

export const HEADER = 40;
/** Schematic maps have room: bigger type reads on a phone. */
export const SCHEMATIC_SCALE = 1.4;

export interface View {
  /** View box in map coordinates. */
  vx0: number; vy0: number; vw: number; vh: number;
  /** Map area on the canvas. */
  mx: number; my: number; mw: number; mh: number;
  k: number;
  ox: number; oy: number;
}

export const toScreen = (v: View, p: Pt): Pt => [v.ox + (p[0] - v.vx0) * v.k, v.oy + (p[1] - v.vy0) * v.k];

export function viewFor(bounds: [number, number, number, number], W: number, H: number, top: number, right: number): View {
  const [x0, y0, x1, y1] = bounds;
  const vw = x1 - x0, vh = y1 - y0;
  const mw = W - right, mh = H - top;
  const k = Math.min(mw / vw, mh / vh);
  return { vx0: x0, vy0: y0, vw, vh, mx: 0, my: top, mw, mh, k, ox: (mw - vw * k) / 2, oy: top + (mh - vh * k) / 2 };
}
