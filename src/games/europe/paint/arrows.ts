/** Last turn on the map: its arrows (moves, airlifts, battles, head-on clashes) and its captures. */
import { digitPath, r1 as f } from '../../../platform/render/text.ts';
import type { GameState } from './types.ts';
import type { Pt } from './geometry.ts';
import { rect, type Occupancy, type Rect } from './labels.ts';
import { count, countW, starPath, type DrawContext } from './ink.ts';
import { FAIL, INK, darker } from './colors.ts';

export interface Arrow { kind: 'move' | 'win' | 'fail' | 'airlift' | 'headOn'; from: string; to: string; country: string; n: number }

/** Last turn's arrows from `state.lastEvents` (battles replace the moves that made them). */
export function arrowsOf(state: GameState): Arrow[] {
  const out: Arrow[] = [];
  const battleKeys = new Set<string>();
  for (const e of state.lastEvents ?? []) {
    if (e.type === 'battle') {
      for (const from of e.from) {
        battleKeys.add(`${e.attacker}|${from}|${e.territory}`);
        out.push({ kind: e.won ? 'win' : 'fail', from, to: e.territory, country: e.attacker, n: e.from.length === 1 ? e.attackers : 0 });
      }
    } else if (e.type === 'headOn') {
      out.push({ kind: 'headOn', from: e.a.from, to: e.b.from, country: e.a.country, n: 0 });
    }
  }
  for (const e of state.lastEvents ?? []) {
    if (e.type === 'move' && !battleKeys.has(`${e.country}|${e.from}|${e.to}`)) out.push({ kind: 'move', from: e.from, to: e.to, country: e.country, n: e.n });
    else if (e.type === 'airlift') out.push({ kind: 'airlift', from: e.from, to: e.to, country: e.country, n: e.n });
  }
  return out;
}

/**
 * One arrow from p to q; its count goes into the context's ink where it covers no label (`occ`), else it is dropped.
 * A failed attack is dashed in `failColor` (a game whose side is red draws it in the attacker's colour instead).
 */
export function arrowSvg(dc: DrawContext, a: Arrow, p: Pt, q: Pt, color: string, occ: Occupancy, bounds: Rect, failColor = FAIL): { svg: string; label: string | null; dropped: boolean } {
  const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
  if (len < 4) return { svg: '', label: null, dropped: false };
  const nx = -(q[1] - p[1]) / len, ny = (q[0] - p[0]) / len;
  const bend = a.kind === 'airlift' ? 0.3 : 0.14;
  const c: Pt = [(p[0] + q[0]) / 2 + nx * len * bend, (p[1] + q[1]) / 2 + ny * len * bend];
  const w = a.kind === 'move' || a.kind === 'airlift' ? Math.min(4, 1.8 + Math.log2(1 + a.n) * 0.35) : Math.min(5, 2.4 + Math.log2(1 + a.n) * 0.4);
  let svg = '';
  if (a.kind === 'headOn') {
    const m: Pt = [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
    svg += `<path class="ac" d="M${f(p[0])} ${f(p[1])}L${f(q[0])} ${f(q[1])}" stroke-width="${f(w + 2.4)}"/>`;
    svg += `<path d="M${f(p[0])} ${f(p[1])}L${f(q[0])} ${f(q[1])}" stroke="${color}" stroke-width="${f(w)}" fill="none"/>`;
    svg += `<path class="burst" d="${starPath(m[0], m[1], 8)}"/>`;
    return { svg, label: null, dropped: false };
  }
  // Arrowhead along the curve's end tangent.
  const tx = q[0] - c[0], ty = q[1] - c[1];
  const tl = Math.hypot(tx, ty) || 1;
  const ux = tx / tl, uy = ty / tl;
  const hl = 5 + w * 1.8, hw = 3 + w * 1.1;
  const base: Pt = [q[0] - ux * hl, q[1] - uy * hl];
  const head = `M${f(q[0])} ${f(q[1])}L${f(base[0] - uy * hw)} ${f(base[1] + ux * hw)}L${f(base[0] + uy * hw)} ${f(base[1] - ux * hw)}Z`;
  const shaft = `M${f(p[0])} ${f(p[1])}Q${f(c[0])} ${f(c[1])} ${f(base[0] + ux * 1)} ${f(base[1] + uy * 1)}`;
  if (a.kind === 'fail') {
    svg += `<path class="ac" d="${shaft}" stroke-width="${f(w + 2.4)}"/>`;
    svg += `<path d="${shaft}" stroke="${failColor}" stroke-width="${f(w)}" stroke-dasharray="${f(w * 2.2)} ${f(w * 1.4)}" fill="none"/>`;
    svg += `<path d="${head}" fill="${failColor}" stroke="#fff" stroke-width="1"/>`;
    const s = 5.5;
    const x = q[0] - ux * (hl + 6), y = q[1] - uy * (hl + 6);
    svg += `<path class="xx" d="M${f(x - s)} ${f(y - s)}L${f(x + s)} ${f(y + s)}M${f(x + s)} ${f(y - s)}L${f(x - s)} ${f(y + s)}"/>`;
  } else {
    const dash = a.kind === 'airlift' ? ` stroke-dasharray="1 ${f(w * 1.8)}" stroke-linecap="round"` : '';
    svg += `<path class="${a.kind === 'win' ? 'acd' : 'ac'}" d="${shaft}" stroke-width="${f(w + (a.kind === 'win' ? 3 : 2.2))}"/>`;
    svg += `<path d="${shaft}" stroke="${color}" stroke-width="${f(w)}" fill="none"${dash}/>`;
    svg += `<path d="${head}" fill="${color}" stroke="${a.kind === 'win' ? INK : '#fff'}" stroke-width="1"/>`;
  }
  if (a.n > 0) {
    // The count sits at the curve's apex, only where it covers no label.
    const m: Pt = [(p[0] + 2 * c[0] + base[0]) / 4, (p[1] + 2 * c[1] + base[1]) / 4];
    const txt = String(a.n);
    const tw = countW(txt, 12) + 5, th = 14;
    const r = rect(m[0], m[1], tw, th);
    const ok = r.x0 >= bounds.x0 && r.y0 >= bounds.y0 && r.x1 <= bounds.x1 && r.y1 <= bounds.y1 && !occ.hits(r);
    if (!ok) return { svg, label: null, dropped: true };
    occ.add(r);
    const col = a.kind === 'fail' ? failColor : darker(color, 0.25);
    // A white halo under the digits keeps them readable across borders and fills.
    dc.ink.add(`d|#ffffff|3.6`, digitPath(txt, m[0], m[1], 12));
    count(dc, txt, m[0], m[1], 12, col);
    return { svg, label: null, dropped: false };
  }
  return { svg, label: null, dropped: false };
}

/** The territories captured last turn (drawn with a glow). */
export function captured(state: GameState): Set<string> {
  const s = new Set<string>();
  for (const e of state.lastEvents ?? []) if (e.type === 'capture') s.add(e.territory);
  return s;
}
