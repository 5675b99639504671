/**
 * Europe Duel's turn engine (duel.md D2): the game as plain data, folded from its log entries — the start
 * (seed, settings, optional explicit capitals), each side's commands (orders, cancel, ready, not ready,
 * resign) and clock ticks. A turn resolves when both sides are ready or a tick reaches the deadline, in D2.6's
 * order. Pure: no clock, I/O or randomness (the seed is drawn at the start, D1.4).
 *
 * Routes (D5) step at step 2 and are kept at step 11; the helper (D6) plays every own territory and stack with
 * no manual order and no route at step 3, and its paint follows captures (D6.8) at step 11.
 *
 * The judge (D7.6, D10.1) has entries of its own: 【结算】 forces the resolution, 【暂停】/【继续】 stop the clock and
 * move the deadline by the pause (D2.7), 【规则】 changes settings (D10.9), 【结束】 ends the game on the scores or
 * names the winner; in a rated game the first three are NOT_ALLOWED, 【规则】 is RATED_LOCKED and 【结束】 only
 * aborts. A restart's fresh deadline is an entry too (D2.7), so D1.8 holds. Every command, judge's included,
 * leaves a row in `log` (D10.8).
 */
import type { GameMap } from '../europe/map/index.ts';
import { duelGraph, graphIndex, setupBoard, DRAW_DEFAULTS, type DrawSettings, type DuelGraph, type GraphIndex } from './board.ts';
import { grow, other, resolveMoves, COMBAT_DEFAULTS, type Board, type DuelEvent, type Move, type OwnerReader, type Side } from './resolve.ts';
import { armiesOf, checkOrder, countOf, nextIdle, type BoardReader, type Order, type OrderRefusal } from './orders.ts';
import { byScore, endCheck, score, type Outcome } from './end.ts';
import { cancelRoutes, createRoute, routeBookkeeping, routeFlows, routeSteps, type CancelTarget, type Route, type RouteMove, type RouteRefusal } from './routes.ts';
import type { Count } from './orders.ts';
import { policyFor } from './agent.ts';
import { refusalText } from './parse.ts';
import { mergeSettings, SETTING_DEFAULTS } from './settings.ts';
import { checkRally, clearPaint, helperBegin, helperPlan, inheritPaint, paintTerritories, type BrushRefusal, type HelperRun, type Mode } from './helpers.ts';

export interface DuelSettings extends DrawSettings {
  turnSeconds: number;
  startArmies: number;
  garrisonMin: number;
  garrisonMax: number;
  defenseFactor: number;
  seaLoss: number;
  turnLimit: number;
  drawMargin: number;
  idleTurns: number;
  maxRoutes: number;
  /** D10.3: the map picture every N turns (presentation only). */
  mapEvery: number;
  language: 'zh' | 'en';
}

/** D10.9's defaults (settings.ts holds the table with the ranges). */
export const DUEL_DEFAULTS: DuelSettings = { ...DRAW_DEFAULTS, ...COMBAT_DEFAULTS, ...SETTING_DEFAULTS };

const SIDES = ['A', 'B'] as const;

/** The game, JSON all the way down (snapshots and the state export are its JSON). */
export interface DuelState {
  settings: DuelSettings;
  seed: number;
  capitals: Record<Side, string>;
  fair: boolean;
  /** A bot's policy id (D8), or null for a person. */
  bots: Record<Side, string | null>;
  turn: number;
  openedAt: number;
  deadlineAt: number;
  /** When turn 1 opened (D10.8's event times count from it; absent in a snapshot older than the events: 0). */
  startedAt?: number;
  status: 'running' | 'ended';
  /** D2.7: when the judge paused the clock (null: running). The turn does not resolve while paused. */
  pausedAt: number | null;
  /** D9.2: a rated game (the judge's commands are limited, D10.10). Transcripts are never rated. */
  rated: boolean;
  outcome: Outcome | null;
  /** The turn the game ended in (D10.8 `result.turn`): the resolved one, or the open one for 【认输】 and 【结束】. */
  endTurn?: number;
  owner: Record<string, Side | null>;
  armies: Record<string, number>;
  stacks: Record<string, { A: number; B: number }>;
  /** This turn's manual orders per side, by source node (secret until they act, D2.4). */
  orders: Record<Side, Record<string, Order>>;
  ready: Record<Side, boolean>;
  acted: Record<Side, boolean>;
  idle: Record<Side, number>;
  /** Each side's helper: default mode, paint per territory (D6.9) and rally point (D6.5). Secret (D2.4). */
  helper: Record<Side, { mode: Mode; paint: Record<string, Mode>; rally: string | null }>;
  /** Live routes of both sides, in id order (D5), and the next route id. */
  routes: Route[];
  nextRoute: number;
  /** What the last resolution did. */
  lastEvents: DuelEvent[];
  /** D10.8 `log`: one row per command (refused ones and queries included), in input order; bots make none (D8.1). */
  log: LogRow[];
}

/** D10.8's `log.command` kinds. A war-mode command refused with WRONG_GAME keeps its war-mode kind. */
export type LogKind = 'move' | 'stand' | 'cancel' | 'route' | 'cancelRoute' | 'helper' | 'paint' | 'rally' | 'ready' | 'unready' | 'resign' | 'query'
  | 'resolve' | 'pause' | 'resume' | 'end' | 'rule' | 'unknown' | (string & {});

