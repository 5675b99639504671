/**
 * Europe Duel's helpers (autopilot, duel.md D6) and the brush (D6.9): the orders D2.6 step 3 gives to a side's
 * territories and sea stacks that have no manual order and no route, in the four modes normal (D6.3), expand
 * (D6.4), rally (D6.5) and defend (D6.6), plus sea stacks (D6.7) and the paint inheritance of D6.8.
 *
 * Pure: reads only the start-of-turn board and the side's own plans (default mode, paint, rally point, the nodes
 * its manual orders and routes hold, and their targets); never the opponent's plans. Every choice follows the
 * tie-break D6 names (id order = JavaScript's `<`, D1), so the same input gives the same orders; the same
 * function serves the web page's preview arrows (D10.5).
 */
import { need as needOf } from '../europe/combat.ts';
import { byId, graphIndex, landDistFrom, type DuelGraph } from './board.ts';
import { other, type Board, type DuelEvent, type Move, type OwnerReader, type Side } from './resolve.ts';
import type { Order } from './orders.ts';

/** D6: the helper modes — normal 普通, expand 扩张, rally 集结, defend 防守. */
export type Mode = 'normal' | 'expand' | 'rally' | 'defend';
export const MODES: readonly Mode[] = ['normal', 'expand', 'rally', 'defend'];

export interface HelperOpts {
  /** D6: the side's default mode (initially normal). */
  defaultMode: Mode;
  /** D6 / D6.9: land territory → mode; a territory's mode is its paint, else the default. */
  paint: ReadonlyMap<string, Mode>;
  /** D6.5: the rally point ⚑ (a land territory), or null: the enemy capital is the point. */
  rally: string | null;
  /** Both sides' capitals (D1.5): D6.1 valueKey and D6.5 need E's, D6.6 needs S's. */
  capitals: Record<Side, string>;
  /** Nodes with a manual order (stand included) or a route this turn (D2.3, D5.4): the helper does not touch them. */
  held: ReadonlySet<string>;
  /** D6.1/D6.2: targets of the side's manual orders and route moves this turn (the initial `claimed`). */
  claimed?: Iterable<string>;
  /** D4.1 `defenseFactor` (default 1.5). */
  defenseFactor?: number;
}

/** D6.1 distTo(X): breadth-first through the side's own territories over land edges, X in id order, neighbours in id order. */
export function distThroughOwn(g: DuelGraph, board: Board, side: Side, X: readonly string[]): Map<string, number> {
  const dist = new Map<string, number>();
  const queue: string[] = [];
  for (const x of [...X].sort(byId)) if (!dist.has(x)) { dist.set(x, 0); queue.push(x); }
  for (let i = 0; i < queue.length; i++) {
    const here = queue[i]!;
    for (const n of g.landNbrs.get(here) ?? []) {
      if (board.owner.get(n) !== side || dist.has(n)) continue;
      dist.set(n, dist.get(here)! + 1);
      queue.push(n);
    }
  }
  return dist;
}

/** D6.1 stepToward(t, X) on X's distances: the own land neighbour one step nearer, smallest id; none if t ∈ X or unreached. */
export function stepAlong(g: DuelGraph, board: Board, side: Side, dist: ReadonlyMap<string, number>, t: string): string | null {
  const dt = dist.get(t);
  if (dt === undefined || dt === 0) return null;
  for (const v of g.landNbrs.get(t) ?? []) if (board.owner.get(v) === side && dist.get(v) === dt - 1) return v; // landNbrs is in id order
  return null;
}

/** A territory's mode (D6): its paint, else the default. Sea zones carry no paint (D6.7). */
export function modeOf(paint: ReadonlyMap<string, Mode>, defaultMode: Mode, t: string): Mode {
  return paint.get(t) ?? defaultMode;
}

/**
 * D2.6 step 3 / D6.2: the helper's orders for side `side`, in the order it decided them (a JOINT attack replaces
 * the stand of its members in place). Moves and stands of the territories and stacks it plays; none for a held
 * node, nor for an own territory at 0 (it just stands, D6.1 `controlled`).
 *
 * Speed (D11 B1–B3): the board is read once into integer arrays over the graph's index (node i = the i-th id in
 * id order, so index order is id order and every D6 tie-break stays the same), distTo(X) is one multi-source
 * breadth-first search per distinct X per turn (the frontier, the defence line, the rally target), minima are
 * linear scans instead of sorts, and the rally fist's land distances and paths are per-graph tables. The working
 * arrays belong to one `HelperRun` per graph, reused turn after turn, and its steps are methods rather than
 * closures made per call, so a call allocates little more than the orders it returns (~14 KB on B1's board, was
 * ~50 KB a side): B1's slow samples are the resolutions a scavenge lands in, and their number follows what a
 * resolution allocates.
 */
