/**
 * Europe Duel's map picture and when it is posted (duel.md D10.3, D11 B8). The picture is New European War's
 * painter (europe/paint: the shaped map, its layered static cache, the platform's CJK fonts), given a view of the
 * duel board in its input's shape with a look of the duel's own (paint/types.ts MapLook): the sides' colours
 * (D10.5, A red, B blue) and neutral grey, thick borders where the owner changes (neutral land keeps the map's
 * country borders, D1.1), the army count on every territory and sea stack, ★ on both capitals and 1–3 value
 * pips elsewhere (D1.2), the last resolution's attacks, head-on clashes and captures.
 *
 * Three parts:
 *  - duelPicture: what a picture needs of a game (plain JSON, built on the main thread and posted to the platform's
 *    render worker); duelPaintState: that as the painter's input;
 *  - the painter module of the render worker (`prepare`, `paint`: src/platform/render/worker.ts) and the renderer
 *    DuelRules.draw is given (duelRenderer: in the worker, this thread as the fallback);
 *  - the turn post: the resolution's summary text (D10.3 step 3, ≤ 2,000 characters, folded) and when the map
 *    goes with it (mapDue).
 * Only light modules are imported at the top: this file is what the worker loads, and the painter (sharp) is
 * loaded lazily, so a broken renderer costs pictures, never command handling.
 */
import { buildMap, type GameMap } from '../europe/map/index.ts';
import type { GameEvent, LandState, LegendRow, MapLook, PaintState, SeaState } from '../europe/paint/index.ts';
import type { Lang } from '../../platform/session/index.ts';
import { duelGraph, type DuelGraph } from './board.ts';
import type { DuelState } from './engine.ts';
import type { Outcome } from './end.ts';
import type { DuelEvent, Side } from './resolve.ts';

const SIDES = ['A', 'B'] as const;
const T = (lg: Lang, zh: string, en: string) => (lg === 'en' ? en : zh);
const SIDE_NAME: Record<Side, [string, string]> = { A: ['红方', 'Red'], B: ['蓝方', 'Blue'] };
const sideName = (x: Side, lg: Lang) => SIDE_NAME[x][lg === 'en' ? 1 : 0];

/** Neutral land (D10.5 "neutral grey"): a light grey, so both sides' colours and the dark counts stand out on it. */
export const NEUTRAL_FILL = '#c8c8c8';

/** The events a picture draws (attacks, clashes, captures; the moves that made the attacks). */
const DRAWN = new Set<DuelEvent['type']>(['move', 'battle', 'headOn', 'capture']);

/** What a duel's map picture needs: plain JSON (posted to the render worker), built from the game on the main thread. */
export interface DuelPicture {
  /** The open turn (the turn the game ended in, once ended). */
  turn: number;
  turnLimit: number;
  status: 'running' | 'ended';
  /** D10.5: the sides' colours (page.ts SIDE_COLOR). */
  colors: Record<Side, string>;
  capitals: Record<Side, string>;
  owner: Record<string, Side | null>;
  armies: Record<string, number>;
  stacks: Record<string, { A: number; B: number }>;
  /** The last resolution's moves, battles, head-on clashes and captures. */
  lastEvents: DuelEvent[];
  outcome: Outcome | null;
  scores: Record<Side, number>;
}

/** D7.2: a side's score, the values of its land territories. */
function sideScores(g: DuelGraph, owner: Record<string, Side | null>): Record<Side, number> {
  const sc = { A: 0, B: 0 };
  for (const t of g.land) { const o = owner[t]; if (o) sc[o] += g.value.get(t) ?? 0; }
  return sc;
}

/** The picture of a game as it stands (a copy: later entries do not change it). */
export function duelPicture(g: DuelGraph, s: DuelState, colors: Record<Side, string>): DuelPicture {
  return {
    turn: s.status === 'ended' ? s.endTurn ?? s.turn : s.turn,
    turnLimit: s.settings.turnLimit,
    status: s.status,
    colors: { ...colors },
    capitals: { ...s.capitals },
    owner: { ...s.owner },
    armies: { ...s.armies },
    stacks: Object.fromEntries(Object.entries(s.stacks).map(([k, v]) => [k, { A: v.A, B: v.B }])),
    lastEvents: s.lastEvents.filter((e) => DRAWN.has(e.type)),
    outcome: s.outcome ? { winner: [...s.outcome.winner], how: s.outcome.how } : null,
    scores: sideScores(g, s.owner),
  };
}