/** One row of D10.8's `log`: the transcript line (live: the row's number), the open turn, who, what, and a refusal's code. */
export interface LogRow { line: number; turn: number; speaker: Side | 'judge'; command: LogKind; ok: boolean; code?: string; message?: string }

/** The judge's commands (D7.6, D10.1, D2.7, D10.9). */
export type JudgeCommand =
  | { kind: 'resolve' }
  | { kind: 'pause' }
  | { kind: 'resume' }
  | { kind: 'rule'; patch: Record<string, unknown> }
  | { kind: 'end'; winner?: Side };

export type DuelCommand =
  | { kind: 'order'; order: Order }
  | { kind: 'cancel'; from: string | 'all' }
  | { kind: 'route'; from: string; points: string[]; count: Count }
  | { kind: 'cancelRoute'; target: CancelTarget }
  | { kind: 'helper'; mode: Mode; paint?: string[] }
  | { kind: 'clearPaint'; ids: string[] | 'all' }
  | { kind: 'rally'; at: string | null }
  | { kind: 'ready' }
  | { kind: 'unready' }
  | { kind: 'resign' };

export type DuelEntry =
  | { type: 'start'; at: number; seed: number; settings?: Partial<DuelSettings>; capitals?: Record<Side, string>; bots?: Partial<Record<Side, string>>; rated?: boolean }
  | { type: 'command'; at: number; side: Side; command: DuelCommand; line?: number }
  | { type: 'judge'; at: number; command: JudgeCommand; line?: number }
  /** D2.7: after a server restart the open turn gets a fresh full deadline from `at`. */
  | { type: 'restart'; at: number }
  | { type: 'tick'; at: number };

export type DuelRefusal = OrderRefusal | RouteRefusal | BrushRefusal | 'NO_SUCH_ROUTE' | 'GAME_NOT_RUNNING' | 'NOT_ALLOWED' | 'RATED_LOCKED' | 'BAD_SYNTAX';
export type DuelAnswer = { ok: true; cancelledRoutes?: number[] } | { ok: false; code: DuelRefusal; message?: { zh: string; en: string } };

/** A resolution's helper can be replaced (tests of the turn order without the autopilot). */
export interface Planner {
  /** D2.6 step 3: the helper's orders for the side's nodes with no manual order and no route. */
  helperOrders?(g: DuelGraph, board: Board, side: Side, held: Set<string>): Order[];
}

/** The planner that turns the helper off: every territory without an order stands. */
export const NO_HELPER: Planner = { helperOrders: () => [] };

/**
 * The open turn's board (D11 B1/B3/B6): built once per turn opening and cached beside the state (not in it: the state
 * stays plain JSON) for every bot view, typed order, route and the resolution of that turn. The engine never changes
 * `owner`, `armies` or `stacks` in place — a resolution replaces all three — so the cache is valid while they are the
 * same objects; code that edits them in place (a test setting up a position) must do it before the first read of
 * the turn. The board is READ-ONLY for callers (copy it with `cloneBoard` to change it), and valid only until the turn
 * resolves: the resolution changes it in place and leaves it as the next turn's board.
 */
const boards = new WeakMap<DuelState, { owner: DuelState['owner']; armies: DuelState['armies']; stacks: DuelState['stacks']; board: Board }>();

export function toBoard(s: DuelState): Board {
  const c = boards.get(s);
  if (c && c.owner === s.owner && c.armies === s.armies && c.stacks === s.stacks) return c.board;
  const board: Board = {
    owner: new Map(Object.entries(s.owner)),
    armies: new Map(Object.entries(s.armies)),
    stacks: new Map(Object.entries(s.stacks).map(([k, v]) => [k, { ...v }])),
  };
  boards.set(s, { owner: s.owner, armies: s.armies, stacks: s.stacks, board });
  return board;
}

/**
 * The state's records read as a board, without building one: a typed order is checked against the state directly
 * (D2.2; D11 B1/B3 — armies do not change during a turn, so this is the opening board).
 */
function stateReader(s: DuelState): BoardReader {
  const own = <T>(r: Record<string, T>, id: string): T | undefined => (Object.hasOwn(r, id) ? r[id] : undefined);
  return { owner: { get: (id) => own(s.owner, id) }, armies: { get: (id) => own(s.armies, id) }, stacks: { get: (id) => own(s.stacks, id) } };
}

/**
 * A record's literal maker: `(m) => ({"id1": m.get("id1"), …})` over the record's keys in their order, so the new
 * record is a fast-mode object literal (Object.fromEntries on ~300 keys cost ~0.15 ms a resolution and most of its
 * garbage, D11 B3/B6). Kept per record object and handed on to the records it makes (the same keys, same order).
 */
interface RecordMaker { make: (m: ReadonlyMap<string, unknown>) => Record<string, unknown>; keys: number }
const makers = new WeakMap<object, RecordMaker>();
const makersByKeys = new Map<string, RecordMaker>();
const makersByGraph = new WeakMap<DuelGraph, RecordMaker>();