export function helperOrders(g: DuelGraph, board: Board, side: Side, opts: HelperOpts): Order[] {
  let run = runs.get(g);
  if (!run) {
    run = new HelperRun(g);
    runs.set(g, run);
  }
  // Not re-entered today (the helper calls nothing that could ask for it again), but a nested call gets its own arrays.
  if (run.busy) return new HelperRun(g).orders(board, side, opts);
  run.busy = true;
  try {
    return run.orders(board, side, opts);
  } finally {
    run.busy = false;
  }
}

/**
 * The engine's helper (D2.6 step 3) without Order objects (D11 B1: a resolution's garbage decides how often a
 * collection lands in it): the same decisions as helperOrders, left in the graph's working arrays — `planned()`
 * orders, the k-th from node `planFrom[k]` to `planTo[k]` (−1: stand), `planHalf[k]` 1 for half — valid until the
 * next call on this graph. The caller marks held and claimed nodes by index between `helperBegin` and
 * `helperPlan`; `paint` is the state's record (D6.9), read in its key order as `new Map(Object.entries(paint))` is.
 */
export function helperBegin(g: DuelGraph): HelperRun {
  let run = runs.get(g);
  if (!run) {
    run = new HelperRun(g);
    runs.set(g, run);
  }
  if (run.busy) throw new Error('helperBegin: the helper is busy');
  run.held.fill(0);
  run.claimed.fill(0);
  return run;
}

export function helperPlan(run: HelperRun, board: Board, side: Side, defaultMode: Mode, paint: Readonly<Record<string, Mode>>, rally: string | null, capitals: Record<Side, string>, defenseFactor: number): void {
  run.busy = true;
  try {
    run.begin(board, side, defaultMode, rally, capitals, defenseFactor);
    for (const id in paint) run.paintOne(id, paint[id]);
    run.plan();
  } finally {
    run.busy = false;
  }
}

export type { HelperRun };

const runs = new WeakMap<DuelGraph, HelperRun>();

/** rel[i]: what node i is to the side the helper plays (sea zones and anything not land: NONE). */
const NONE = 0;
const OWN = 1;
const NEUTRAL = 2;
const ENEMY = 3;
/** mode[i]: D6's modes as small integers. */
const NORMAL = 0;
const EXPAND = 1;
const RALLY = 2;
const DEFEND = 3;
/** Anything else (a mode word this code does not know): the main loop's switch gives it no order, as before. */
const UNKNOWN_MODE = 4;
const modeCode = (m: Mode | undefined): number =>
  m === 'normal' ? NORMAL : m === 'expand' ? EXPAND : m === 'rally' ? RALLY : m === 'defend' ? DEFEND : UNKNOWN_MODE;
/** The distTo(X) tables of one call: X = frontier, F (D6.6's line; the frontier's table when F is the frontier), the rally target. */
const TO_FRONTIER = 0;
const TO_F = 1;
const TO_RALLY = 2;

/** One graph's working arrays for helperOrders (D6.2), cleared at the start of every call; see helperOrders. */
class HelperRun {
  readonly g: DuelGraph;
  readonly ids: string[];
  readonly at: Map<string, number>;
  readonly n: number;
  readonly isLand: Uint8Array;
  readonly value: Int32Array;
  readonly landOff: Int32Array;
  readonly landAdj: Int32Array;
  readonly off: Int32Array;
  readonly adj: Int32Array;
  readonly landIdx: Int32Array;
  readonly seaIdx: Int32Array;
  busy = false;

  // The opening board: d(u) (land), what each node is to S, and S's stacks at sea.
  /** Armies are whole numbers (D3, D4): small integers in an Int32Array read back without boxing a double. */
  readonly d: Int32Array;
  readonly rel: Uint8Array;
  readonly stackOf: Int32Array;
  readonly mode: Uint8Array;
  readonly held: Uint8Array;
  readonly claimed: Uint8Array;
  readonly frontierSet: Uint8Array;
  readonly lineSet: Uint8Array;
  readonly used: Uint8Array;
  readonly candMark: Uint8Array;
  /** The index in `out` of node i's order, −1: none yet (D6.2's "already has an order"; JOINT replaces in place). */
  readonly pos: Int32Array;
  /** distTo(X) for X = frontier, F, rally target; −1 unreached. Built on first use in a call. */
  readonly dist: [Int32Array, Int32Array, Int32Array];
  readonly distDone = new Uint8Array(3);
  readonly queue: Int32Array;
  readonly pred: Int32Array;

