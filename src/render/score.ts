/**
 * The score table posted after each resolution: rank, score and its change, income (R2.2), holdings,
 * armies, diplomacy, puppet status, mobilization (R9) and tech (R8.3). Data first (`scoreRows`, tested on
 * its own), then a plain SVG table.
 */
import { isLandKind, type GameMap } from '../map/index.ts';
import { incomeTable, tributeOf, TECH_NAMES as ENGINE_TECH_NAMES } from '../engine/index.ts';
import type { GameState, LandState, SeaState } from './types.ts';
import { ensureFonts, FONT_STACK } from './fonts.ts';
import { svgToPng } from './png.ts';
import { esc, r1 as f, textWidth } from './text.ts';
import { FAIL, INK, landFill } from './colors.ts';
import type { Lang } from './map.ts';

export interface Income {
  /** Owned land territories (land + city + capital), ×1 each (R2.2). */
  territories: number;
  /** Owned cities, +1 each on top (a capital is a territory, not a city). */
  cities: number;
  industry: number;
  /** territories + cities + industry. */
  base: number;
  /** Whether mobilization halves it this payment (R9). */
  halved: boolean;
  /** base, halved and rounded down when mobilized. */
  gross: number;
  /** What a puppet pays its overlord: floor(tribute × gross) (R2.2, R6.4). */
  tributePaid: number;
  /** What its puppets pay it. */
  tributeReceived: number;
  /** gross − tributePaid + tributeReceived: the change income will make at the end of this turn. */
  net: number;
}

function grossIncome(map: GameMap, state: GameState, country: string) {
  // The engine's rule (R2.2, R9), so the table shows exactly what resolution will pay and charge.
  const parts = incomeTable(state, map).get(country)
    ?? { territories: 0, cities: 0, industry: 0, base: 0, halved: false, gross: 0 };
  const tributePaid = state.countries[country]?.overlord ? tributeOf(state, parts.gross) : 0;
  return { ...parts, tributePaid };
}

/** Income of `country` as it will be paid at the end of the turn (R2.2, R6.4, R9). */
export function computeIncome(map: GameMap, state: GameState, country: string): Income {
  const own = grossIncome(map, state, country);
  let tributeReceived = 0;
  for (const [id, cs] of Object.entries(state.countries)) {
    if (cs.overlord === country && cs.alive) tributeReceived += grossIncome(map, state, id).tributePaid;
  }
  return { ...own, tributeReceived, net: own.gross - own.tributePaid + tributeReceived };
}

export interface ScoreRow {
  /** 1-based; equal scores share a rank. Eliminated countries have none (null). */
  rank: number | null;
  id: string;
  name: string;
  color: string;
  score: number;
  /** Sum of this turn's score events (state.lastEvents). */
  delta: number;
  income: Income;
  territories: number;
  cities: number;
  hasCapital: boolean;
  armies: { land: number; sea: number; arsenal: number; total: number };
  wars: { enemy: string; attacker: boolean; active: boolean }[];
  allies: string[];
  pacts: string[];
  overlord: string | null;
  puppets: string[];
  /** Income payments still halved by mobilization (R9). */
  halfIncomeLeft: number;
  techDone: string[];
  alive: boolean;
  bankrupt: boolean;
}

/**
 * One row per country in the game, in score order (ties by id, so the table is stable); eliminated
 * countries last. Countries never taken by a player (neutral from the start) are left out.
 */