/** `(m) => ({"id1": m.get("id1"), …})`: the keys are JSON-quoted territory ids, the generated code one object literal. */
function literalMaker(keys: readonly string[]): RecordMaker['make'] {
  return new Function('m', `return {${keys.map((k) => `${JSON.stringify(k)}: m.get(${JSON.stringify(k)})`).join(', ')}};`) as RecordMaker['make'];
}

/**
 * The record's keys are exactly `g.land`, in order — read from the map `toBoard` built from it (the same keys in the
 * same order, recordOf's premise): walking the record's keys would list them (a state parsed from JSON, B1's case).
 */
function keysAreLand(g: DuelGraph, m: ReadonlyMap<string, unknown>): boolean {
  const land = g.land;
  if (m.size !== land.length) return false;
  let i = 0;
  for (const k of m.keys()) if (k !== land[i++]) return false;
  return true;
}

/**
 * `Object.fromEntries(m)` for a map built from `prev` by `toBoard` (the same keys in the same order: the engine only
 * sets keys the board already has), as a literal; falls back to `Object.fromEntries` when the key count differs.
 */
function recordOf<T>(g: DuelGraph, prev: Record<string, T>, m: ReadonlyMap<string, T>): Record<string, T> {
  let maker = makers.get(prev);
  if (!maker) {
    // The usual key list is the map's land in file order (newDuel's): one maker per graph, no signature to hash (and
    // no key list made to find that out: a state parsed from JSON, B1's case, asks once per record).
    if (keysAreLand(g, m)) {
      maker = makersByGraph.get(g);
      if (!maker) {
        maker = { make: literalMaker(g.land), keys: g.land.length };
        makersByGraph.set(g, maker);
      }
      makers.set(prev, maker);
    }
  }
  if (!maker) {
    const keys = Object.keys(prev);
    // `__proto__` in a literal would set the prototype: such a map takes the slow path.
    if (keys.includes('__proto__')) return Object.fromEntries(m);
    // One maker per key list (a state parsed from JSON, B1's case, finds the one its map's games made).
    const sig = keys.join('\u0000');
    maker = makersByKeys.get(sig);
    if (!maker) {
      maker = { make: literalMaker(keys), keys: keys.length };
      makersByKeys.set(sig, maker);
    }
    makers.set(prev, maker);
  }
  if (m.size !== maker.keys) return Object.fromEntries(m);
  const out = maker.make(m) as Record<string, T>;
  makers.set(out, maker);
  return out;
}

/**
 * The resolved board written back to the state, and kept as the next opening's board (it equals what `toBoard`
 * would build from the new records: land in the same order, the zones both sides have left dropped, zones in id
 * order), so a turn of bot play builds no board at all.
 */
function fromBoard(g: DuelGraph, s: DuelState, b: Board): void {
  s.owner = recordOf(g, s.owner, b.owner);
  s.armies = recordOf(g, s.armies, b.armies);
  // A zone both sides have left is dropped, so equal boards have equal JSON.
  const zones = [...b.stacks].filter(([, v]) => v.A > 0 || v.B > 0).sort(([a], [c]) => (a < c ? -1 : 1));
  s.stacks = Object.fromEntries(zones.map(([k, v]) => [k, { A: v.A, B: v.B }]));
  b.stacks = new Map(zones);
  boards.set(s, { owner: s.owner, armies: s.armies, stacks: s.stacks, board: b });
}

/** The owners of the opening board, read from the board after steps 4–10 and their captures (`from`: the owner before). */
function openingOwners(after: Board, events: readonly DuelEvent[]): OwnerReader {
  let was: Map<string, Side | null> | null = null;
  for (const e of events) if (e.type === 'capture') (was ??= new Map()).set(e.territory, e.from);
  if (!was) return after;
  const w = was;
  return { owner: { get: (id) => (w.has(id) ? w.get(id)! : after.owner.get(id)) } };
}

/** D1.5: each side owns its capital with startArmies; every other land territory is neutral with its garrison. */
export function newDuel(map: GameMap, e: Extract<DuelEntry, { type: 'start' }>): DuelState {
  const settings: DuelSettings = { ...DUEL_DEFAULTS, ...(e.settings ?? {}) };
  const g = duelGraph(map);
  const setup = setupBoard(g, e.seed, {
    garrisonMin: settings.garrisonMin, garrisonMax: settings.garrisonMax, startArmies: settings.startArmies, draw: settings,
    ...(e.capitals ? { capitals: e.capitals } : {}),
  });
  const owner: Record<string, Side | null> = {};
  const armies: Record<string, number> = {};
  for (const t of g.land) {
    owner[t] = t === setup.capitals.A ? 'A' : t === setup.capitals.B ? 'B' : null;
    armies[t] = setup.garrison.get(t)!;
  }
  const s: DuelState = {
    settings, seed: e.seed, capitals: setup.capitals, fair: setup.fair,
    bots: { A: e.bots?.A ?? null, B: e.bots?.B ?? null },
    turn: 1, openedAt: e.at, startedAt: e.at, deadlineAt: e.at + settings.turnSeconds * 1000, status: 'running', pausedAt: null,
    // D9.2: only a fair draw (no explicit capitals, a qualifying pair) is rated, whatever the start entry asks.
    rated: e.rated === true && setup.fair, outcome: null,
    owner, armies, stacks: {},
    orders: { A: {}, B: {} }, ready: { A: false, B: false }, acted: { A: false, B: false }, idle: { A: 0, B: 0 },
    helper: { A: { mode: 'normal', paint: {}, rally: null }, B: { mode: 'normal', paint: {}, rally: null } },
    routes: [], nextRoute: 1,
    lastEvents: [],
    log: [],
  };
  botsDecide(g, s);
  return s;
}

