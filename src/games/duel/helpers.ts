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
import { byId, type DuelGraph } from './board.ts';
import { other, type Board, type DuelEvent, type Move, type Side } from './resolve.ts';
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
 */
export function helperOrders(g: DuelGraph, board: Board, side: Side, opts: HelperOpts): Order[] {
  const S = side;
  const E = other(S);
  const factor = opts.defenseFactor ?? 1.5;
  const need = (d: number) => needOf(d, factor);
  const d = (u: string): number => board.armies.get(u) ?? 0;
  const own = (u: string) => g.kind.get(u) === 'land' && board.owner.get(u) === S;
  const foreign = (u: string) => g.kind.get(u) === 'land' && board.owner.get(u) !== S;
  const landNbrs = (u: string): readonly string[] => g.landNbrs.get(u) ?? [];
  const value = (u: string) => g.value.get(u) ?? 0;
  const mode = (t: string) => modeOf(opts.paint, opts.defaultMode, t);
  const enemyCap = opts.capitals[E];

  // D6.1 valueKey: (0 if E's capital else 1, −value, d, id), smallest first.
  const keyCmp = (a: string, b: string): number =>
    (a === enemyCap ? 0 : 1) - (b === enemyCap ? 0 : 1) || value(b) - value(a) || d(a) - d(b) || byId(a, b);
  const minKey = (us: readonly string[]): string => [...us].sort(keyCmp)[0]!;

  const ownLand = g.land.filter(own).sort(byId);
  // D6.1 frontier / enemyFront: own territories with a foreign (resp. E-owned) land neighbour.
  const frontier = ownLand.filter((t) => landNbrs(t).some(foreign));
  const frontierSet = new Set(frontier);
  const enemyFront = ownLand.filter((t) => landNbrs(t).some((u) => board.owner.get(u) === E));

  // D6.1 distTo(X): BFS through own territories over land edges, seeded with X in id order; cached per X (the
  // helper only ever asks for a few fixed sets: the frontier, the defence line, the rally target).
  const distCache = new Map<readonly string[], Map<string, number>>();
  const distTo = (X: readonly string[]): Map<string, number> => {
    let dist = distCache.get(X);
    if (!dist) {
      dist = distThroughOwn(g, board, side, X);
      distCache.set(X, dist);
    }
    return dist;
  };
  const stepToward = (t: string, X: readonly string[]): string | null => stepAlong(g, board, side, distTo(X), t);

  const claimed = new Set<string>(opts.claimed ?? []);
  const orders = new Map<string, Order>();
  const all = (from: string, to: string) => orders.set(from, { kind: 'move', from, to, count: 'all' });
  const half = (from: string, to: string) => orders.set(from, { kind: 'move', from, to, count: 'half' });
  const stand = (from: string) => orders.set(from, { kind: 'stand', from });

  // D6.1 controlled: the helper's territories with d > 0, by (d desc, id asc).
  const controlled = ownLand.filter((t) => !opts.held.has(t) && d(t) > 0).sort((a, b) => d(b) - d(a) || byId(a, b));
  const targets = (t: string, armies: number) => landNbrs(t).filter((u) => foreign(u) && !claimed.has(u) && armies >= need(d(u)));

  // D6.3 NORMAL: take the best beatable neighbour with everything, else hold the frontier, else walk to it.
  const normal = (t: string) => {
    const B = targets(t, d(t));
    if (B.length) {
      const u = minKey(B);
      all(t, u);
      claimed.add(u);
    } else if (frontierSet.has(t)) stand(t);
    else {
      const v = stepToward(t, frontier);
      if (v) all(t, v);
      else stand(t);
    }
  };

  // D6.4 EXPAND: half where half is enough, else all; a frontier territory that cannot attack waits for JOINT.
  const idleExpand: string[] = [];
  const expand = (t: string) => {
    const a = d(t);
    const H = targets(t, Math.floor(a / 2));
    const A = targets(t, a);
    if (H.length) {
      const u = minKey(H);
      half(t, u);
      claimed.add(u);
    } else if (A.length) {
      const u = minKey(A);
      all(t, u);
      claimed.add(u);
    } else if (frontierSet.has(t)) {
      stand(t);
      idleExpand.push(t);
    } else {
      const v = stepToward(t, frontier);
      if (v) all(t, v);
      else stand(t);
    }
  };
  const joint = () => {
    const used = new Set<string>();
    const cand = new Set<string>();
    for (const t of idleExpand) for (const u of landNbrs(t)) if (foreign(u) && !claimed.has(u)) cand.add(u);
    for (const u of [...cand].sort(keyCmp)) {
      const grp = idleExpand.filter((t) => !used.has(t) && landNbrs(t).includes(u)).sort(byId);
      const sum = grp.reduce((s, t) => s + d(t), 0);
      if (grp.length >= 2 && sum >= need(d(u))) {
        for (const t of grp) { all(t, u); used.add(t); }
        claimed.add(u);
      }
    }
  };

  // D6.5 RALLY_PLAN, once per turn, only if some controlled territory is rally.
  let rallyTarget: string[] | null = null;
  const R = controlled.filter((t) => mode(t) === 'rally').sort(byId);
  if (R.length) {
    const P = opts.rally ?? enemyCap;
    if (own(P)) {
      // Gather at an own point: P stands if the helper plays it (any mode).
      rallyTarget = [P];
      if (!opts.held.has(P)) stand(P);
    } else {
      const Stg = R.filter((t) => landNbrs(t).includes(P));
      if (Stg.length) {
        // Staging beside P: strike together when the sum beats it (need(), no margin), else wait beside it.
        const sum = Stg.reduce((s, t) => s + d(t), 0);
        if (sum >= need(d(P))) {
          for (const t of Stg) all(t, P);
          claimed.add(P);
        } else for (const t of Stg) stand(t);
        rallyTarget = Stg;
      } else {
        // Fist: the rally territory nearest P by land (any owner), ties by id, cuts a road toward it.
        // landDist is symmetric (undirected land edges): one BFS from P serves every t.
        const fromP = landDistances(g, P);
        let G: string | null = null;
        let gDist = Infinity;
        for (const t of R) { // R is in id order: strict < keeps the smallest id on ties
          const dist = fromP.get(t) ?? Infinity;
          if (dist < gDist) { G = t; gDist = dist; }
        }
        if (G !== null) {
          const n = landPathFrom(g, G, P)!.next;
          if (own(n) || d(G) >= need(d(n))) {
            all(G, n);
            if (foreign(n)) claimed.add(n);
          } else stand(G);
          rallyTarget = [G];
        }
      }
    }
  }
  const rally = (t: string) => {
    const v = rallyTarget ? stepToward(t, rallyTarget) : null;
    if (v) all(t, v);
    else normal(t); // unreachable (or no target): behave as normal
  };

  // D6.6 DEFEND: the capital keeps its troops, the enemy border (else the whole frontier) holds, the rear moves up.
  const F = enemyFront.length ? enemyFront : frontier;
  const FSet = new Set(F);
  const defend = (t: string) => {
    if (t === opts.capitals[S] || FSet.has(t)) {
      stand(t);
      return;
    }
    const v = stepToward(t, F);
    if (v) all(t, v);
    else stand(t);
  };

  // D6.2 main loop.
  for (const t of controlled) {
    if (orders.has(t)) continue; // already has an order from the rally plan
    switch (mode(t)) {
      case 'normal': normal(t); break;
      case 'expand': expand(t); break;
      case 'rally': rally(t); break;
      case 'defend': defend(t); break;
    }
  }
  joint();

  // D6.7 SEA: own stacks with no order and no route, by (stack desc, id asc), brought ashore.
  const stack = (z: string) => board.stacks.get(z)?.[S] ?? 0;
  const stacks = g.sea.filter((z) => stack(z) > 0 && !opts.held.has(z)).sort((a, b) => stack(b) - stack(a) || byId(a, b));
  for (const z of stacks) {
    const n = stack(z);
    const C = (g.nbrs.get(z) ?? []).filter((u) => g.kind.get(u) === 'land'); // nbrs are in id order
    const B = C.filter((u) => foreign(u) && !claimed.has(u) && n >= need(d(u)));
    if (B.length) {
      const u = minKey(B);
      all(z, u);
      claimed.add(u);
      continue;
    }
    const home = C.find(own);
    if (home) {
      all(z, home);
      continue;
    }
    const y = seaStepToOwnCoast(g, z, own);
    if (y) all(z, y);
    else stand(z);
  }
  return [...orders.values()];
}