export function scoreRows(map: GameMap, state: GameState, lang: Lang = 'zh'): ScoreRow[] {
  const deltas = new Map<string, number>();
  for (const e of state.lastEvents ?? []) if (e.type === 'score') deltas.set(e.country, (deltas.get(e.country) ?? 0) + e.delta);
  const inHistory = new Set<string>();
  for (const h of state.scoreHistory ?? []) for (const c of Object.keys(h.scores)) inHistory.add(c);
  const ownsLand = new Set<string>();
  for (const id of map.landIds) { const o = (state.territories[id] as LandState | undefined)?.owner; if (o) ownsLand.add(o); }
  const nm = (id: string) => { const c = map.country.get(id); return c ? (lang === 'en' ? c.name.en : c.name.zh) : id; };
  const rows: ScoreRow[] = [];
  for (const [id, cs] of Object.entries(state.countries)) {
    const inGame = cs.player !== false || ownsLand.has(id) || (!cs.alive && inHistory.has(id));
    if (!inGame) continue;
    const inc = computeIncome(map, state, id);
    let land = 0, sea = 0;
    for (const t of map.territories) {
      const st = state.territories[t.id];
      if (!st) continue;
      if (isLandKind(t.kind)) { if ((st as LandState).owner === id) land += (st as LandState).armies; }
      else if (t.kind === 'sea') sea += (st as SeaState).stacks?.[id] ?? 0;
    }
    const arsenal = state.arsenals?.[id] ?? 0;
    const cap = map.capitalOf.get(id);
    rows.push({
      rank: null, id, name: nm(id), color: map.country.get(id)?.color ?? '#888888', score: cs.score, delta: deltas.get(id) ?? 0,
      income: inc, territories: inc.territories, cities: inc.cities,
      hasCapital: cap ? (state.territories[cap] as LandState | undefined)?.owner === id : false,
      armies: { land, sea, arsenal, total: land + sea + arsenal },
      wars: (state.wars ?? []).filter((w) => w.attacker === id || w.defender === id).map((w) => ({ enemy: w.attacker === id ? w.defender : w.attacker, attacker: w.attacker === id, active: w.active })),
      allies: (state.alliances ?? []).filter((p) => p.includes(id)).map((p) => (p[0] === id ? p[1] : p[0])),
      pacts: (state.pacts ?? []).filter((p) => p.between.includes(id)).map((p) => (p.between[0] === id ? p.between[1] : p.between[0])),
      overlord: cs.overlord, puppets: Object.entries(state.countries).filter(([, o]) => o.overlord === id && o.alive).map(([p]) => p),
      halfIncomeLeft: cs.mobilization?.halfIncomeLeft ?? 0, techDone: [...(cs.techDone ?? [])], alive: cs.alive, bankrupt: cs.bankrupt,
    });
  }
  rows.sort((a, b) => Number(b.alive) - Number(a.alive) || b.score - a.score || a.id.localeCompare(b.id));
  let rank = 0, prev: number | null = null;
  rows.forEach((r, i) => {
    if (!r.alive) return;
    if (prev === null || r.score !== prev) rank = i + 1;
    prev = r.score;
    r.rank = rank;
  });
  return rows;
}

const TECH_NAMES: Record<string, { zh: string; en: string }> = ENGINE_TECH_NAMES;

export interface ScoreTableOptions { lang?: Lang; width?: number }

const L = {
  zh: { title: (m: string, n: number) => `${m} · 第 ${n} 回合 · 分数`, cols: ['名次', '国家', '分数', '本回合', '收入', '领土', '城市', '军队', '战争 / 同盟', '宗主 / 傀儡', '动员', '科技'], war: '战', ally: '盟', pact: '约', puppetOf: '傀儡←', puppets: '宗主→', half: (n: number) => `减半${n}次`, out: '出局', bankrupt: '破产', noCap: '失都', note: '收入 = 领土 + 城市 + 工业；动员期间减半；傀儡上缴 70%。军队 = 陆 + 海 + 兵工厂。战争：攻 = 进攻方，(宣) = 下回合生效。', atk: '攻', decl: '(宣)', sea: '海', ars: '库' },
  en: { title: (m: string, n: number) => `${m} · Turn ${n} · Scores`, cols: ['#', 'Country', 'Score', 'Δ', 'Income', 'Terr', 'Cities', 'Armies', 'Wars / allies', 'Overlord / puppets', 'Mobil.', 'Tech'], war: 'War', ally: 'Ally', pact: 'Pact', puppetOf: 'puppet of ', puppets: 'owns ', half: (n: number) => `½ ×${n}`, out: 'out', bankrupt: 'bankrupt', noCap: 'no capital', note: 'Income = territories + cities + industry; halved while mobilized; puppets pay 70%. Armies = land + sea + arsenal. Wars: atk = attacker, (decl) = active next turn.', atk: 'atk', decl: '(decl)', sea: 'sea', ars: 'ars' },
};