  // Lists, kept between calls (length reset).
  readonly frontier: number[] = [];
  readonly enemyFront: number[] = [];
  readonly controlled: number[] = [];
  readonly R: number[] = [];
  readonly rallyTarget: number[] = [];
  readonly idleExpand: number[] = [];
  readonly cand: number[] = [];
  readonly grp: number[] = [];
  readonly stacks: number[] = [];
  /** The orders in decision order (see put): source, target (−1: stand), 1 for half; `planned` of them. */
  readonly planFrom: Int32Array;
  readonly planTo: Int32Array;
  readonly planHalf: Uint8Array;
  planned = 0;
  /** This call's default mode and rally point. */
  byDefault = NORMAL;
  rallyId: string | null = null;
  capitals: Record<Side, string> = { A: '', B: '' };

  // This call's side and settings.
  board!: Board;
  side: Side = 'A';
  factor = 1.5;
  enemyCap = -1;
  ownCap = -1;
  /** false: no rally plan target (RALLY behaves as NORMAL). */
  hasRally = false;
  lineIsFrontier = true;

  /** D6.1 valueKey: (0 if E's capital else 1, −value, d, id), smallest first; a total order, so the minimum is unique. */
  readonly keyCmp: (a: number, b: number) => number;
  /** D6.1 controlled's order: d descending, id ascending. */
  readonly byArmies: (a: number, b: number) => number;

  constructor(g: DuelGraph) {
    const ix = graphIndex(g);
    this.g = g;
    this.ids = ix.ids;
    this.at = ix.at;
    this.n = ix.n;
    this.isLand = ix.isLand;
    this.value = ix.value;
    this.landOff = ix.landOff;
    this.landAdj = ix.landAdj;
    this.off = ix.off;
    this.adj = ix.adj;
    this.landIdx = ix.land;
    this.seaIdx = ix.sea;
    const N = ix.n;
    this.d = new Int32Array(N);
    this.rel = new Uint8Array(N);
    this.stackOf = new Int32Array(N);
    this.mode = new Uint8Array(N);
    this.held = new Uint8Array(N);
    this.claimed = new Uint8Array(N);
    this.frontierSet = new Uint8Array(N);
    this.lineSet = new Uint8Array(N);
    this.used = new Uint8Array(N);
    this.candMark = new Uint8Array(N);
    this.pos = new Int32Array(N);
    this.dist = [new Int32Array(N), new Int32Array(N), new Int32Array(N)];
    this.queue = new Int32Array(N);
    this.pred = new Int32Array(N);
    this.planFrom = new Int32Array(N);
    this.planTo = new Int32Array(N);
    this.planHalf = new Uint8Array(N);
    const d = this.d;
    const value = this.value;
    this.keyCmp = (a, b) => {
      const cap = this.enemyCap;
      return (a === cap ? 0 : 1) - (b === cap ? 0 : 1) || value[b]! - value[a]! || d[a]! - d[b]! || a - b;
    };
    this.byArmies = (a, b) => d[b]! - d[a]! || a - b;
  }

  need(armies: number): number {
    return needOf(armies, this.factor);
  }

  isLandNbr(t: number, u: number): boolean {
    const landAdj = this.landAdj;
    for (let k = this.landOff[t]!, end = this.landOff[t + 1]!; k < end; k++) if (landAdj[k] === u) return true;
    return false;
  }

  // ——— the orders, in decision order (a Map's set: a node's second order replaces its first in place) ———

  put(from: number, to: number, half: number): void {
    let p = this.pos[from]!;
    if (p < 0) {
      p = this.planned++;
      this.pos[from] = p;
      this.planFrom[p] = from;
    }
    this.planTo[p] = to;
    this.planHalf[p] = half;
  }
  all(from: number, to: number): void {
    this.put(from, to, 0);
  }
  half(from: number, to: number): void {
    this.put(from, to, 1);
  }
  stand(from: number): void {
    this.put(from, -1, 0);
  }

  /** D6.1: the best (valueKey) foreign, unclaimed land neighbour of t that `armies` can take (need), −1: none. */
  bestTarget(t: number, armies: number): number {
    const { landAdj, rel, claimed, d } = this;
    let best = -1;
    for (let k = this.landOff[t]!, end = this.landOff[t + 1]!; k < end; k++) {
      const u = landAdj[k]!;
      if (rel[u]! >= NEUTRAL && !claimed[u] && armies >= this.need(d[u]!) && (best < 0 || this.keyCmp(u, best) < 0)) best = u;
    }
    return best;
  }

