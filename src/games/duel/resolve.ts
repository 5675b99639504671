/**
 * Europe Duel's movement and combat, duel.md D2.6 steps 4–10 and 12 (take-off, sea, head-on, arrivals, melee,
 * assaults, captures, growth) on a board of two sides. The moves come in with their counts decided (all, half,
 * route shares: steps 2–3 and the count of step 4 are the order layer's); everything here is R10's arithmetic
 * from src/games/europe/combat.ts, with the duel's differences (D4.7): the sides are always at war, neutrals
 * are `null`, at most two entrants meet.
 */
import { assault, atSea, clash } from '../europe/combat.ts';
import { graphIndex, type DuelGraph, type GraphIndex } from './board.ts';

export type Side = 'A' | 'B';
export const other = (s: Side): Side => (s === 'A' ? 'B' : 'A');

/** The armies on the board: land territories with an owner (null: neutral) and a garrison; sea stacks per side. */
export interface Board {
  owner: Map<string, Side | null>;
  armies: Map<string, number>;
  stacks: Map<string, { A: number; B: number }>;
}

/** What a step reads of another board: its owners (the opening owners after a resolution, engine.ts). */
export interface OwnerReader { owner: { get(id: string): Side | null | undefined } }

/** One move of the turn, its count fixed (step 4). */
export interface Move { side: Side; from: string; to: string; n: number }

/** D10.8: who gave a move — a manual order (a bot's included, D8.1), a route's step (D5.4) or the helper (D6). */
export type MoveBy = 'manual' | 'route' | 'helper';
/** One army of a head-on fight (D4.3): its side, its source and what it sent. */
export interface HeadOnFlow { side: Side; from: string; n: number }

/**
 * D10.8 `lastEvents`, every kind the spec lists with its fields, in D2.6's pipeline order: step 2's `routeWait` and
 * `routeCancelled` (`empty`), step 4's `move`, 5 `seaLoss`, 6 `headOn`, 7 `reinforce`, 8 `melee`, 9 `battle`, 10
 * `capture`, 11 `routeCancelled` / `routeDone` / `paint`, 12 `growth`, 13 `idle` then `victory`, 14 `turnResolved`
 * then `turnOpened`. resolveMoves gives steps 5–10, grow step 12; the engine the rest.
 */
export type DuelEvent =
  | { type: 'move'; side: Side; from: string; to: string; n: number; by: MoveBy; route?: number }
  | { type: 'routeWait'; route: number; side: Side; at: string; armies: number | null }
  | { type: 'seaLoss'; sea: string; side: Side; before: number; after: number }
  | { type: 'headOn'; a: HeadOnFlow; b: HeadOnFlow; survivor: Side | null; left: number }
  | { type: 'reinforce'; territory: string; side: Side; n: number }
  | { type: 'melee'; territory: string; entrants: { side: Side; n: number }[]; survivor: Side | null; left: number }
  | { type: 'battle'; territory: string; attacker: Side; defender: Side | null; attackers: number; defenders: number; won: boolean; left: number }
  | { type: 'capture'; territory: string; from: Side | null; to: Side; armies: number }
  | { type: 'routeCancelled'; route: number; side: Side; reason: 'repelled' | 'destroyed' | 'lost' | 'empty' }
  | { type: 'routeDone'; route: number; side: Side; at: string }
  | { type: 'paint'; side: Side; territory: string; mode: 'normal' | 'expand' | 'rally' | 'defend' }
  | { type: 'growth'; side: Side; territories: number; armies: number }
  | { type: 'idle'; side: Side; count: number }
  | { type: 'victory'; winners: Side[]; how: 'capital' | 'technical' | 'abandoned' | 'score' | 'resign' | 'judge' }
  | { type: 'turnResolved'; turn: number; at: number; forced: boolean }
  | { type: 'turnOpened'; turn: number; at: number; deadlineAt: number };

export interface CombatSettings { defenseFactor: number; seaLoss: number }
export const COMBAT_DEFAULTS: CombatSettings = { defenseFactor: 1.5, seaLoss: 0.1 };

export function cloneBoard(b: Board): Board {
  return { owner: new Map(b.owner), armies: new Map(b.armies), stacks: new Map([...b.stacks].map(([k, v]) => [k, { ...v }])) };
}

/**
 * resolveMoves' per-territory and per-move working arrays, one set per graph, reused turn after turn (D11 B1: a
 * resolution's garbage decides how often a collection lands in it). Between calls every entry is 0.
 */
interface Scratch {
  /** Arrivals per target index, side A's and B's; hit: the target has arrivals. */
  inA: Int32Array;
  inB: Int32Array;
  hit: Uint8Array;
  /** Per directed edge (CSR position of `to` in `from`'s neighbours): 1 + the index of B's first move on it. */
  bOn: Int32Array;
  /** Per move: what arrives after head-on (grown when a call has more moves). */
  arriving: Int32Array;
  busy: boolean;
}
const scratches = new WeakMap<DuelGraph, Scratch>();