function clip(s: string, size: number, max: number): string {
  if (textWidth(s, size) <= max) return s;
  let out = s;
  while (out.length > 1 && textWidth(out + '…', size) > max) out = out.slice(0, -1);
  return out + '…';
}

/** The score table as SVG (width × a height that fits the rows). */
export function renderScoreTableSvg(map: GameMap, state: GameState, opts: ScoreTableOptions = {}): { svg: string; width: number; height: number; rows: ScoreRow[] } {
  const lang: Lang = opts.lang ?? ((state.settings?.language as Lang | undefined) ?? 'zh');
  const t = L[lang];
  const rows = scoreRows(map, state, lang);
  const nm = (id: string) => { const c = map.country.get(id); return c ? (lang === 'en' ? c.name.en : c.name.zh) : id; };
  const widths = [46, 150, 64, 64, 84, 52, 52, 128, 250, 150, 76, 110];
  const W = opts.width ?? widths.reduce((a, b) => a + b, 0) + 24;
  const scaleX = (W - 24) / widths.reduce((a, b) => a + b, 0);
  const xs: number[] = [];
  let x = 12;
  for (const w of widths) { xs.push(x); x += w * scaleX; }
  const titleH = 44, headH = 30, rowH = 32, noteH = 30;
  const H = titleH + headH + rows.length * rowH + noteH;
  const p: string[] = [];
  p.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`);
  p.push(`<style>text{font-family:${FONT_STACK};font-size:14px;fill:${INK}}.h{font-size:13px;font-weight:bold;fill:#fff}.t{font-size:19px;font-weight:bold;fill:#fff}.b{font-weight:bold}.g{fill:#999}.s{font-size:12px}.r{text-anchor:end}.up{fill:#1e8449;font-weight:bold}.dn{fill:${FAIL};font-weight:bold}.n{font-size:11.5px;fill:#555}</style>`);
  p.push(`<rect width="${W}" height="${H}" fill="#fbfaf6"/><rect width="${W}" height="${titleH}" fill="#2c3e50"/>`);
  p.push(`<text class="t" x="12" y="29">${esc(t.title(lang === 'en' ? map.file.name.en : map.file.name.zh, state.turn))}</text>`);
  p.push(`<rect y="${titleH}" width="${W}" height="${headH}" fill="#4a5d70"/>`);
  const right = new Set([2, 3, 4, 5, 6, 7]);
  t.cols.forEach((c, i) => {
    const cx = right.has(i) ? xs[i]! + widths[i]! * scaleX - 8 : xs[i]! + 4;
    p.push(`<text class="h${right.has(i) ? ' r' : ''}" x="${f(cx)}" y="${titleH + 20}">${esc(c)}</text>`);
  });
  rows.forEach((r, i) => {
    const y = titleH + headH + i * rowH;
    const base = y + rowH / 2 + 5;
    const g = r.alive ? '' : ' g';
    p.push(`<rect y="${y}" width="${W}" height="${rowH}" fill="${!r.alive ? '#eeeeee' : i % 2 ? '#f3efe6' : '#fbfaf6'}"/>`);
    const cell = (col: number, text: string, cls = '') => {
      const isR = right.has(col);
      const cx = isR ? xs[col]! + widths[col]! * scaleX - 8 : xs[col]! + 4;
      const txt = clip(text, cls.includes('s') ? 12 : 14, widths[col]! * scaleX - 10);
      p.push(`<text class="${(cls + g + (isR ? ' r' : '')).trim()}" x="${f(cx)}" y="${f(base)}">${esc(txt)}</text>`);
    };
    cell(0, r.rank !== null ? String(r.rank) : '—', 'b');
    p.push(`<rect x="${f(xs[1]! + 4)}" y="${f(y + 8)}" width="16" height="16" rx="3" fill="${r.alive ? landFill(r.color) : '#cccccc'}" stroke="#444" stroke-width=".8"/>`);
    p.push(`<text class="b${g}" x="${f(xs[1]! + 26)}" y="${f(base)}">${esc(clip(r.name + (r.alive && !r.hasCapital && map.capitalOf.has(r.id) ? ` (${t.noCap})` : ''), 14, widths[1]! * scaleX - 30))}</text>`);
    cell(2, String(r.score), 'b');
    if (r.delta) cell(3, r.delta > 0 ? `+${r.delta}` : String(r.delta), r.alive ? (r.delta > 0 ? 'up' : 'dn') : '');
    else cell(3, '0', 'g');
    cell(4, r.alive ? `${r.income.net}${r.income.halved ? ' ½' : ''}${r.income.tributePaid ? ` (−${r.income.tributePaid})` : ''}${r.income.tributeReceived ? ` (+${r.income.tributeReceived})` : ''}` : '—');
    cell(5, String(r.territories));
    cell(6, String(r.cities));
    const extra = [r.armies.sea ? `${t.sea}${r.armies.sea}` : '', r.armies.arsenal ? `${t.ars}${r.armies.arsenal}` : ''].filter(Boolean).join(' ');
    cell(7, `${r.armies.total}${extra ? ` (${extra})` : ''}`);
    const dip: string[] = [];
    if (r.wars.length) dip.push(`${t.war}:${r.wars.map((w) => `${nm(w.enemy)}${w.attacker ? `(${t.atk})` : ''}${w.active ? '' : t.decl}`).join(' ')}`);
    if (r.allies.length) dip.push(`${t.ally}:${r.allies.map(nm).join(' ')}`);
    if (r.pacts.length) dip.push(`${t.pact}:${r.pacts.map(nm).join(' ')}`);
    cell(8, dip.join('  '), 's');
    const pup: string[] = [];
    if (r.overlord) pup.push(`${t.puppetOf}${nm(r.overlord)}`);
    if (r.puppets.length) pup.push(`${t.puppets}${r.puppets.map(nm).join(' ')}`);
    cell(9, pup.join(' '), 's');
    cell(10, r.halfIncomeLeft ? t.half(r.halfIncomeLeft) : !r.alive ? (r.bankrupt ? t.bankrupt : t.out) : '', 's');
    const cs = state.countries[r.id];
    const tech = r.techDone.map((k) => (TECH_NAMES[k] ? TECH_NAMES[k]![lang] : k));
    for (const [k, v] of Object.entries(cs?.tech ?? {})) {
      const cost = (state.settings as Record<string, unknown> | undefined)?.[`${k}Cost`];
      if (v > 0 && !r.techDone.includes(k as never)) tech.push(`${TECH_NAMES[k]?.[lang] ?? k}${v}${typeof cost === 'number' ? `/${cost}` : ''}`);
    }
    cell(11, tech.join(' '), 's');
  });
  p.push(`<text class="n" x="12" y="${H - 11}">${esc(clip(t.note, 11.5, W - 24))}</text>`);
  p.push('</svg>');
  return { svg: p.join(''), width: W, height: H, rows };
}

/** The score table as PNG. */
export async function renderScoreTablePng(map: GameMap, state: GameState, opts: ScoreTableOptions = {}): Promise<Buffer> {
  ensureFonts();
  return svgToPng(renderScoreTableSvg(map, state, opts).svg);
}