  /**
   * D6.1 distTo(X): one multi-source BFS through own territories over land edges, seeded with X in id order (every
   * X here is built in id order), neighbours in id order; −1 = unreached. Once per X per call.
   */
  distTo(which: number): Int32Array {
    const dist = this.dist[which]!;
    if (this.distDone[which]) return dist;
    const X = which === TO_FRONTIER ? this.frontier : which === TO_F ? this.enemyFront : this.rallyTarget;
    const { queue, landOff, landAdj, rel } = this;
    dist.fill(-1);
    let qt = 0;
    for (let i = 0; i < X.length; i++) {
      const x = X[i]!;
      if (dist[x]! < 0) { dist[x] = 0; queue[qt++] = x; }
    }
    for (let qh = 0; qh < qt; qh++) {
      const h = queue[qh]!;
      const dh = dist[h]! + 1;
      for (let k = landOff[h]!, end = landOff[h + 1]!; k < end; k++) {
        const m = landAdj[k]!;
        if (rel[m] !== OWN || dist[m]! >= 0) continue;
        dist[m] = dh;
        queue[qt++] = m;
      }
    }
    this.distDone[which] = 1;
    return dist;
  }

  /** D6.1 stepToward(t, X): the own land neighbour one step nearer, smallest id; −1 if t ∈ X or unreached. */
  stepToward(t: number, which: number): number {
    const dist = this.distTo(which);
    const dt = dist[t]!;
    if (dt <= 0) return -1;
    const { landAdj, rel } = this;
    for (let k = this.landOff[t]!, end = this.landOff[t + 1]!; k < end; k++) {
      const v = landAdj[k]!;
      if (rel[v] === OWN && dist[v] === dt - 1) return v;
    }
    return -1;
  }

  /** Walk all toward the frontier, else stand (NORMAL's and EXPAND's last line). */
  towardFrontier(t: number): void {
    const v = this.stepToward(t, TO_FRONTIER);
    if (v >= 0) this.all(t, v);
    else this.stand(t);
  }

  /** D6.3 NORMAL: take the best beatable neighbour with everything, else hold the frontier, else walk to it. */
  normal(t: number): void {
    const u = this.bestTarget(t, this.d[t]!);
    if (u >= 0) {
      this.all(t, u);
      this.claimed[u] = 1;
    } else if (this.frontierSet[t]) this.stand(t);
    else this.towardFrontier(t);
  }

  /** D6.4 EXPAND: half where half is enough, else all; a frontier territory that cannot attack waits for JOINT. */
  expand(t: number): void {
    const a = this.d[t]!;
    let u = this.bestTarget(t, Math.floor(a / 2));
    if (u >= 0) {
      this.half(t, u);
      this.claimed[u] = 1;
      return;
    }
    u = this.bestTarget(t, a);
    if (u >= 0) {
      this.all(t, u);
      this.claimed[u] = 1;
    } else if (this.frontierSet[t]) {
      this.stand(t);
      this.idleExpand.push(t);
    } else this.towardFrontier(t);
  }

  /** D6.4 JOINT, the second pass over the expand territories left standing on the frontier. */
  joint(): void {
    const { idleExpand, used, candMark, cand, grp, landAdj, rel, claimed, d } = this;
    if (!idleExpand.length) return;
    used.fill(0);
    candMark.fill(0);
    cand.length = 0;
    for (const t of idleExpand) {
      for (let k = this.landOff[t]!, end = this.landOff[t + 1]!; k < end; k++) {
        const u = landAdj[k]!;
        if (rel[u]! >= NEUTRAL && !claimed[u] && !candMark[u]) { candMark[u] = 1; cand.push(u); }
      }
    }
    cand.sort(this.keyCmp);
    for (const u of cand) {
      grp.length = 0;
      let sum = 0;
      for (const t of idleExpand) if (!used[t] && this.isLandNbr(t, u)) grp.push(t);
      if (grp.length < 2) continue;
      grp.sort(ascending);
      for (const t of grp) sum += d[t]!;
      if (sum >= this.need(d[u]!)) {
        for (const t of grp) { this.all(t, u); used[t] = 1; }
        claimed[u] = 1;
      }
    }
  }