/**
 * D6.5 "the node after G on the shortest land path G→P (D5.3 on land nodes only)", with the path's length. D5.3's
 * Dijkstra on land alone has one cost per step (1000), so it pops level by level, each level by id, and a node's
 * predecessor is the first popped neighbour (set only on a strict improvement): exactly a level-synchronous BFS
 * whose levels are sorted by id, which this is. null: P unreachable by land (landDist = ∞) or P = from.
 */
export function landPathFrom(g: DuelGraph, from: string, to: string): { steps: number; next: string } | null {
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

/** D1.6 landDist(x, ·): fewest land edges from x (any owner); unreached nodes are absent. */
function landDistances(g: DuelGraph, x: string): Map<string, number> {
  const dist = new Map<string, number>([[x, 0]]);
  const queue = [x];
  for (let i = 0; i < queue.length; i++) {
    const here = queue[i]!;
    for (const n of g.landNbrs.get(here) ?? []) {
      if (dist.has(n)) continue;
      dist.set(n, dist.get(here)! + 1);
      queue.push(n);
    }
  }
  return dist;
}

/** D6.7: the zone after z on a breadth-first path over sea zones (id order) to a zone with a coast edge to an own territory. */
function seaStepToOwnCoast(g: DuelGraph, z: string, own: (u: string) => boolean): string | null {
  const pred = new Map<string, string | null>([[z, null]]);
  const queue = [z];
  for (let i = 0; i < queue.length; i++) {
    const here = queue[i]!;
    if (here !== z && (g.nbrs.get(here) ?? []).some(own)) {
      let step = here;
      while (pred.get(step) !== z) step = pred.get(step)!;
      return step;
    }
    for (const n of g.nbrs.get(here) ?? []) {
      if (g.kind.get(n) !== 'sea' || pred.has(n)) continue;
      pred.set(n, here);
      queue.push(n);
    }
  }
  return null;
}

/**
 * D6.8 (step 11): paint follows a helper's conquest. For each territory u the side captured this resolution
 * (owner not the side in `before`, the side's in `after`) with no paint, among the helper-ordered flows into u
 * (`helperMoves`, counts at take-off) whose source's mode M differs from the default, the largest (tie: smallest
 * source id) paints u with M. Sea stacks carry no paint: their mode is the default, so they paint nothing; manual
 * orders and routes paint nothing (they are not in `helperMoves`); a flow that lost its head-on fight (in `events`)
 * did not come to u. Returns the new paint; the input is not changed.
 */
export function inheritPaint(g: DuelGraph, side: Side, paint: ReadonlyMap<string, Mode>, defaultMode: Mode, helperMoves: readonly Move[], before: Board, after: Board, events: readonly DuelEvent[] = []): Map<string, Mode> {
  const out = new Map(paint);
  const best = new Map<string, Move>();
  // A flow destroyed head-on (D4.3) never reached u, so it is no flow "of the capture" (pass resolveMoves' events).
  const died = new Set<string>();
  for (const e of events) {
    if (e.type !== 'headOn' || e.winner === side) continue;
    const m = side === 'A' ? e.a : e.b;
    died.add(`${m.from}>${m.to}`);
  }
  for (const m of helperMoves) {
    if (m.side !== side || m.n <= 0 || g.kind.get(m.from) !== 'land' || died.has(`${m.from}>${m.to}`)) continue;
    if (modeOf(paint, defaultMode, m.from) === defaultMode) continue;
    const u = m.to;
    if (paint.has(u) || before.owner.get(u) === side || after.owner.get(u) !== side) continue;
    const b = best.get(u);
    if (!b || m.n > b.n || (m.n === b.n && m.from < b.from)) best.set(u, m);
  }
  for (const [u, m] of [...best].sort(([a], [b]) => byId(a, b))) out.set(u, modeOf(paint, defaultMode, m.from));
  return out;
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

export type BrushRefusal = 'NOT_ALLOWED' | 'UNKNOWN_TERRITORY' | 'UNKNOWN_REGION';
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
  if (!ids) return { ok: false, code: 'UNKNOWN_REGION', at: region };
  return paintTerritories(g, paint, mode, ids);
}

/** D6.9 `【助手】清除 X…|区域 R|全部`: removes paint (the territories fall back to the default mode). */
export function clearPaint(g: DuelGraph, paint: ReadonlyMap<string, Mode>, what: { ids: readonly string[] } | { region: string } | 'all'): BrushResult {
  if (what === 'all') return { ok: true, paint: new Map() };
  let ids: readonly string[];
  if ('region' in what) {
    const r = regionTerritories(g, what.region);
    if (!r) return { ok: false, code: 'UNKNOWN_REGION', at: what.region };
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
