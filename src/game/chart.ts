import sharp from 'sharp';
import type { GameMap } from '../map/index.ts';
import { cn, type GameState, type Lang } from '../engine/index.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Score over time: one line per country, from state.scoreHistory (turn 0 = the start score). */
export function scoreChartSvg(map: GameMap, state: GameState, lang: Lang = state.settings.language): string {
  const W = 800, H = 480, L = 60, R = 150, T = 40, B = 50;
  const hist = [{ turn: 0, scores: Object.fromEntries(Object.keys(state.countries).map((c) => [c, state.settings.startScore])) }, ...state.scoreHistory];
  const countries = Object.keys(state.countries).filter((c) => state.countries[c]!.player || hist.some((h) => h.scores[c] !== undefined && h !== hist[0]));
  const values = hist.flatMap((h) => countries.map((c) => h.scores[c]).filter((v): v is number => v !== undefined));
  let lo = Math.min(0, ...values), hi = Math.max(10, ...values);
  if (hi === lo) hi = lo + 1;
  const pad = (hi - lo) * 0.05;
  lo -= pad; hi += pad;
  const maxTurn = Math.max(1, ...hist.map((h) => h.turn));
  const x = (t: number) => L + ((W - L - R) * t) / maxTurn;
  const y = (v: number) => T + ((H - T - B) * (hi - v)) / (hi - lo);
  const parts: string[] = [];
  parts.push(`<rect width="${W}" height="${H}" fill="#ffffff"/>`);
  parts.push(`<text x="${W / 2}" y="24" font-size="18" text-anchor="middle" font-family="sans-serif">${esc(lang === 'en' ? 'Score by turn' : '分数走势')}</text>`);
  const step = Math.max(1, Math.ceil(maxTurn / 12));
  for (let t = 0; t <= maxTurn; t += step) {
    parts.push(`<line x1="${x(t)}" y1="${T}" x2="${x(t)}" y2="${H - B}" stroke="#eee"/>`);
    parts.push(`<text x="${x(t)}" y="${H - B + 18}" font-size="12" text-anchor="middle" font-family="sans-serif">${t}</text>`);
  }
  const ticks = 6;
  for (let i = 0; i <= ticks; i++) {
    const v = lo + ((hi - lo) * i) / ticks;
    parts.push(`<line x1="${L}" y1="${y(v)}" x2="${W - R}" y2="${y(v)}" stroke="#eee"/>`);
    parts.push(`<text x="${L - 6}" y="${y(v) + 4}" font-size="12" text-anchor="end" font-family="sans-serif">${Math.round(v)}</text>`);
  }
  parts.push(`<line x1="${L}" y1="${H - B}" x2="${W - R}" y2="${H - B}" stroke="#333"/><line x1="${L}" y1="${T}" x2="${L}" y2="${H - B}" stroke="#333"/>`);
  parts.push(`<text x="${(L + W - R) / 2}" y="${H - 12}" font-size="13" text-anchor="middle" font-family="sans-serif">${esc(lang === 'en' ? 'turn' : '回合')}</text>`);
  countries.forEach((c, i) => {
    const color = map.country.get(c)?.color ?? '#888';
    const pts = hist.filter((h) => h.scores[c] !== undefined).map((h) => `${x(h.turn).toFixed(1)},${y(h.scores[c]!).toFixed(1)}`);
    if (pts.length) parts.push(`<polyline points="${pts.join(' ')}" fill="none" stroke="${esc(color)}" stroke-width="2.5"/>`);
    const ly = T + 10 + i * 20;
    parts.push(`<rect x="${W - R + 12}" y="${ly - 9}" width="14" height="10" fill="${esc(color)}"/>`);
    const last = [...hist].reverse().find((h) => h.scores[c] !== undefined)?.scores[c];
    parts.push(`<text x="${W - R + 32}" y="${ly}" font-size="13" font-family="sans-serif">${esc(cn(map, c, lang))}${last !== undefined ? ` ${last}` : ''}</text>`);
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join('')}</svg>`;
}

export async function scoreChartPng(map: GameMap, state: GameState, lang?: Lang): Promise<Buffer> {
  return sharp(Buffer.from(scoreChartSvg(map, state, lang))).png().toBuffer();
}