/**
 * D8.1: at a turn's opening each bot's policy decides; its decision is applied as if typed (a refusal is a bug)
 * and the side is ready. Two bots resolve turn after turn until the game ends.
 *
 * D9.4: a bot that fails to answer (no such policy, its decision throws, or it gives a refused order or route)
 * ends the game `abandoned` (unrated) at once, with a `victory` event in the open turn's events; nothing of
 * that bot's decision is applied. The cause is kept in `botFailures` (not part of the state's JSON).
 */
function botsDecide(g: DuelGraph, s: DuelState, planner: Planner = {}): void {
  for (const side of SIDES) {
    const id = s.bots[side];
    if (!id || s.status !== 'running') continue;
    try {
      decideFor(g, s, side, id);
    } catch (err) {
      botFailures.set(s, { side, bot: id, error: err instanceof Error ? err.message : String(err) });
      const o: Outcome = { winner: [], how: 'abandoned' };
      s.lastEvents = [...s.lastEvents, { type: 'victory', winners: [], how: o.how }];
      end(s, o);
      return;
    }
  }
  if (s.status === 'running' && s.bots.A && s.bots.B) resolveTurn(g, s, s.openedAt, planner);
}

/** D9.4: why a game's bot failed to answer (the side, its bot id and the error), for the log and the tests. */
export const botFailures = new WeakMap<DuelState, { side: Side; bot: string; error: string }>();

/** One bot's decision (D8.1), checked whole before any of it is applied; throws when the bot fails to answer. */
function decideFor(g: DuelGraph, s: DuelState, side: Side, id: string): void {
  const policy = policyFor(id);
  if (!policy) throw new Error(`no duel policy "${id}"`);
  // D8.1's view; the agent's observation (D8.4) also reads the turn and the idle counter.
  const view = {
    graph: g, board: toBoard(s), side, capitals: s.capitals, routes: s.routes.filter((r) => r.side === side),
    maxRoutes: s.settings.maxRoutes, defenseFactor: s.settings.defenseFactor, seaLoss: s.settings.seaLoss,
    turn: s.turn, turnLimit: s.settings.turnLimit, idle: s.idle[side], idleTurns: s.settings.idleTurns,
  };
  const d = policy.decide(view);
  const orders: Order[] = [];
  for (const o of d.orders) {
    const order: Order = o.count === 'stand' || o.from === o.to ? { kind: 'stand', from: o.from } : { kind: 'move', from: o.from, to: o.to, count: o.count };
    const no = checkOrder(g, view.board, side, order);
    if (no) throw new Error(`duel bot ${id} gave a refused order (${no}): ${JSON.stringify(o)}`);
    orders.push(order);
  }
  let routes = s.routes;
  let nextRoute = s.nextRoute;
  for (const r of d.routes) {
    const made = createRoute(g, toBoard(s), side, routes, r.points[0]!, r.points.slice(1), r.count, nextRoute, s.settings.maxRoutes);
    if (typeof made === 'string') throw new Error(`duel bot ${id} gave a refused route (${made}): ${JSON.stringify(r)}`);
    routes = [...routes, made].sort((a, b) => a.id - b.id);
    nextRoute += 1;
  }
  for (const order of orders) s.orders[side][order.from] = order;
  s.routes = routes;
  s.nextRoute = nextRoute;
  s.ready[side] = true;
}

/** Folds one entry (after the start) into the game. */
export function applyDuel(g: DuelGraph, s: DuelState, e: DuelEntry, planner: Planner = {}): DuelAnswer {
  if (e.type === 'start') throw new Error('a duel starts once: newDuel');
  if (e.type === 'tick' || e.type === 'restart') {
    if (s.status !== 'running' || s.pausedAt !== null) return { ok: true };
    // D2.7: a restart gives the open turn a fresh full deadline; downtime never resolves a turn.
    if (e.type === 'restart') s.deadlineAt = e.at + s.settings.turnSeconds * 1000;
    else if (e.at >= s.deadlineAt) resolveTurn(g, s, e.at, planner);
    return { ok: true };
  }
  const speaker = e.type === 'judge' ? 'judge' : e.side;
  const kind = e.type === 'judge' ? e.command.kind : logKind(e.command);
  const turn = s.turn;
  const row = (a: DuelAnswer): DuelAnswer => {
    noteDuel(s, { line: e.line, turn, speaker, command: kind, ok: a.ok, ...(a.ok ? {} : { code: a.code, message: refusalText(a.code, s.settings.language, a.message) }) });
    return a;
  };
  // D10.7: lines after the game ended are answered GAME_NOT_RUNNING.
  if (s.status === 'ended') return row({ ok: false, code: 'GAME_NOT_RUNNING' });
  if (e.type === 'judge') return row(judge(g, s, e.at, e.command, planner));
  // D10.1: commands for a bot side are NOT_ALLOWED (the bot gives its own orders, D8.1).
  if (s.bots[e.side]) return row({ ok: false, code: 'NOT_ALLOWED', message: { zh: '这一方由电脑玩家操控，不能替它下命令', en: 'a bot plays this side; it takes no commands' } });
  return row(sideCommand(g, s, e, planner));
}