const HOW: Record<Outcome['how'], [string, string]> = {
  capital: ['攻占首都', 'capital taken'],
  technical: ['对方连续未行动', 'the other side idled out'],
  abandoned: ['双方都未行动', 'both sides idled out'],
  score: ['回合上限，按分数', 'turn limit, on the scores'],
  resign: ['认输', 'resignation'],
  judge: ['裁判结束', 'ended by the judge'],
};
/** How a duel ended, in words. */
export const howText = (how: Outcome['how'], lg: Lang): string => HOW[how][lg === 'en' ? 1 : 0];

/**
 * The last resolution's events in the painter's (New European War's) shape: each attack (D10.8 `battle`) with the
 * sources of the moves that made it (an arrow from each, the count on a single one), head-on clashes, captures
 * (the glow). Moves into own territory, the helper's shuffling behind the front, are not drawn: on a 250-territory
 * board they are most of a turn's moves and would bury the attacks.
 */
function paintEvents(evs: readonly DuelEvent[]): GameEvent[] {
  const sources = new Map<string, string[]>();
  for (const e of evs) {
    if (e.type !== 'move' || e.n <= 0) continue;
    const k = `${e.side}|${e.to}`;
    const l = sources.get(k);
    if (!l) sources.set(k, [e.from]); else if (!l.includes(e.from)) l.push(e.from);
  }
  const out: GameEvent[] = [];
  for (const e of evs) {
    if (e.type === 'battle') {
      const from = sources.get(`${e.attacker}|${e.territory}`) ?? [];
      if (from.length) out.push({ type: 'battle', territory: e.territory, attacker: e.attacker, defender: e.defender, attackers: e.attackers, defenders: e.defenders, won: e.won, left: e.left, from });
    } else if (e.type === 'headOn') {
      out.push({ type: 'headOn', a: { country: e.a.side, from: e.a.from, n: e.a.n }, b: { country: e.b.side, from: e.b.from, n: e.b.n }, survivor: e.survivor, left: e.left });
    } else if (e.type === 'capture') {
      out.push({ type: 'capture', territory: e.territory, from: e.from, to: e.to, armies: e.armies });
    }
  }
  return out;
}

