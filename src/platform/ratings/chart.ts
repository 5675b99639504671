/**
 * The rating history chart (duel.md D9.6 / issue 15): one line, the rating after each rated game (x: games
 * played, so a busy evening does not squash into one point). The SVG is what the page shows; the PNG (the
 * platform's renderer conventions: the bundled CJK font by name, sharp through svgToPng) is what Discord gets.
 */
import { FONT_STACK } from '../render/fonts.ts';
import { esc } from '../render/text.ts';
import type { HistoryPoint } from './board.ts';

type Lang = 'zh' | 'en';

/** Whole-number ticks of 1, 2 or 5 × 10ⁿ, about `target` intervals, covering lo…hi. */
function ticks(lo: number, hi: number, target = 5): number[] {
  if (hi <= lo) { lo -= 10; hi += 10; }
  const raw = (hi - lo) / target;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const n = raw / mag;
  const step = Math.max(1, (n < 1.5 ? 1 : n < 3 ? 2 : n < 7 ? 5 : 10) * mag);
  const out: number[] = [];
  for (let k = Math.floor(lo / step); k <= Math.ceil(hi / step); k++) out.push(k * step);
  return out;
}

export function ratingChartSvg(points: HistoryPoint[], name: string, lang: Lang = 'zh'): string {
  const W = 640, H = 320, L = 56, R = 24, T = 40, B = 40;
  const parts: string[] = [`<rect width="${W}" height="${H}" fill="#ffffff"/>`];
  parts.push(`<text x="${W / 2}" y="24" font-size="16" text-anchor="middle">${esc(lang === 'en' ? `Rating of ${name}` : `${name} 的等级分`)}</text>`);
  if (!points.length) {
    parts.push(`<text x="${W / 2}" y="${H / 2}" font-size="14" text-anchor="middle">${esc(lang === 'en' ? 'no rated games yet' : '还没有排位赛')}</text>`);
  } else {
    const vals = points.map((p) => p.rating);
    const ys = ticks(Math.min(...vals), Math.max(...vals));
    const lo = ys[0]!, hi = ys.at(-1)!;
    const n = Math.max(1, points.length - 1);
    const x = (i: number) => L + ((W - L - R) * i) / n;
    const y = (v: number) => T + ((H - T - B) * (hi - v)) / (hi - lo);
    for (const v of ys) {
      parts.push(`<line x1="${L}" y1="${y(v).toFixed(1)}" x2="${W - R}" y2="${y(v).toFixed(1)}" stroke="#eee"/>`);
      parts.push(`<text x="${L - 6}" y="${(y(v) + 4).toFixed(1)}" font-size="12" text-anchor="end">${v}</text>`);
    }
    const step = Math.max(1, Math.ceil(n / 10));
    for (let i = 0; i <= n; i += step) parts.push(`<text x="${x(i).toFixed(1)}" y="${H - B + 16}" font-size="12" text-anchor="middle">${i}</text>`);
    parts.push(`<text x="${(L + W - R) / 2}" y="${H - 6}" font-size="12" text-anchor="middle">${esc(lang === 'en' ? 'rated games' : '排位赛局数')}</text>`);
    parts.push(`<line x1="${L}" y1="${H - B}" x2="${W - R}" y2="${H - B}" stroke="#333"/><line x1="${L}" y1="${T}" x2="${L}" y2="${H - B}" stroke="#333"/>`);
    const pts = points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`);
    parts.push(`<polyline points="${pts.join(' ')}" fill="none" stroke="#2f6fd0" stroke-width="2.5"/>`);
    points.forEach((p, i) => parts.push(`<circle cx="${x(i).toFixed(1)}" cy="${y(p.rating).toFixed(1)}" r="3" fill="#2f6fd0"/>`));
    const last = points.at(-1)!;
    parts.push(`<text x="${(x(points.length - 1) - 6).toFixed(1)}" y="${(y(last.rating) - 8).toFixed(1)}" font-size="13" text-anchor="end">${last.rating}</text>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><style>text{font-family:${FONT_STACK};fill:#222}</style>${parts.join('')}</svg>`;
}

/** The PNG; sharp is loaded on first use, so the service can import the ratings without the image library. */
export async function ratingChartPng(points: HistoryPoint[], name: string, lang: Lang = 'zh'): Promise<Buffer> {
  const { svgToPng } = await import('../render/png.ts');
  return svgToPng(ratingChartSvg(points, name, lang));
}