/** D10.8's log kind of a side's command: 【调兵】X→X is `stand`, 【助手】 with places and 【助手】清除 are `paint`. */
export function logKind(c: DuelCommand): LogKind {
  switch (c.kind) {
    case 'order': return c.order.kind === 'stand' ? 'stand' : 'move';
    case 'helper': return c.paint ? 'paint' : 'helper';
    case 'clearPaint': return 'paint';
    default: return c.kind;
  }
}

/** Appends a row to D10.8's `log` (the module and the transcript runner add refusals of the parser and queries). */
export function noteDuel(s: DuelState, r: Omit<LogRow, 'line'> & { line?: number | undefined }): void {
  const { line, ...rest } = r;
  s.log.push({ line: line ?? s.log.length + 1, ...rest });
}

/**
 * The judge's commands (D7.6, D2.7, D10.9). Rated games (D10.10): 【结算】【暂停】【继续】 NOT_ALLOWED, 【规则】
 * RATED_LOCKED, 【结束】 aborts (abandoned, unrated).
 */
function judge(g: DuelGraph, s: DuelState, at: number, c: JudgeCommand, planner: Planner): DuelAnswer {
  const rated = (zh: string, en: string): DuelAnswer => ({ ok: false, code: 'NOT_ALLOWED', message: { zh: `排位赛中裁判不能${zh}（D10.10）`, en: `a judge may not ${en} in a rated game (D10.10)` } });
  switch (c.kind) {
    case 'resolve':
      if (s.rated) return rated('强制结算', 'force the resolution');
      // D2.1: the judge forces the turn now, ready or not, paused or not (a paused game stays paused, D2.7).
      resolveTurn(g, s, at, planner, true);
      return { ok: true };
    case 'pause':
      if (s.rated) return rated('暂停', 'pause');
      if (s.pausedAt !== null) return { ok: false, code: 'NOT_ALLOWED', message: { zh: '对决已经暂停了；用【继续】恢复', en: 'the duel is already paused; 【继续】 resumes it' } };
      s.pausedAt = at;
      return { ok: true };
    case 'resume': {
      if (s.rated) return rated('继续', 'resume');
      if (s.pausedAt === null) return { ok: false, code: 'NOT_ALLOWED', message: { zh: '对决没有暂停', en: 'the duel is not paused' } };
      // D2.7: 【继续】 moves the deadline by the length of the pause, so the time left is what it was.
      s.deadlineAt += Math.max(0, at - s.pausedAt);
      s.pausedAt = null;
      if (s.ready.A && s.ready.B) resolveTurn(g, s, at, planner);
      return { ok: true };
    }
    case 'rule': {
      if (s.rated) return { ok: false, code: 'RATED_LOCKED', message: { zh: '排位赛的设置不能修改（D9.2）', en: 'a rated game\'s settings are locked (D9.2)' } };
      const m = mergeSettings(s.settings, c.patch);
      if (!m.ok) return { ok: false, code: 'BAD_SYNTAX', message: { zh: m.zh, en: m.en } };
      // D10.9: a turnLimit below the open turn is refused.
      if (m.settings.turnLimit < s.turn) return { ok: false, code: 'NOT_ALLOWED', message: { zh: `turnLimit 不能小于当前回合（第${s.turn}回合）`, en: `turnLimit may not be below the open turn (${s.turn})` } };
      // In force at once; turnSeconds from the next opening (the open deadline stays); setup settings no longer act.
      s.settings = m.settings;
      return { ok: true };
    }
    case 'end': {
      // D7.6: on the current scores by D7.3's comparison, or the named winner; a rated game is only aborted.
      if (s.rated) { end(s, { winner: [], how: 'abandoned' }); return { ok: true }; }
      const sc = scores(g, s);
      end(s, c.winner ? { winner: [c.winner], how: 'judge' } : byScore(sc.A, sc.B, s.settings.drawMargin, 'judge'));
      return { ok: true };
    }
  }
}