  /** D6.5 RALLY_PLAN, once per call when some controlled territory is rally; sets the rally target (or none). */
  rallyPlan(E: Side): void {
    const { R, rallyTarget, rel, held, d } = this;
    const P = this.indexOf(this.rallyId ?? this.capitals[E]);
    if (P < 0) return;
    if (rel[P] === OWN) {
      // Gather at an own point: P stands if the helper plays it (any mode).
      rallyTarget.push(P);
      this.hasRally = true;
      if (!held[P]) this.stand(P);
      return;
    }
    for (const t of R) if (this.isLandNbr(t, P)) rallyTarget.push(t); // staging beside P, in id order
    if (rallyTarget.length) {
      // Strike together when the sum beats P (need(), no margin), else wait beside it.
      let sum = 0;
      for (const t of rallyTarget) sum += d[t]!;
      if (sum >= this.need(d[P]!)) {
        for (const t of rallyTarget) this.all(t, P);
        this.claimed[P] = 1;
      } else for (const t of rallyTarget) this.stand(t);
      this.hasRally = true;
      return;
    }
    // Fist: the rally territory nearest P by land (any owner), ties by id, cuts a road toward it.
    // landDist is symmetric (undirected land edges): one table from P serves every t.
    const fromP = landDistFrom(this.g, P);
    let G = -1;
    let gDist = Infinity;
    for (const t of R) { // R is in id order: strict < keeps the smallest id on ties
      const dist = fromP[t]! < 0 ? Infinity : fromP[t]!;
      if (dist < gDist) { G = t; gDist = dist; }
    }
    if (G < 0) return;
    const nx = this.at.get(landPathFrom(this.g, this.ids[G]!, this.ids[P]!)!.next)!;
    if (rel[nx] === OWN || d[G]! >= this.need(d[nx]!)) {
      this.all(G, nx);
      if (rel[nx]! >= NEUTRAL) this.claimed[nx] = 1;
    } else this.stand(G);
    rallyTarget.push(G);
    this.hasRally = true;
  }

  /** D6.5 RALLY: toward the rally target; unreachable (or no target): behave as normal. */
  rally(t: number): void {
    const v = this.hasRally ? this.stepToward(t, TO_RALLY) : -1;
    if (v >= 0) this.all(t, v);
    else this.normal(t);
  }

  /** D6.6 DEFEND: the capital keeps its troops, the enemy border (else the whole frontier) holds, the rear moves up. */
  defend(t: number): void {
    if (t === this.ownCap || (this.lineIsFrontier ? this.frontierSet[t] : this.lineSet[t])) {
      this.stand(t);
      return;
    }
    const v = this.stepToward(t, this.lineIsFrontier ? TO_FRONTIER : TO_F);
    if (v >= 0) this.all(t, v);
    else this.stand(t);
  }

  /** D6.7 SEA: own stacks with no order and no route, by (stack desc, id asc), brought ashore. */
  sea(): void {
    const { stacks, stackOf, seaIdx, held, ids, off, adj, isLand, rel, claimed, d } = this;
    const S = this.side;
    stacks.length = 0;
    for (let i = 0; i < seaIdx.length; i++) {
      const z = seaIdx[i]!;
      const st = this.board.stacks.get(ids[z]!)?.[S] ?? 0;
      stackOf[z] = st;
      if (st > 0 && !held[z]) stacks.push(z);
    }
    if (!stacks.length) return;
    stacks.sort((a, b) => stackOf[b]! - stackOf[a]! || a - b);
    for (const z of stacks) {
      const n = stackOf[z]!;
      // The land territories on z's coast edges, in id order: the best it can take, else the first own one.
      let best = -1;
      let home = -1;
      for (let k = off[z]!, end = off[z + 1]!; k < end; k++) {
        const u = adj[k]!;
        if (!isLand[u]) continue;
        if (rel[u]! >= NEUTRAL && !claimed[u] && n >= this.need(d[u]!) && (best < 0 || this.keyCmp(u, best) < 0)) best = u;
        if (home < 0 && rel[u] === OWN) home = u;
      }
      if (best >= 0) {
        this.all(z, best);
        claimed[best] = 1;
      } else if (home >= 0) this.all(z, home);
      else {
        const y = this.seaStepToOwnCoast(z);
        if (y >= 0) this.all(z, y);
        else this.stand(z);
      }
    }
  }

  /** D6.7: the zone after z on a breadth-first path over sea zones (id order) to a zone with a coast edge to an own territory; −1: none. */
  seaStepToOwnCoast(z: number): number {
    const { queue, pred, off, adj, isLand, rel } = this;
    pred.fill(-2); // −2: not reached
    pred[z] = -1;
    let qt = 0;
    queue[qt++] = z;
    for (let qh = 0; qh < qt; qh++) {
      const here = queue[qh]!;
      if (here !== z) {
        let coast = false;
        for (let k = off[here]!, end = off[here + 1]!; k < end; k++) if (rel[adj[k]!] === OWN) { coast = true; break; }
        if (coast) {
          let step = here;
          while (pred[step] !== z) step = pred[step]!;
          return step;
        }
      }
      for (let k = off[here]!, end = off[here + 1]!; k < end; k++) {
        const m = adj[k]!;
        if (isLand[m] || pred[m] !== -2) continue;
        pred[m] = here;
        queue[qt++] = m;
      }
    }
    return -1;
  }

  indexOf(id: string | null | undefined): number {
    return id == null ? -1 : this.at.get(id) ?? -1;
  }

