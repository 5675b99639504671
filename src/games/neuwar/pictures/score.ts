/**
 * The score table posted after each resolution: rank, score and its change, income (R2.2), holdings,
 * armies, diplomacy, puppet status, mobilization (R9) and tech (R8.3). Data first (`scoreRows`, tested on
 * its own), then a plain SVG table.
 */
import { isLandKind, type GameMap } from '../../europe/map/index.ts';
import { defaultSettings, incomeTable, tributeOf, TECH_NAMES as ENGINE_TECH_NAMES } from '../engine/index.ts';
import type { GameState, LandState, SeaState } from '../../europe/paint/index.ts';
import { ensureFonts, FONT_STACK } from '../../../platform/render/fonts.ts';
import { svgToPng } from '../../../platform/render/png.ts';
import { esc, r1 as f, textWidth } from '../../../platform/render/text.ts';
import { computerMark, FAIL, INK, landFill, type Lang } from '../../europe/paint/index.ts';

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
  /**
   * The whole change since the opening of the last resolved turn (`changeSince`), when the last table was
   * posted: resolution, purchases, trades, judge's settings and all. Null when that score is not on record.
   */
  delta: number | null;
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
 * What the change column counts from: the scores at the opening of the last resolved turn, the state the
 * previous table showed (a table is posted as each turn opens). Turn 1 opens with the start score; before
 * any resolution the open turn is the one counted. `scores` is null when the history lacks that turn.
 */
export function changeSince(state: GameState): { turn: number; scores: Record<string, number> | null } {
  const hist = state.scoreHistory ?? [];
  const turn = Math.max(1, hist.length ? hist[hist.length - 1]!.turn : state.turn);
  if (turn === 1) return { turn, scores: Object.fromEntries(Object.keys(state.countries).map((c) => [c, state.settings?.startScore ?? defaultSettings().startScore])) };
  return { turn, scores: hist.find((h) => h.turn === turn - 1)?.scores ?? null };
}

/**
 * One row per country in the game, in score order (ties by id, so the table is stable); eliminated
 * countries last. Countries never taken by a player (neutral from the start) are left out.
 */