/** A side's command (D2.2–D2.5, D5, D6.9, D6.5, D7.5). */
function sideCommand(g: DuelGraph, s: DuelState, e: Extract<DuelEntry, { type: 'command' }>, planner: Planner): DuelAnswer {
  const side = e.side;
  const c = e.command;
  let cancelledRoutes: number[] | undefined;
  switch (c.kind) {
    case 'order': {
      const no = checkOrder(g, stateReader(s), side, c.order);
      if (no) return { ok: false, code: no };
      // D2.2: a new order for the same node replaces the old one; it counts as given when it replaced (D10.8's order).
      delete s.orders[side][c.order.from];
      s.orders[side][c.order.from] = c.order;
      // D2.3: a manual order (stand included) cancels every route standing at its node.
      const r = cancelRoutes(s.routes, side, { node: c.order.from });
      if (r !== 'NO_SUCH_ROUTE') {
        s.routes = r.routes;
        cancelledRoutes = r.cancelled.map((x) => x.id);
      }
      break;
    }
    case 'route': {
      const r = createRoute(g, toBoard(s), side, s.routes, c.from, c.points, c.count, s.nextRoute, s.settings.maxRoutes);
      if (typeof r === 'string') return { ok: false, code: r };
      s.routes = [...s.routes, r].sort((a, b) => a.id - b.id);
      s.nextRoute += 1;
      // D2.3: the latest intention wins — creating a route drops this turn's manual order for its origin.
      delete s.orders[side][c.from];
      break;
    }
    case 'helper': {
      // D6.9: a mode alone sets the default; with territories it paints them (land only: a sea zone is NOT_ALLOWED).
      if (!c.paint) { s.helper[side].mode = c.mode; break; }
      const r = paintTerritories(g, new Map(Object.entries(s.helper[side].paint)), c.mode, c.paint);
      if (!r.ok) return { ok: false, code: r.code };
      s.helper[side].paint = Object.fromEntries(r.paint);
      break;
    }
    case 'clearPaint': {
      const r = clearPaint(g, new Map(Object.entries(s.helper[side].paint)), c.ids === 'all' ? 'all' : { ids: c.ids });
      if (!r.ok) return { ok: false, code: r.code };
      s.helper[side].paint = Object.fromEntries(r.paint);
      break;
    }
    case 'rally': {
      const no = checkRally(g, c.at);
      if (no) return { ok: false, code: no };
      s.helper[side].rally = c.at;
      break;
    }
    case 'cancelRoute': {
      const r = cancelRoutes(s.routes, side, c.target);
      if (r === 'NO_SUCH_ROUTE') return { ok: false, code: r };
      s.routes = r.routes;
      cancelledRoutes = r.cancelled.map((x) => x.id);
      break;
    }
    case 'cancel':
      if (c.from === 'all') s.orders[side] = {};
      else delete s.orders[side][c.from];
      break;
    case 'ready':
      s.ready[side] = true;
      break;
    case 'unready':
      s.ready[side] = false;
      break;
    case 'resign':
      // D7.5: at once; the other side wins.
      s.acted[side] = true;
      end(s, { winner: [other(side)], how: 'resign' });
      return { ok: true };
  }
  // D2.8: every accepted command but a query is an action, even one that changes nothing.
  s.acted[side] = true;
  // D2.7: while paused the turn does not resolve even when both sides are ready.
  if (s.ready.A && s.ready.B && s.pausedAt === null) resolveTurn(g, s, e.at, planner);
  return cancelledRoutes?.length ? { ok: true, cancelledRoutes } : { ok: true };
}

function end(s: DuelState, o: Outcome): void {
  s.status = 'ended';
  s.outcome = o;
  s.endTurn = s.turn;
  s.pausedAt = null;
}

type MoveEvent = DuelEvent & { type: 'move' };
type RouteEvent = DuelEvent & { route: number };

const byRouteId = (p: { route: number }, q: { route: number }): number => p.route - q.route;

/**
 * A resolution's working arrays, one per graph and reused turn after turn (D11 B1: what a resolution allocates decides
 * how often a young-generation collection lands in it): the move events before their sort, the counts of the
 * counting sort that puts them in D10.8's order, and the moves resolveMoves takes. Written by index and never
 * shortened (setting a JavaScript array's length to 0 drops its store: the next pushes grow it again), with `tail`,
 * the number of events after the moves last time, to size the next resolution's event list.
 */
interface Work { moved: MoveEvent[]; sorted: MoveEvent[]; count: Int32Array; moves: Move[]; tail: number; busy: boolean }
const works = new WeakMap<DuelGraph, Work>();

function workFor(g: DuelGraph): Work {
  let w = works.get(g);
  if (!w) {
    w = { moved: [], sorted: [], count: new Int32Array(2 * graphIndex(g).n + 1), moves: [], tail: 0, busy: false };
    works.set(g, w);
  }
  // A resolution inside a resolution (two bots play on at the end of one, after its work is done) is not nested
  // while the arrays are in use; anything else gets arrays of its own.
  return w.busy ? { moved: [], sorted: [], count: new Int32Array(w.count.length), moves: [], tail: 0, busy: false } : w;
}

/**
 * D10.8's id order of the `move` events — their source, side A before B, then the route id (a manual or helper
 * move first) — appended to `events`. Each side has at most one manual or helper move per source and its route
 * moves come in route id order after them, so a stable counting sort on (source index, side) is that order (the
 * graph index is id order): no comparison sort and no array it would allocate.
 */
