import type { GameMap } from '../../europe/map/index.ts';
import { cn, type GameState, type Lang } from '../engine/index.ts';
import { FONT_STACK } from '../../../platform/render/fonts.ts';
import { svgToPng } from '../../../platform/render/png.ts';
import { esc, textWidth } from '../../../platform/render/text.ts';

/**
 * Value-axis ticks: a whole step of 1, 2 or 5 × 10ⁿ giving about `target` intervals, from a multiple of the step
 * at or below `lo` to one at or above `hi`, so 0 is always a tick when the range reaches it.
 */
export function niceTicks(lo: number, hi: number, target = 6): number[] {
  if (hi <= lo) hi = lo + 1;
  const raw = (hi - lo) / target;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const norm = raw / mag;
  // Scores are whole numbers: a step below 1 would only repeat labels.
  const step = Math.max(1, (norm < 1.5 ? 1 : norm < 3 ? 2 : norm < 7 ? 5 : 10) * mag);
  const first = Math.floor(lo / step), last = Math.ceil(hi / step);
  const ticks: number[] = [];
  for (let k = first; k <= last; k++) ticks.push(k * step);
  return ticks;
}

/** Score over time: one line per country, from state.scoreHistory (turn 0 = the start score). */
export function scoreChartSvg(map: GameMap, state: GameState, lang: Lang = state.settings.language): string {
  const hist = [{ turn: 0, scores: Object.fromEntries(Object.keys(state.countries).map((c) => [c, state.settings.startScore])) }, ...state.scoreHistory];
  const countries = Object.keys(state.countries).filter((c) => state.countries[c]!.player || hist.some((h) => h.scores[c] !== undefined && h !== hist[0]));
  const lastOf = (c: string) => [...hist].reverse().find((h) => h.scores[c] !== undefined)?.scores[c];
  const label = (c: string) => { const last = lastOf(c); return `${cn(map, c, lang)}${last !== undefined ? ` ${last}` : ''}`; };
  // The legend column is as wide as its longest label ("United Kingdom 54" did not fit a fixed one).
  const W = 800, H = 480, L = 60, T = 40, B = 50;
  const R = Math.max(150, Math.ceil(44 + Math.max(0, ...countries.map((c) => textWidth(label(c), 13)))));
  const values = hist.flatMap((h) => countries.map((c) => h.scores[c]).filter((v): v is number => v !== undefined));
  // From 0 (below it only when a score is), so a line's height reads as the score itself.
  const ticks = niceTicks(Math.min(0, ...values), Math.max(0, ...values));
  const lo = ticks[0]!, hi = ticks.at(-1)!;
  const maxTurn = Math.max(1, ...hist.map((h) => h.turn));
  const x = (t: number) => L + ((W - L - R) * t) / maxTurn;
  const y = (v: number) => T + ((H - T - B) * (hi - v)) / (hi - lo);
  const parts: string[] = [];
  parts.push(`<rect width="${W}" height="${H}" fill="#ffffff"/>`);
  parts.push(`<text x="${W / 2}" y="24" font-size="18" text-anchor="middle">${esc(lang === 'en' ? 'Score by turn' : '分数走势')}</text>`);
  const step = Math.max(1, Math.ceil(maxTurn / 12));
  for (let t = 0; t <= maxTurn; t += step) {
    parts.push(`<line x1="${x(t)}" y1="${T}" x2="${x(t)}" y2="${H - B}" stroke="#eee"/>`);
    parts.push(`<text x="${x(t)}" y="${H - B + 18}" font-size="12" text-anchor="middle">${t}</text>`);
  }
  for (const v of ticks) {
    parts.push(`<line x1="${L}" y1="${y(v)}" x2="${W - R}" y2="${y(v)}" stroke="${v === 0 ? '#bbb' : '#eee'}"/>`);
    parts.push(`<text x="${L - 6}" y="${y(v) + 4}" font-size="12" text-anchor="end">${v}</text>`);
  }
  parts.push(`<line x1="${L}" y1="${H - B}" x2="${W - R}" y2="${H - B}" stroke="#333"/><line x1="${L}" y1="${T}" x2="${L}" y2="${H - B}" stroke="#333"/>`);
  parts.push(`<text x="${(L + W - R) / 2}" y="${H - 12}" font-size="13" text-anchor="middle">${esc(lang === 'en' ? 'turn' : '回合')}</text>`);
  for (const c of countries) {
    const pts = hist.filter((h) => h.scores[c] !== undefined).map((h) => `${x(h.turn).toFixed(1)},${y(h.scores[c]!).toFixed(1)}`);
    if (pts.length) parts.push(`<polyline points="${pts.join(' ')}" fill="none" stroke="${esc(map.country.get(c)?.color ?? '#888')}" stroke-width="2.5"/>`);
  }
  // The legend in the order of the last scores, like the score table, so it reads as a ranking.
  const ranked = [...countries].sort((a, b) => (lastOf(b) ?? -Infinity) - (lastOf(a) ?? -Infinity) || a.localeCompare(b));
  ranked.forEach((c, i) => {
    const ly = T + 10 + i * 20;
    parts.push(`<rect x="${W - R + 12}" y="${ly - 9}" width="14" height="10" fill="${esc(map.country.get(c)?.color ?? '#888')}"/>`);
    parts.push(`<text x="${W - R + 32}" y="${ly}" font-size="13">${esc(label(c))}</text>`);
  });
  // The bundled CJK font by name: a generic family drew 分数走势 and the country names as boxes.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><style>text{font-family:${FONT_STACK};fill:#222}</style>${parts.join('')}</svg>`;
}

export async function scoreChartPng(map: GameMap, state: GameState, lang?: Lang): Promise<Buffer> {
  return svgToPng(scoreChartSvg(map, state, lang));
}