export function scoreRows(map: GameMap, state: GameState, lang: Lang = 'zh'): ScoreRow[] {
  const base = changeSince(state).scores;
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
      rank: null, id, name: nm(id) + computerMark(state, id, lang), color: map.country.get(id)?.color ?? '#888888', score: cs.score, delta: base?.[id] !== undefined ? cs.score - base[id]! : null,
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

export interface ScoreTableOptions {
  lang?: Lang;
  /** The picture's width; without it the columns take what their content needs, up to MAX_WIDTH. */
  width?: number;
}

/** Beyond this the long cells wrap rather than widen the picture further: chat clients scale wide pictures down. */
const MAX_WIDTH = 1600;
const SIDE = 12;
/** Room around a cell's text: 4 px before left-aligned text, 8 after right-aligned, and air between columns. */
const PAD = 20;
const ROW_H = 32;
const LINE_H = 16;
const RIGHT = new Set([2, 3, 4, 5, 6, 7]);
const SMALL = new Set([8, 9, 10, 11]);
/** War and alliance, overlord and puppets, tech: the cells that grow with the game, so they wrap. */
const WRAP = [8, 11, 9];
const WRAP_MIN = 100;

const L = {
  zh: {
    title: (m: string, n: number) => `${m} · 第 ${n} 回合 · 分数`, cols: ['名次', '国家', '分数', '', '收入', '领土', '城市', '军队', '战争 / 同盟', '宗主 / 傀儡', '动员', '科技'],
    since: (n: number) => (n <= 1 ? '较开局' : `较第${n}回合初`),
    note: (since: string, n: number, tribute: number) => `${since} = 与${n <= 1 ? '开局' : `第${n}回合开始`}时相比的全部分数变化（含结算、购买、交易等）。收入 = 领土 + 城市 + 工业，即下次结算实付数（动员期间已减半）；傀儡上缴 ${tribute}%。军队 = 陆 + 海 + 兵工厂。攻 = 本国进攻的战争，守 = 本国防守的战争，(宣) = 下回合生效。`,
    atk: '攻', def: '守', ally: '盟', pact: '约', decl: '(宣)', puppetOf: '傀儡←', puppets: '宗主→', half: (n: number) => `减半${n}次`, halved: '已减半', out: '出局', bankrupt: '破产', noCap: '失都', sea: '海', ars: '库',
  },
  en: {
    title: (m: string, n: number) => `${m} · Turn ${n} · Scores`, cols: ['#', 'Country', 'Score', '', 'Income', 'Terr', 'Cities', 'Armies', 'Wars / allies', 'Overlord / puppets', 'Mobil.', 'Tech'],
    since: (n: number) => (n <= 1 ? 'Δ since start' : `Δ since T${n}`),
    note: (since: string, n: number, tribute: number) => `${since} = every score change since ${n <= 1 ? 'the start' : `turn ${n} opened`} (resolution, purchases, trades…). Income = territories + cities + industry, as the next resolution pays it (already halved while mobilized); puppets pay ${tribute}%. Armies = land + sea + arsenal. atk = wars it attacks in, def = wars it defends, (decl) = active next turn.`,
    atk: 'atk', def: 'def', ally: 'Ally', pact: 'Pact', decl: '(decl)', puppetOf: 'puppet of ', puppets: 'owns ', half: (n: number) => `½ ×${n}`, halved: 'halved', out: 'out', bankrupt: 'bankrupt', noCap: 'no capital', sea: 'sea', ars: 'ars',
  },
};

/** `aside`: small grey words after a right-aligned number (the number column stays aligned). */
interface Cell { text: string; cls: string; aside?: string }

const sizeOf = (col: number) => (SMALL.has(col) ? 12 : 14);
const boldCls = (cls: string) => /\b(b|up|dn)\b/.test(cls);

const ASIDE_GAP = 4;
/** Width of the widest aside in a column (0: none). */
function asideWidth(cells: Cell[][], col: number): number {
  let w = 0;
  for (const row of cells) if (row[col]!.aside) w = Math.max(w, textWidth(row[col]!.aside!, 12));
  return w;
}

/**
 * Greedy line breaking: between groups (two spaces: 攻:… 盟:… 约:…) first, then at spaces, and a word too long
 * for a line between characters.
 */
function wrap(s: string, size: number, max: number): string[] {
  if (!s || textWidth(s, size) <= max) return [s];
  const groups = s.split('  ');
  if (groups.length > 1) {
    const out: string[] = [];
    for (const g of groups) {
      const last = out.length ? `${out[out.length - 1]}  ${g}` : '';
      if (last && textWidth(last, size) <= max) out[out.length - 1] = last;
      else out.push(...wrapWords(g, size, max));
    }
    return out;
  }
  return wrapWords(s, size, max);
}

function wrapWords(s: string, size: number, max: number): string[] {
  if (textWidth(s, size) <= max) return [s];
  const lines: string[] = [];
  let line = '';
  for (const [, sep, word] of s.matchAll(/(\s*)(\S+)/g)) {
    const joined = line ? line + sep! + word! : word!;
    if (textWidth(joined, size) <= max) { line = joined; continue; }
    if (line) lines.push(line);
    line = '';
    for (const ch of word!) {
      if (line && textWidth(line + ch, size) > max) { lines.push(line); line = ''; }
      line += ch;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The text of each cell of each row, as drawn (column 1 is the name beside the colour swatch). */
function tableCells(map: GameMap, state: GameState, rows: ScoreRow[], lang: Lang): Cell[][] {
  const t = L[lang];
  const nm = (id: string) => { const c = map.country.get(id); return c ? (lang === 'en' ? c.name.en : c.name.zh) : id; };
  return rows.map((r) => {
    const g = r.alive ? '' : ' g';
    const cells: Cell[] = [];
    cells.push({ text: r.rank !== null ? String(r.rank) : '—', cls: 'b' });
    cells.push({ text: r.name + (r.alive && !r.hasCapital && map.capitalOf.has(r.id) ? ` (${t.noCap})` : ''), cls: 'b' });
    cells.push({ text: String(r.score), cls: 'b' });
    cells.push(r.delta === null ? { text: '—', cls: 'g' } : r.delta === 0 ? { text: '0', cls: 'g' }
      : { text: r.delta > 0 ? `+${r.delta}` : String(r.delta), cls: r.alive ? (r.delta > 0 ? 'up' : 'dn') : '' });
    // The amount the next resolution pays (R9 halving already applied); beside it, why it is what it is.
    const aside = [r.income.halved ? t.halved : '', r.income.tributePaid ? `(−${r.income.tributePaid})` : '', r.income.tributeReceived ? `(+${r.income.tributeReceived})` : ''].filter(Boolean).join(' ');
    cells.push({ text: r.alive ? String(r.income.net) : '—', cls: '', ...(r.alive && aside ? { aside } : {}) });
    cells.push({ text: String(r.territories), cls: '' });
    cells.push({ text: String(r.cities), cls: '' });
    const extra = [r.armies.sea ? `${t.sea}${r.armies.sea}` : '', r.armies.arsenal ? `${t.ars}${r.armies.arsenal}` : ''].filter(Boolean).join(' ');
    cells.push({ text: `${r.armies.total}${extra ? ` (${extra})` : ''}`, cls: '' });
    const dip: string[] = [];
    const wars = (attacker: boolean) => r.wars.filter((w) => w.attacker === attacker).map((w) => `${nm(w.enemy)}${w.active ? '' : t.decl}`).join(' ');
    if (r.wars.some((w) => w.attacker)) dip.push(`${t.atk}:${wars(true)}`);
    if (r.wars.some((w) => !w.attacker)) dip.push(`${t.def}:${wars(false)}`);
    if (r.allies.length) dip.push(`${t.ally}:${r.allies.map(nm).join(' ')}`);
    if (r.pacts.length) dip.push(`${t.pact}:${r.pacts.map(nm).join(' ')}`);
    cells.push({ text: dip.join('  '), cls: 's' });
    const pup: string[] = [];
    if (r.overlord) pup.push(`${t.puppetOf}${nm(r.overlord)}`);
    if (r.puppets.length) pup.push(`${t.puppets}${r.puppets.map(nm).join(' ')}`);
    cells.push({ text: pup.join(' '), cls: 's' });
    cells.push({ text: r.halfIncomeLeft ? t.half(r.halfIncomeLeft) : !r.alive ? (r.bankrupt ? t.bankrupt : t.out) : '', cls: 's' });
    const tech = r.techDone.map((k) => (TECH_NAMES[k] ? TECH_NAMES[k]![lang] : k));
    for (const [k, v] of Object.entries(state.countries[r.id]?.tech ?? {})) {
      const cost = (state.settings as Record<string, unknown> | undefined)?.[`${k}Cost`];
      if (v > 0 && !r.techDone.includes(k as never)) tech.push(`${TECH_NAMES[k]?.[lang] ?? k}${v}${typeof cost === 'number' ? `/${cost}` : ''}`);
    }
    cells.push({ text: tech.join(' '), cls: 's' });
    return cells.map((c) => ({ ...c, cls: c.cls + g }));
  });
}

/**
 * Column widths: each as wide as its header or its widest cell, so nothing is cut and an empty column takes
 * only its header's room. Over `target` the wrapping columns give way, widest first, down to WRAP_MIN;
 * under it every column widens in proportion.
 */
function layoutColumns(heads: string[], cells: Cell[][], target: number | null, minWidth: number): number[] {
  const need = heads.map((h, i) => {
    let w = 0;
    for (const row of cells) {
      const c = row[i]!;
      w = Math.max(w, textWidth(c.text, sizeOf(i), boldCls(c.cls)) + (i === 1 ? 24 : 0));
    }
    const aside = asideWidth(cells, i);
    return Math.ceil(Math.max(textWidth(h, 13, true), w + (aside ? aside + ASIDE_GAP : 0)) + PAD);
  });
  const sum = (ws: number[]) => ws.reduce((a, b) => a + b, 0) + 2 * SIDE;
  const goal = target ?? Math.max(minWidth, Math.min(MAX_WIDTH, sum(need)));
  if (sum(need) <= goal) {
    const k = (goal - 2 * SIDE) / (sum(need) - 2 * SIDE);
    return need.map((w) => w * k);
  }
  const min = (i: number) => Math.min(need[i]!, Math.max(WRAP_MIN, Math.ceil(textWidth(heads[i]!, 13, true) + PAD)));
  const capped = (cap: number) => need.map((w, i) => (WRAP.includes(i) ? Math.max(min(i), Math.min(w, cap)) : w));
  let lo = 0, hi = Math.max(...need);
  for (let k = 0; k < 30; k++) {
    const mid = (lo + hi) / 2;
    if (sum(capped(mid)) <= goal) lo = mid; else hi = mid;
  }
  return capped(Math.floor(lo));
}

/** The score table as SVG (width × a height that fits the rows), with each column's x and width. */
export function renderScoreTableSvg(map: GameMap, state: GameState, opts: ScoreTableOptions = {}): { svg: string; width: number; height: number; rows: ScoreRow[]; columns: { x: number; width: number }[] } {
  const lang: Lang = opts.lang ?? ((state.settings?.language as Lang | undefined) ?? 'zh');
  const t = L[lang];
  const rows = scoreRows(map, state, lang);
  const since = changeSince(state).turn;
  const heads = t.cols.map((c, i) => (i === 3 ? t.since(since) : c));
  const title = t.title(lang === 'en' ? map.file.name.en : map.file.name.zh, state.turn);
  const cells = tableCells(map, state, rows, lang);
  const widths = layoutColumns(heads, cells, opts.width ?? null, Math.ceil(textWidth(title, 19, true)) + 2 * SIDE);
  const W = Math.ceil(Math.max(opts.width ?? 0, widths.reduce((a, b) => a + b, 0) + 2 * SIDE));
  const xs: number[] = [];
  let x = SIDE;
  for (const w of widths) { xs.push(x); x += w; }
  const lines = cells.map((row) => row.map((c, i) => (WRAP.includes(i) ? wrap(c.text, sizeOf(i), widths[i]! - PAD) : [c.text])));
  const heights = lines.map((row) => ROW_H + (Math.max(...row.map((l) => l.length)) - 1) * LINE_H);
  const tribute = Math.round((state.settings?.tribute ?? defaultSettings().tribute) * 100);
  const note = wrap(t.note(heads[3]!, since, tribute), 11.5, W - 2 * SIDE);
  const titleH = 44, headH = 30, noteH = 30 + (note.length - 1) * 15;
  const bodyH = heights.reduce((a, b) => a + b, 0);
  const H = titleH + headH + bodyH + noteH;
  const p: string[] = [];
  p.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`);
  p.push(`<style>text{font-family:${FONT_STACK};font-size:14px;fill:${INK}}.h{font-size:13px;font-weight:bold;fill:#fff}.t{font-size:19px;font-weight:bold;fill:#fff}.b{font-weight:bold}.g{fill:#999}.s{font-size:12px}.r{text-anchor:end}.up{fill:#1e8449;font-weight:bold}.dn{fill:${FAIL};font-weight:bold}.n{font-size:11.5px;fill:#555}.a{fill:#777}</style>`);
  p.push(`<rect width="${W}" height="${H}" fill="#fbfaf6"/><rect width="${W}" height="${titleH}" fill="#2c3e50"/>`);
  p.push(`<text class="t" x="${SIDE}" y="29">${esc(title)}</text>`);
  p.push(`<rect y="${titleH}" width="${W}" height="${headH}" fill="#4a5d70"/>`);
  const at = (col: number) => (RIGHT.has(col) ? xs[col]! + widths[col]! - 8 : xs[col]! + 4);
  const asides = heads.map((_, i) => asideWidth(cells, i));
  // A right-aligned header ends where its numbers end, not over the asides.
  const numAt = (col: number) => at(col) - (asides[col] ? Math.max(0, Math.min(asides[col]! + ASIDE_GAP, widths[col]! - PAD - textWidth(heads[col]!, 13, true))) : 0);
  heads.forEach((c, i) => p.push(`<text class="h${RIGHT.has(i) ? ' r' : ''}" x="${f(numAt(i))}" y="${titleH + 20}">${esc(c)}</text>`));
  let y = titleH + headH;
  rows.forEach((r, i) => {
    const h = heights[i]!;
    const mid = y + h / 2 + 5;
    p.push(`<rect y="${y}" width="${W}" height="${h}" fill="${!r.alive ? '#eeeeee' : i % 2 ? '#f3efe6' : '#fbfaf6'}"/>`);
    p.push(`<rect x="${f(xs[1]! + 4)}" y="${f(y + h / 2 - 8)}" width="16" height="16" rx="3" fill="${r.alive ? landFill(r.color) : '#cccccc'}" stroke="#444" stroke-width=".8"/>`);
    cells[i]!.forEach((c, col) => {
      const ls = lines[i]![col]!;
      if (!c.text) return;
      const cls = (c.cls + (RIGHT.has(col) ? ' r' : '')).trim();
      const cx = col === 1 ? xs[1]! + 26 : at(col) - (asides[col] ? asides[col]! + ASIDE_GAP : 0);
      ls.forEach((l, k) => p.push(`<text class="${cls}" x="${f(cx)}" y="${f(mid + (k - (ls.length - 1) / 2) * LINE_H)}">${esc(l)}</text>`));
      if (c.aside) p.push(`<text class="s a" x="${f(cx + ASIDE_GAP)}" y="${f(mid)}">${esc(c.aside)}</text>`);
    });
    y += h;
  });
  note.forEach((l, k) => p.push(`<text class="n" x="${SIDE}" y="${H - 11 - (note.length - 1 - k) * 15}">${esc(l)}</text>`));
  p.push('</svg>');
  return { svg: p.join(''), width: W, height: H, rows, columns: xs.map((x0, i) => ({ x: x0, width: widths[i]! })) };
}

/** The score table as PNG. */
export async function renderScoreTablePng(map: GameMap, state: GameState, opts: ScoreTableOptions = {}): Promise<Buffer> {
  ensureFonts();
  return svgToPng(renderScoreTableSvg(map, state, opts).svg);
}