function pushMovesInOrder(ix: GraphIndex, w: Work, n: number, events: EventList): void {
  const { moved, sorted, count } = w;
  count.fill(0);
  for (let i = 0; i < n; i++) {
    const e = moved[i]!;
    count[ix.at.get(e.from)! * 2 + (e.side === 'A' ? 0 : 1) + 1]! += 1;
  }
  for (let k = 1; k < count.length; k++) count[k]! += count[k - 1]!;
  for (let i = 0; i < n; i++) {
    const e = moved[i]!;
    sorted[count[ix.at.get(e.from)! * 2 + (e.side === 'A' ? 0 : 1)]!++] = e;
  }
  for (let i = 0; i < n; i++) events.push(sorted[i]!);
  // The work arrays hold no event past this resolution.
  for (let i = 0; i < n; i++) { moved[i] = undefined as unknown as MoveEvent; sorted[i] = undefined as unknown as MoveEvent; }
}

/**
 * A resolution's events: an array made once at about its final size (the last resolution's count beyond the moves,
 * plus a margin), written by index and cut to its length at the end — a fresh array grown by push allocated about
 * four times its final size on B1's board (D11 B1).
 */
class EventList {
  readonly items: DuelEvent[];
  n = 0;
  constructor(size: number) {
    this.items = new Array<DuelEvent>(size);
  }
  push(e: DuelEvent): void {
    this.items[this.n++] = e;
  }
  /** The events, the array cut to their number (in place: V8 trims the store without copying it). */
  done(): DuelEvent[] {
    this.items.length = this.n;
    return this.items;
  }
}

/** The resolution's events become `lastEvents`; the work arrays are free again. */
function finish(s: DuelState, w: Work, events: EventList, head: number): void {
  w.tail = events.n - head;
  s.lastEvents = events.done();
  w.busy = false;
}

/** True when the record has an own key (the state's paint: most games paint nothing). */
function anyKey(r: object): boolean {
  for (const k in r) if (Object.hasOwn(r, k)) return true;
  return false;
}

/**
 * D2.6: one resolution, at `at` (`forced`: the judge's 【结算】). `lastEvents` gets D10.8's events in pipeline order,
 * each step's in id order of the node it concerns (side A before B), route events in route id order.
 */