function scratchFor(g: DuelGraph, moves: number): Scratch {
  let sc = scratches.get(g);
  // Busy here means a call that threw half-way (resolveMoves calls nothing that could re-enter it): fresh arrays.
  if (!sc || sc.busy) {
    const ix = graphIndex(g);
    sc = { inA: new Int32Array(ix.n), inB: new Int32Array(ix.n), hit: new Uint8Array(ix.n), bOn: new Int32Array(ix.adj.length), arriving: new Int32Array(Math.max(64, moves)), busy: false };
    scratches.set(g, sc);
  }
  if (sc.arriving.length < moves) sc.arriving = new Int32Array(moves * 2);
  return sc;
}

/** The CSR position of the edge from → to (node indices), −1: not an edge. */
function edgeAt(ix: GraphIndex, from: number, to: number): number {
  for (let k = ix.off[from]!, end = ix.off[from + 1]!; k < end; k++) if (ix.adj[k] === to) return k;
  return -1;
}

/**
 * Steps 4–10 of D2.6: changes `board` in place and returns what happened, in resolution order. The moves are the
 * first `count` of `moves` (all by default: the engine hands in a reused array).
 */
export function resolveMoves(g: DuelGraph, board: Board, moves: readonly Move[], s: CombatSettings = COMBAT_DEFAULTS, count = moves.length): DuelEvent[] {
  const events: DuelEvent[] = [];
  const ix = graphIndex(g);
  const { isLand } = ix;
  const at = (id: string) => ix.at.get(id)!;
  // 4. Take-off: an order's armies leave now, even if its source falls later in this resolution.
  for (let i = 0; i < count; i++) {
    const m = moves[i]!;
    if (m.n <= 0) continue;
    if (!isLand[at(m.from)]) {
      const st = board.stacks.get(m.from)!;
      st[m.side] -= m.n;
    } else board.armies.set(m.from, (board.armies.get(m.from) ?? 0) - m.n);
  }
  // 5. Sea: armies entering a zone join their side's stack there; then every stack keeps floor(90%).
  for (let i = 0; i < count; i++) {
    const m = moves[i]!;
    if (m.n <= 0 || isLand[at(m.to)]) continue;
    const st = board.stacks.get(m.to) ?? { A: 0, B: 0 };
    st[m.side] += m.n;
    board.stacks.set(m.to, st);
  }
  if (board.stacks.size) {
    for (const id of [...board.stacks.keys()].sort()) {
      const st = board.stacks.get(id)!;
      for (const side of ['A', 'B'] as const) {
        const before = st[side];
        if (before <= 0) continue;
        const after = atSea(before, s.seaLoss);
        if (after !== before) events.push({ type: 'seaLoss', sea: id, side, before, after });
        st[side] = after;
      }
    }
  }
  // 6. Head-on on land edges: A's X→Y against B's Y→X; the survivor goes on to its target. The live moves into land
  // ("landward") by their index in `moves`, nodes by their graph index (id order), so nothing here allocates but events.
  const sc = scratchFor(g, count);
  sc.busy = true;
  const { inA, inB, hit, bOn, arriving } = sc;
  // B's first landward move on each directed edge (what `find` in move order would return), looked up per A move.
  for (let i = 0; i < count; i++) {
    const m = moves[i]!;
    const landward = m.n > 0 && isLand[at(m.to)];
    arriving[i] = landward ? m.n : 0;
    if (!landward || m.side !== 'B') continue;
    const k = edgeAt(ix, at(m.from), at(m.to));
    if (k >= 0 && bOn[k] === 0) bOn[k] = i + 1;
  }
  let headOns: Extract<DuelEvent, { type: 'headOn' }>[] | null = null;
  for (let i = 0; i < count; i++) {
    const a = moves[i]!;
    if (a.side !== 'A' || a.n <= 0 || !isLand[at(a.to)] || g.edgeKind(a.from, a.to) !== 'land') continue;
    const k = edgeAt(ix, at(a.to), at(a.from));
    const j = k >= 0 ? bOn[k]! - 1 : -1;
    if (j < 0) continue;
    const b = moves[j]!;
    const r = clash(a.n, b.n);
    arriving[i] = r.winner === 'a' ? r.left : 0;
    arriving[j] = r.winner === 'b' ? r.left : 0;
    // D10.8: `a` is the flow from the smaller source id; the events go by that source (a stable sort).
    const [x, y] = a.from < b.from ? [a, b] : [b, a];
    (headOns ??= []).push({
      type: 'headOn', a: { side: x.side, from: x.from, n: x.n }, b: { side: y.side, from: y.from, n: y.n },
      survivor: r.winner === 'a' ? 'A' : r.winner === 'b' ? 'B' : null, left: r.left,
    });
  }
  // Back to all zeros for the next call.
  for (let i = 0; i < count; i++) {
    const m = moves[i]!;
    if (m.side !== 'B' || m.n <= 0 || !isLand[at(m.to)]) continue;
    const k = edgeAt(ix, at(m.from), at(m.to));
    if (k >= 0) bOn[k] = 0;
  }
  if (headOns) {
    if (headOns.length > 1) headOns.sort((p, q) => (p.a.from < q.a.from ? -1 : p.a.from > q.a.from ? 1 : 0));
    for (const e of headOns) events.push(e);
  }
  // Several flows of one side into one territory add up to one army (D4.4): per target index, A's and B's.
  let lo = ix.n;
  let hi = -1;
  for (let i = 0; i < count; i++) {
    const n = arriving[i]!;
    if (n <= 0) continue;
    const m = moves[i]!;
    const t = at(m.to);
    hit[t] = 1;
    if (t < lo) lo = t;
    if (t > hi) hi = t;
    if (m.side === 'A') inA[t]! += n; else inB[t]! += n;
  }
  // The targets are the hit indices, visited in index order = id order (graphIndex).
  // 7. Arrivals in own territories join the garrison before anything else (R10.2 over R10.4).
  for (let ti = lo; ti <= hi; ti++) {
    if (!hit[ti]) continue;
    const t = ix.ids[ti]!;
    const owner = board.owner.get(t) ?? null;
    const n = owner === 'A' ? inA[ti]! : owner === 'B' ? inB[ti]! : 0;
    if (n > 0) {
      board.armies.set(t, (board.armies.get(t) ?? 0) + n);
      events.push({ type: 'reinforce', territory: t, side: owner!, n });
      if (owner === 'A') inA[ti] = 0; else inB[ti] = 0;
    }
  }
  // 8. Melee: both sides entering a neutral fight first, without defence bonus.
  for (let ti = lo; ti <= hi; ti++) {
    if (!hit[ti]) continue;
    const eA = inA[ti]!, eB = inB[ti]!;
    if (eA > 0 && eB > 0) {
      const r = clash(eA, eB);
      // D10.8: entrants by n descending, then side.
      const entrants = eA >= eB ? [{ side: 'A' as const, n: eA }, { side: 'B' as const, n: eB }] : [{ side: 'B' as const, n: eB }, { side: 'A' as const, n: eA }];
      events.push({ type: 'melee', territory: ix.ids[ti]!, entrants, survivor: r.winner === 'a' ? 'A' : r.winner === 'b' ? 'B' : null, left: r.left });
      inA[ti] = r.winner === 'a' ? r.left : 0;
      inB[ti] = r.winner === 'b' ? r.left : 0;
    }
  }
  // 9. Assaults (D10.8 `battle`), all against the garrisons as they stand after step 7; 10. captures change owners
  // (their events after every battle: `hit` marks a captured target with 2, its owner before in inA as 0 / 1 / 2).
  let captured = 0;
  for (let ti = lo; ti <= hi; ti++) {
    if (!hit[ti]) continue;
    const side: Side | null = inA[ti]! > 0 ? 'A' : inB[ti]! > 0 ? 'B' : null;
    if (!side) continue;
    const t = ix.ids[ti]!;
    const attackers = side === 'A' ? inA[ti]! : inB[ti]!;
    const defenders = board.armies.get(t) ?? 0;
    const defender = board.owner.get(t) ?? null;
    const r = assault(attackers, defenders, s.defenseFactor);
    events.push({ type: 'battle', territory: t, attacker: side, defender, attackers, defenders, won: r.won, left: r.left });
    board.armies.set(t, r.left);
    if (r.won) {
      board.owner.set(t, side);
      hit[ti] = 2;
      inA[ti] = defender === null ? 0 : defender === 'A' ? 1 : 2;
      captured++;
    }
  }
  for (let ti = lo; ti <= hi && captured > 0; ti++) {
    if (hit[ti] !== 2) continue;
    const t = ix.ids[ti]!;
    const from: Side | null = inA[ti] === 0 ? null : inA[ti] === 1 ? 'A' : 'B';
    events.push({ type: 'capture', territory: t, from, to: board.owner.get(t)!, armies: board.armies.get(t)! });
    captured--;
  }
  for (let ti = lo; ti <= hi; ti++) { hit[ti] = 0; inA[ti] = 0; inB[ti] = 0; }
  sc.busy = false;
  return events;
}

/** D3: every land territory a side owns grows by its value, one captured this turn and one at 0 included. */
export function grow(g: DuelGraph, board: Board): DuelEvent[] {
  const gained = { A: 0, B: 0 };
  const grew = { A: 0, B: 0 };
  for (const t of g.land) {
    const o = board.owner.get(t);
    if (!o) continue;
    const v = g.value.get(t) ?? 0;
    board.armies.set(t, (board.armies.get(t) ?? 0) + v);
    gained[o] += v;
    if (v > 0) grew[o] += 1;
  }
  // D10.8 `growth {side, territories, armies}`: the side's territories that grew and the total added.
  return (['A', 'B'] as const).filter((side) => gained[side] > 0).map((side) => ({ type: 'growth' as const, side, territories: grew[side], armies: gained[side] }));
}