/** The duel board as the painter's input, with the duel's look. `g` is the duel graph of `map`. */
export function duelPaintState(map: GameMap, g: DuelGraph, p: DuelPicture, lg: Lang): PaintState {
  const territories: Record<string, LandState | SeaState> = {};
  const terr = { A: 0, B: 0 }, armies = { A: 0, B: 0 };
  let neutralT = 0, neutralA = 0;
  for (const t of g.land) {
    const o = p.owner[t] ?? null, n = p.armies[t] ?? 0;
    territories[t] = { owner: o, armies: n };
    if (o) { terr[o]++; armies[o] += n; } else { neutralT++; neutralA += n; }
  }
  for (const z of g.sea) {
    const st = p.stacks[z];
    const stacks: Record<string, number> = {};
    for (const x of SIDES) if (st && st[x] > 0) { stacks[x] = st[x]; armies[x] += st[x]; }
    territories[z] = { stacks };
  }
  const cap = new Set<string>([p.capitals.A, p.capitals.B]);
  const fill = (id: string) => { const o = p.owner[id]; return o ? p.colors[o] : NEUTRAL_FILL; };
  const tr = lg === 'en'
    ? { terr: ' terr', army: ' armies', pts: (n: number) => `${n} pts`, neutral: 'Neutral' }
    : { terr: '地', army: '军', pts: (n: number) => `${n}分`, neutral: '中立' };
  const rows: LegendRow[] = SIDES.map((x) => ({
    color: p.colors[x], label: `${sideName(x, lg)} · ${tr.pts(p.scores[x])}`, right: `${terr[x]}${tr.terr} ${armies[x]}${tr.army}`,
  }));
  rows.push({ color: NEUTRAL_FILL, label: tr.neutral, right: `${neutralT}${tr.terr} ${neutralA}${tr.army}` });
  const title = T(lg, `欧陆对决 · 第 ${p.turn}/${p.turnLimit} 回合`, `Europe Duel · turn ${p.turn}/${p.turnLimit}`);
  const score = `${sideName('A', lg)} ${p.scores.A} · ${sideName('B', lg)} ${p.scores.B}`;
  const o = p.outcome;
  const result = o && (o.winner.length ? T(lg, `胜者：${sideName(o.winner[0]!, lg)}`, `winner: ${sideName(o.winner[0]!, lg)}`) : T(lg, '平局', 'a draw'));
  const right = o ? `${T(lg, '已结束', 'ended')} · ${result}${T(lg, `（${howText(o.how, lg)}）`, ` (${howText(o.how, lg)})`)} · ${score}` : score;
  const look: MapLook = {
    colors: { ...p.colors },
    fill,
    // D1.1: neutral land keeps the map's country borders; an owner's land is one block whose edge is the front.
    ownerKey: (id) => p.owner[id] ?? `n:${map.territory.get(id)?.owner ?? id}`,
    marker: (id) => (cap.has(id) ? 'capital' : `v${g.value.get(id) ?? 1}`),
    contrastNames: true,
    // The duel's 【地图】 and /map have no region: a label left out is listed in the legend, not sent to a zoom.
    zooms: false,
    arsenals: false,
    legend: { rows, keys: ['capital', 'value', 'attack', 'failed', 'capture'] },
    header: { title, right },
  };
  return {
    turn: p.turn, status: p.status, winner: o ? o.winner : null, territories, countries: {},
    settings: { language: lg }, lastEvents: paintEvents(p.lastEvents), look,
  };
}

/** Picture options: a region zoom (the painter's regions) and the language. */
export interface DuelMapOpts { region?: string; lang?: Lang }

/** The map PNG in this thread (the painter loaded on first use). */
export async function renderDuelMapPng(map: GameMap, p: DuelPicture, opts: DuelMapOpts = {}): Promise<Buffer> {
  const { renderMapPng } = await import('../europe/paint/index.ts');
  const lg = opts.lang ?? 'zh';
  return renderMapPng(map, duelPaintState(map, duelGraph(map), p, lg), { lang: lg, ...(opts.region ? { region: opts.region } : {}) });
}

// ── the render worker's painter module (src/platform/render/worker.ts's Painter) ──

/** The worker builds the map once per map file sent. */
export function prepare(mapFile: unknown, key: string): GameMap {
  return buildMap(mapFile, key);
}

export async function paint(kind: string, map: GameMap, p: DuelPicture, opts: DuelMapOpts): Promise<Uint8Array> {
  if (kind !== 'map') throw new Error(`the duel has no picture "${kind}"`);
  return renderDuelMapPng(map, p, opts);
}

// ── the renderer DuelRules.draw is given ──

/** What DuelRules.draw needs of a renderer: injectable, so tests use their own and a missing one only loses pictures. */
export interface DuelRenderer {
  mapPng(map: GameMap, p: DuelPicture, opts: DuelMapOpts): Promise<Buffer>;
}

export function inProcessDuelRenderer(): DuelRenderer {
  return { mapPng: renderDuelMapPng };
}

/**
 * The renderer of a real process: the platform's render worker with this file as its painter, so a render never
 * holds up command handling; if the worker fails, this thread draws. RENDER_WORKER=0 draws in this thread only.
 */