  /** helperOrders: the marks and paint from `opts`, the plan, then the plan as Order objects in decision order. */
  orders(board: Board, side: Side, opts: HelperOpts): Order[] {
    const { held, claimed, ids } = this;
    held.fill(0);
    for (const x of opts.held) {
      const i = this.at.get(x);
      if (i !== undefined) held[i] = 1;
    }
    claimed.fill(0);
    if (opts.claimed) {
      for (const x of opts.claimed) {
        const i = this.at.get(x);
        if (i !== undefined) claimed[i] = 1;
      }
    }
    this.begin(board, side, opts.defaultMode, opts.rally, opts.capitals, opts.defenseFactor ?? 1.5);
    for (const [id, m] of opts.paint) this.paintOne(id, m);
    this.plan();
    const out: Order[] = [];
    for (let k = 0; k < this.planned; k++) {
      const from = ids[this.planFrom[k]!]!;
      const to = this.planTo[k]!;
      out.push(to < 0 ? { kind: 'stand', from } : { kind: 'move', from, to: ids[to]!, count: this.planHalf[k] ? 'half' : 'all' });
    }
    return out;
  }

  /** A call's start: the side, settings and opening board read into the arrays; every mode the default (paintOne then paints). */
  begin(board: Board, side: Side, defaultMode: Mode, rally: string | null, capitals: Record<Side, string>, defenseFactor: number): void {
    const { ids, landIdx, d, rel, mode, pos } = this;
    const S = side;
    const E = other(S);
    this.board = board;
    this.side = S;
    this.factor = defenseFactor;
    this.rallyId = rally;
    this.capitals = capitals;
    this.planned = 0;
    this.hasRally = false;
    this.distDone.fill(0);
    pos.fill(-1);

    // The opening board as arrays: d(u) for land, and what each land territory is to S (own, neutral, E's).
    rel.fill(NONE);
    for (let i = 0; i < landIdx.length; i++) {
      const t = landIdx[i]!;
      const id = ids[t]!;
      d[t] = board.armies.get(id) ?? 0;
      const o = board.owner.get(id);
      rel[t] = o === S ? OWN : o === E ? ENEMY : NEUTRAL;
    }
    this.enemyCap = this.indexOf(capitals[E]);
    this.ownCap = this.indexOf(capitals[S]);
    // A territory's mode (D6): its paint, else the default.
    this.byDefault = modeCode(defaultMode);
    mode.fill(this.byDefault);
  }

  /** One paint entry (paint.get(t) ?? default: an entry holding null or undefined is the default). */
  paintOne(id: string, m: Mode | null | undefined): void {
    const i = this.at.get(id);
    if (i !== undefined) this.mode[i] = m == null ? this.byDefault : modeCode(m);
  }

  /** D6.2 on the arrays `begin`, `paintOne` and the held / claimed marks set: the orders in planFrom/planTo/planHalf. */
  plan(): void {
    const { landIdx, landOff, landAdj, d, rel, mode, held, frontierSet, lineSet, pos, frontier, enemyFront, controlled, R, rallyTarget, idleExpand } = this;
    const E = other(this.side);
    // Own land in id order; D6.1 frontier / enemyFront: own territories with a foreign (resp. E-owned) land neighbour;
    // D6.1 controlled: the helper's territories with d > 0, sorted below by (d desc, id asc); R: the rally ones, id order.
    frontier.length = 0;
    enemyFront.length = 0;
    controlled.length = 0;
    R.length = 0;
    frontierSet.fill(0);
    for (let i = 0; i < landIdx.length; i++) {
      const t = landIdx[i]!;
      if (rel[t] !== OWN) continue;
      let f = false;
      let e = false;
      for (let k = landOff[t]!, end = landOff[t + 1]!; k < end; k++) {
        const r = rel[landAdj[k]!]!;
        if (r >= NEUTRAL) {
          f = true;
          if (r === ENEMY) { e = true; break; }
        }
      }
      if (f) { frontier.push(t); frontierSet[t] = 1; }
      if (e) enemyFront.push(t);
      if (!held[t] && d[t]! > 0) {
        controlled.push(t);
        if (mode[t] === RALLY) R.push(t);
      }
    }
    sortInPlace(controlled, this.byArmies);
    // D6.6's line F: enemyFront if any, else the frontier (the same distances).
    this.lineIsFrontier = enemyFront.length === 0;
    if (!this.lineIsFrontier) {
      lineSet.fill(0);
      for (const t of enemyFront) lineSet[t] = 1;
    }

    // D6.5 RALLY_PLAN, once per turn, only if some controlled territory is rally.
    rallyTarget.length = 0;
    if (R.length) this.rallyPlan(E);

    // D6.2 main loop, then JOINT (D6.4) and the sea stacks (D6.7).
    idleExpand.length = 0;
    for (const t of controlled) {
      if (pos[t]! >= 0) continue; // already has an order from the rally plan
      switch (mode[t]) {
        case NORMAL: this.normal(t); break;
        case EXPAND: this.expand(t); break;
        case RALLY: this.rally(t); break;
        case DEFEND: this.defend(t); break;
      }
    }
    this.joint();
    this.sea();
    this.board = undefined as unknown as Board;
  }
}