export function resolveTurn(g: DuelGraph, s: DuelState, at: number, planner: Planner = {}, forced = false): void {
  // The opening board (cached). Steps 2–3 read it as it opened; steps 4–12 then change it in place (D11 B1: copying
  // ~250 territories' maps was a quarter of a resolution's allocation), and `opening` gives back what the later steps
  // read of the opening board, its owners, from the captures' `from`.
  const start = toBoard(s);
  const board = start;
  const ix = graphIndex(g);
  const w = workFor(g);
  w.busy = true;
  // The `move` events are the moves resolveMoves takes (side, from, to, n): one object per manual or helper move.
  const moves = w.moves;
  let nMoves = 0;
  const routeMoves: RouteMove[] = [];
  const stepped: RouteEvent[] = [];
  const moved = w.moved;
  let nMoved = 0;
  let routes = s.routes;
  // D6.8 reads the helper's flows only for a side with paint (without paint no territory's mode differs from the default).
  const helperMoves: Record<Side, Move[] | null> = { A: anyKey(s.helper.A.paint) ? [] : null, B: anyKey(s.helper.B.paint) ? [] : null };
  for (const side of SIDES) {
    const manual = s.orders[side];
    // 2. Route steps (D5.4) on the opening board, then 3. the helper (D6) where neither an order nor a route stands.
    const steps = routeSteps(g, start, side, routes, s.settings);
    routes = steps.routes;
    for (const m of steps.moves) routeMoves.push(m);
    for (const x of steps.waits) stepped.push({ type: 'routeWait', route: x.route, side: x.side, at: x.at, armies: x.armies });
    for (const c of steps.cancelled) stepped.push({ type: 'routeCancelled', route: c.route, side: c.side, reason: c.reason });
    const h = s.helper[side];
    let helper: Order[] | null = null;
    let run: HelperRun | null = null;
    if (planner.helperOrders) {
      const held = new Set<string>();
      for (const k in manual) held.add(manual[k]!.from);
      for (const n of steps.held) held.add(n);
      helper = planner.helperOrders(g, start, side, held);
    } else {
      // The helper's held nodes (manual orders, routes) and claimed targets (manual moves, route moves), by index.
      run = helperBegin(g);
      for (const k in manual) {
        const o = manual[k]!;
        const i = ix.at.get(o.from);
        if (i !== undefined) run.held[i] = 1;
        if (o.kind === 'move') {
          const j = ix.at.get(o.to);
          if (j !== undefined) run.claimed[j] = 1;
        }
      }
      for (const n of steps.held) run.held[ix.at.get(n)!] = 1;
      for (const m of steps.moves) run.claimed[ix.at.get(m.to)!] = 1;
      helperPlan(run, start, side, h.mode, h.paint, h.rally, s.capitals, s.settings.defenseFactor);
    }
    // Step 4's counts on the opening board (moveOf): a manual order, then the helper's, in their order.
    for (const k in manual) {
      const o = manual[k]!;
      if (o.kind !== 'move') continue;
      const n = countOf(o.count, armiesOf(g, start, side, o.from));
      if (n <= 0) continue;
      const e: MoveEvent = { type: 'move', side, from: o.from, to: o.to, n, by: 'manual' };
      moves[nMoves++] = e;
      moved[nMoved++] = e;
    }
    const hm = helperMoves[side];
    const add = (from: string, to: string, count: Count) => {
      const n = countOf(count, armiesOf(g, start, side, from));
      if (n <= 0) return;
      const e: MoveEvent = { type: 'move', side, from, to, n, by: 'helper' };
      moves[nMoves++] = e;
      hm?.push(e);
      moved[nMoved++] = e;
    };
    if (helper) {
      for (const o of helper) if (o.kind === 'move') add(o.from, o.to, o.count);
    } else if (run) {
      for (let k = 0; k < run.planned; k++) {
        const to = run.planTo[k]!;
        if (to >= 0) add(ix.ids[run.planFrom[k]!]!, ix.ids[to]!, run.planHalf[k] ? 'half' : 'all');
      }
    }
    // D10.8: one `move` per order — a route's own share, with its id (the flows below add them up).
    for (const m of steps.moves) moved[nMoved++] = { type: 'move', side, from: m.from, to: m.to, n: m.n, by: 'route', route: m.route };
  }
  if (stepped.length > 1) stepped.sort(byRouteId);
  const head = stepped.length + nMoved;
  const events = new EventList(head + w.tail + 16);
  for (const e of stepped) events.push(e);
  pushMovesInOrder(ix, w, nMoved, events);
  // Several routes leaving one node for the same neighbour make one flow (D5.4).
  for (const f of routeFlows(routeMoves)) moves[nMoves++] = f;
  // 4–10. Take-off, sea, head-on, arrivals, melee, assaults, captures.
  let fought: DuelEvent[];
  try {
    fought = resolveMoves(g, board, moves, s.settings, nMoves);
  } catch (e) {
    boards.delete(s); // the cached board is half-changed: the next toBoard builds it again from the records
    w.busy = false;
    throw e;
  } finally {
    for (let i = 0; i < nMoves; i++) moves[i] = undefined as unknown as Move;
  }
  for (const e of fought) events.push(e);
  const opening = openingOwners(board, fought);
  // 11. Route bookkeeping (D5.5) and paint inheritance (D6.8).
  const kept = routeBookkeeping(g, opening, board, routes, routeMoves, fought);
  s.routes = kept.routes;
  const ended: RouteEvent[] = [];
  for (const c of kept.cancelled) ended.push({ type: 'routeCancelled' as const, route: c.route, side: c.side, reason: c.reason });
  for (const d of kept.done) ended.push({ type: 'routeDone' as const, route: d.route, side: d.side, at: d.at });
  if (ended.length > 1) ended.sort(byRouteId);
  for (const e of ended) events.push(e);
  for (const side of SIDES) {
    const hm = helperMoves[side];
    if (!hm) continue;
    const h = s.helper[side];
    const next = inheritPaint(g, side, new Map(Object.entries(h.paint)), h.mode, hm, opening, board, fought);
    const added = [...next].filter(([t]) => !(t in h.paint)).sort(([p], [q]) => (p < q ? -1 : p > q ? 1 : 0));
    if (!added.length) continue;
    h.paint = Object.fromEntries(next);
    for (const [territory, mode] of added) events.push({ type: 'paint', side, territory, mode });
  }
  // 12. Growth.
  for (const e of grow(g, board)) events.push(e);
  fromBoard(g, s, board);
  // 13. Idle counters (an `idle` event for every human side), then the end checks: capital, technical defeat, turn limit.
  for (const side of SIDES) {
    s.idle[side] = nextIdle(s.idle[side], s.acted[side], s.bots[side] !== null);
    if (s.bots[side] === null) events.push({ type: 'idle', side, count: s.idle[side] });
  }
  // D10.8: times are integer milliseconds since turn 1 opened.
  const t0 = s.startedAt ?? 0;
  const resolved = s.turn;
  const o = endCheck(g, board, s.capitals, s.idle, s.turn, s.settings);
  if (o) {
    events.push({ type: 'victory', winners: [...o.winner], how: o.how });
    events.push({ type: 'turnResolved', turn: resolved, at: Math.round(at - t0), forced });
    finish(s, w, events, head);
    end(s, o);
    return;
  }
  events.push({ type: 'turnResolved', turn: resolved, at: Math.round(at - t0), forced });
  // 14. The next turn opens at the resolution instant, both sides not ready, no orders.
  s.turn += 1;
  s.openedAt = at;
  s.deadlineAt = at + s.settings.turnSeconds * 1000;
  events.push({ type: 'turnOpened', turn: s.turn, at: Math.round(at - t0), deadlineAt: Math.round(s.deadlineAt - t0) });
  finish(s, w, events, head);
  // A forced resolution while paused opens the next turn paused (its clock starts at 【继续】, D2.7).
  if (s.pausedAt !== null) s.pausedAt = at;
  s.orders = { A: {}, B: {} };
  s.ready = { A: false, B: false };
  s.acted = { A: false, B: false };
  botsDecide(g, s, planner);
}

/** D7.2 scores of both sides. */
export function scores(g: DuelGraph, s: DuelState): Record<Side, number> {
  const b = toBoard(s);
  return { A: score(g, b, 'A'), B: score(g, b, 'B') };
}