export function duelRenderer(): DuelRenderer {
  const local = inProcessDuelRenderer();
  if (process.env.RENDER_WORKER === '0') return local;
  let worker: Promise<import('../../platform/render/pool.ts').RenderWorker> | null = null;
  const get = () => (worker ??= import('../../platform/render/pool.ts').then((m) => new m.RenderWorker(new URL('./draw.ts', import.meta.url))));
  return {
    async mapPng(map, p, opts) {
      try {
        return await (await get()).render('map', map, map.id, () => map.file, p, opts);
      } catch {
        return local.mapPng(map, p, opts);
      }
    },
  };
}

// ── the turn post (D10.3 step 3) ──

/** D10.3: the longest turn post (Discord's message limit). */
export const SUMMARY_LIMIT = 2000;

/** D10.3: an attack on a capital in the last resolution (a battle at either capital by the other side). */
export function capitalAttacked(s: Pick<DuelState, 'capitals' | 'lastEvents'>): boolean {
  return s.lastEvents.some((e) => e.type === 'battle' && SIDES.some((x) => s.capitals[x] === e.territory && e.attacker !== x));
}

/**
 * D10.3 step 3: whether the turn post of resolutions `turns` carries the map — every `mapEvery` turns (turn 5, 10 …
 * at the default), on a turn a capital was attacked — while the game goes on; the end's map comes with the end
 * (DuelRules.ended), so the last resolution's post does not carry a second one.
 */
export function mapDue(s: Pick<DuelState, 'status' | 'capitals' | 'lastEvents' | 'settings'>, turns: readonly number[]): boolean {
  if (!turns.length || s.status === 'ended') return false;
  const every = Math.max(1, s.settings.mapEvery);
  return turns.some((t) => t % every === 0) || capitalAttacked(s);
}

/** A list of the summary: a lead ("红方占领 12 处："), its items, and how a fold names the rest. */
interface Section { lead: string; items: string[]; unit: [string, string] }

/**
 * The text of a resolution (D10.3 step 3): captures with their armies, attacks on a capital, landings, repelled
 * routes, scores with the turn's change. At most `limit` characters: when it would be longer, the longest lists
 * give up their last items (the least valuable captures go first), folded as "…及其他 12 处".
 */