const ascending = (a: number, b: number): number => a - b;

/**
 * Binary insertion sort of a short list in place, for a total order (ties impossible, so any correct sort gives this
 * order): Array.prototype.sort copies the list into a work array on every call (D11 B1's garbage).
 */
function sortInPlace(xs: number[], cmp: (a: number, b: number) => number): void {
  for (let i = 1; i < xs.length; i++) {
    const x = xs[i]!;
    let lo = 0;
    let hi = i;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cmp(x, xs[mid]!) < 0) hi = mid; else lo = mid + 1;
    }
    for (let j = i; j > lo; j--) xs[j] = xs[j - 1]!;
    xs[lo] = x;
  }
}

/**
 * D6.5 "the node after G on the shortest land path G→P (D5.3 on land nodes only)", with the path's length. D5.3's
 * Dijkstra on land alone has one cost per step (1000), so it pops level by level, each level by id, and a node's
 * predecessor is the first popped neighbour (set only on a strict improvement): exactly a level-synchronous BFS
 * whose levels are sorted by id, which this is. null: P unreachable by land (landDist = ∞) or P = from.
 */
const landPaths = new WeakMap<DuelGraph, Map<string, { steps: number; next: string } | null>>();

export function landPathFrom(g: DuelGraph, from: string, to: string): { steps: number; next: string } | null {
  // Pure geography: cached per graph and pair (a rally fist asks for the same pair turn after turn).
  let cache = landPaths.get(g);
  if (!cache) {
    cache = new Map();
    landPaths.set(g, cache);
  }
  const key = `${from}\u0000${to}`;
  let found = cache.get(key);
  if (found === undefined) {
    found = computeLandPath(g, from, to);
    cache.set(key, found);
  }
  return found && { ...found };
}

function computeLandPath(g: DuelGraph, from: string, to: string): { steps: number; next: string } | null {
  if (from === to) return null;
  const pred = new Map<string, string | null>([[from, null]]);
  let level = [from];
  let steps = 0;
  while (level.length && !pred.has(to)) {
    const nextLevel: string[] = [];
    for (const here of level) {
      for (const n of g.landNbrs.get(here) ?? []) {
        if (pred.has(n)) continue;
        pred.set(n, here);
        nextLevel.push(n);
      }
    }
    level = nextLevel.sort(byId);
    steps++;
  }
  if (!pred.has(to)) return null;
  let next = to;
  while (pred.get(next) !== from) next = pred.get(next)!;
  return { steps, next };
}

/**
 * D6.8 (step 11): paint follows a helper's conquest. For each territory u the side captured this resolution
 * (owner not the side in `before`, the side's in `after`) with no paint, among the helper-ordered flows into u
 * (`helperMoves`, counts at take-off) whose source's mode M differs from the default, the largest (tie: smallest
 * source id) paints u with M. Sea stacks carry no paint: their mode is the default, so they paint nothing; manual
 * orders and routes paint nothing (they are not in `helperMoves`); a flow that lost its head-on fight (in `events`)
 * did not come to u. Returns the new paint; the input is not changed.
 */
export function inheritPaint(g: DuelGraph, side: Side, paint: ReadonlyMap<string, Mode>, defaultMode: Mode, helperMoves: readonly Move[], before: OwnerReader, after: Board, events: readonly DuelEvent[] = []): Map<string, Mode> {
  const out = new Map(paint);
  let best: Map<string, Move> | null = null;
  // A flow destroyed head-on (D4.3) never reached u, so it is no flow "of the capture" (pass resolveMoves' events).
  // Built only when a flow passes the cheaper tests below (most turns: none does, the paint being the default's).
  let died: Set<string> | null = null;
  for (const m of helperMoves) {
    if (m.side !== side || m.n <= 0) continue;
    const mode = paint.get(m.from) ?? defaultMode; // modeOf
    if (mode === defaultMode || g.kind.get(m.from) !== 'land') continue;
    const u = m.to;
    if (paint.has(u) || before.owner.get(u) === side || after.owner.get(u) !== side) continue;
    if (!died) died = headOnLosses(side, events);
    if (died.has(`${m.from}>${m.to}`)) continue;
    const b = (best ??= new Map()).get(u);
    if (!b || m.n > b.n || (m.n === b.n && m.from < b.from)) best.set(u, m);
  }
  if (best) for (const [u, m] of [...best].sort(([a], [b]) => byId(a, b))) out.set(u, modeOf(paint, defaultMode, m.from));
  return out;
}

/** D6.8's flows of `side` destroyed head-on (D4.3), as `from>to` (D10.8: the side's flow went from its source to the other flow's source). */
function headOnLosses(side: Side, events: readonly DuelEvent[]): Set<string> {
  const died = new Set<string>();
  for (const e of events) {
    if (e.type !== 'headOn' || e.survivor === side) continue;
    const [m, o] = e.a.side === side ? [e.a, e.b] : [e.b, e.a];
    died.add(`${m.from}>${o.from}`);
  }
  return died;
}

// ——— D6.9 the brush ———

/** D6.9 mode words (and their synonyms); null: not a mode word. */
export function modeWord(word: string): Mode | null {
  const w = word.trim();
  if (w === '普通' || w === '正常' || w === '默认') return 'normal';
  if (w === '扩张' || w === '扩展') return 'expand';
  if (w === '集结' || w === '集合') return 'rally';
  if (w === '防守' || w === '防御') return 'defend';
  return null;
}

/** D10.10: an unknown region is `UNKNOWN_TERRITORY` ("also an unknown region"), like an unknown territory. */
export type BrushRefusal = 'NOT_ALLOWED' | 'UNKNOWN_TERRITORY';
export type BrushResult = { ok: true; paint: Map<string, Mode> } | { ok: false; code: BrushRefusal; at: string };

/** Checks that every id is a land territory of the duel graph: a sea zone carries no paint (NOT_ALLOWED). */
function checkLand(g: DuelGraph, ids: readonly string[]): BrushResult | null {
  for (const t of ids) {
    const k = g.kind.get(t);
    if (k === 'sea') return { ok: false, code: 'NOT_ALLOWED', at: t };
    if (k !== 'land') return { ok: false, code: 'UNKNOWN_TERRITORY', at: t };
  }
  return null;
}

/**
 * D6.9 `【助手】模式 X、Y…`: paints the territories (any land territory, own or not: paint is geography). Painting
 * with the default mode stores it explicitly. All or nothing: one sea zone refuses the whole stroke.
 */
export function paintTerritories(g: DuelGraph, paint: ReadonlyMap<string, Mode>, mode: Mode, ids: readonly string[]): BrushResult {
  const no = checkLand(g, ids);
  if (no) return no;
  const out = new Map(paint);
  for (const t of ids) out.set(t, mode);
  return { ok: true, paint: out };
}

/** D6.9: the land territories whose `pos` lies in region R's bbox [x0, y0, x1, y1], inclusive; a territory without `pos` is in none. Id order. */
export function regionTerritories(g: DuelGraph, region: string): string[] | null {
  const r = g.map.regions.find((x) => x.id === region);
  if (!r) return null;
  const [x0, y0, x1, y1] = r.bbox;
  return g.land
    .filter((t) => {
      const pos = g.map.territory.get(t)?.pos;
      return !!pos && pos[0] >= x0 && pos[0] <= x1 && pos[1] >= y0 && pos[1] <= y1;
    })
    .sort(byId);
}

/** D6.9 `【助手】模式 区域 R`. */
export function paintRegion(g: DuelGraph, paint: ReadonlyMap<string, Mode>, mode: Mode, region: string): BrushResult {
  const ids = regionTerritories(g, region);
  if (!ids) return { ok: false, code: 'UNKNOWN_TERRITORY', at: region };
  return paintTerritories(g, paint, mode, ids);
}

/** D6.9 `【助手】清除 X…|区域 R|全部`: removes paint (the territories fall back to the default mode). */
export function clearPaint(g: DuelGraph, paint: ReadonlyMap<string, Mode>, what: { ids: readonly string[] } | { region: string } | 'all'): BrushResult {
  if (what === 'all') return { ok: true, paint: new Map() };
  let ids: readonly string[];
  if ('region' in what) {
    const r = regionTerritories(g, what.region);
    if (!r) return { ok: false, code: 'UNKNOWN_TERRITORY', at: what.region };
    ids = r;
  } else ids = what.ids;
  const no = checkLand(g, ids);
  if (no) return no;
  const out = new Map(paint);
  for (const t of ids) out.delete(t);
  return { ok: true, paint: out };
}

/** D6.5/D6.9 `【集结点】X`: any land territory; a sea zone is NOT_ALLOWED. null clears it (`【集结点】取消`). */
export function checkRally(g: DuelGraph, at: string | null): BrushRefusal | null {
  if (at === null) return null;
  const k = g.kind.get(at);
  return k === 'sea' ? 'NOT_ALLOWED' : k === 'land' ? null : 'UNKNOWN_TERRITORY';
}