export function resolutionSummary(map: GameMap, g: DuelGraph, s: DuelState, turn: number, lg: Lang, limit = SUMMARY_LIMIT): string {
  const n = (id: string) => map.territory.get(id)?.name[lg] ?? id;
  const sep = T(lg, '、', ', ');
  const ev = s.lastEvents;
  const head = T(lg, `═ 第${turn}回合结算 ═`, `═ Turn ${turn} resolved ═`);
  const fixed: string[] = [];
  // Attacks on a capital, first: they decide games.
  for (const e of ev) {
    if (e.type !== 'battle') continue;
    const owner = SIDES.find((x) => s.capitals[x] === e.territory && e.attacker !== x);
    if (!owner) continue;
    const at = `${sideName(owner, lg)}${T(lg, '首都', "'s capital")} ★${n(e.territory)}`;
    fixed.push(e.won
      ? T(lg, `⚠️ ${sideName(e.attacker, lg)}攻占了${at}！（${e.attackers} 对 ${e.defenders}）`, `⚠️ ${sideName(e.attacker, lg)} took ${at}! (${e.attackers} vs ${e.defenders})`)
      : T(lg, `⚠️ ${sideName(e.attacker, lg)}进攻${at}：${e.attackers} 对 ${e.defenders}，被击退（剩 ${e.left}）`, `⚠️ ${sideName(e.attacker, lg)} attacked ${at}: ${e.attackers} vs ${e.defenders}, repelled (${e.left} left)`));
  }
  const sections: Section[] = [];
  const value = (id: string) => g.value.get(id) ?? 0;
  const delta = { A: 0, B: 0 };
  for (const x of SIDES) {
    const caps = ev.filter((e): e is Extract<DuelEvent, { type: 'capture' }> => e.type === 'capture' && e.to === x)
      .sort((a, b) => value(b.territory) - value(a.territory) || b.armies - a.armies || (a.territory < b.territory ? -1 : 1));
    for (const c of caps) { delta[x] += value(c.territory); if (c.from) delta[c.from] -= value(c.territory); }
    if (!caps.length) continue;
    sections.push({
      lead: T(lg, `${sideName(x, lg)}占领 ${caps.length} 处：`, `${sideName(x, lg)} captured ${caps.length}: `),
      items: caps.map((c) => `${n(c.territory)} ${c.armies}${c.from ? T(lg, `（夺自${sideName(c.from, lg)}）`, ` (from ${sideName(c.from, lg)})`) : ''}`),
      unit: ['处', ''],
    });
  }
  // Landings: armies from a sea zone into land (an attack, or reinforcing an own territory).
  const landings = new Map<string, { side: Side; to: string; n: number }>();
  for (const e of ev) {
    if (e.type !== 'move' || e.n <= 0 || g.kind.get(e.from) !== 'sea' || g.kind.get(e.to) !== 'land') continue;
    const k = `${e.side}|${e.to}`;
    const l = landings.get(k);
    if (l) l.n += e.n; else landings.set(k, { side: e.side, to: e.to, n: e.n });
  }
  if (landings.size) {
    const how = (l: { side: Side; to: string }) => {
      if (ev.some((e) => e.type === 'capture' && e.territory === l.to && e.to === l.side)) return T(lg, '占领', 'captured');
      if (ev.some((e) => (e.type === 'battle' && e.territory === l.to && e.attacker === l.side) || (e.type === 'melee' && e.territory === l.to && e.survivor !== l.side))) return T(lg, '被击退', 'repelled');
      return T(lg, '增援', 'reinforced');
    };
    sections.push({
      lead: T(lg, '登陆：', 'Landings: '),
      items: [...landings.values()].map((l) => T(lg, `${sideName(l.side, lg)} → ${n(l.to)} ${l.n}（${how(l)}）`, `${sideName(l.side, lg)} → ${n(l.to)} ${l.n} (${how(l)})`)),
      unit: ['处', ''],
    });
  }
  const repelled = ev.filter((e): e is Extract<DuelEvent, { type: 'routeCancelled' }> => e.type === 'routeCancelled' && e.reason === 'repelled');
  if (repelled.length) {
    sections.push({
      lead: T(lg, '路线被击退：', 'Routes repelled: '),
      items: repelled.map((r) => T(lg, `${sideName(r.side, lg)} #${r.route}`, `${sideName(r.side, lg)} #${r.route}`)),
      unit: ['条', ''],
    });
  }
  const sc = sideScores(g, s.owner);
  const signed = (d: number) => (d > 0 ? `+${d}` : String(d));
  const scoreLine = T(lg, `分数：${SIDES.map((x) => `${sideName(x, lg)} ${sc[x]}${delta[x] ? `（${signed(delta[x])}）` : ''}`).join(' · ')}`,
    `Scores: ${SIDES.map((x) => `${sideName(x, lg)} ${sc[x]}${delta[x] ? ` (${signed(delta[x])})` : ''}`).join(' · ')}`);
  const quiet = !fixed.length && !sections.length ? [T(lg, '无人占领新领土', 'no territory changed hands')] : [];
  const fold = (sec: Section, kept: number) => {
    const rest = sec.items.length - kept;
    return rest > 0 ? T(lg, `…及其他 ${rest} ${sec.unit[0]}`, `… and ${rest} more`) : '';
  };
  const kept = sections.map((x) => x.items.length);
  const compose = () => [head, ...fixed, ...sections.map((sec, i) => {
    const items = sec.items.slice(0, kept[i]);
    const more = fold(sec, kept[i]!);
    return sec.lead + [...items, ...(more ? [more] : [])].join(sep);
  }), ...quiet, scoreLine].join('\n');
  let text = compose();
  // Fold: the longest list gives up its last item until the post fits (a few hundred items at most).
  while (text.length > limit) {
    let i = -1;
    for (let j = 0; j < kept.length; j++) if (kept[j]! > 0 && (i < 0 || kept[j]! > kept[i]!)) i = j;
    if (i < 0) return text.slice(0, limit - 1) + '…';
    kept[i] = kept[i]! - 1;
    text = compose();
  }
  return text;
}
