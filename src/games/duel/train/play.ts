/**
 * The trainer's in-process gym (D8.4 allows a TypeScript trainer to call reset/step in process instead of
 * `duel-gym`): whole bot games on the real engine (`newDuel` with both sides seated as policies, exactly as
 * `playDuel`), with a recording policy that encodes every decision in action v1 and keeps the observation.
 *
 * The teacher for behaviour cloning is the lander bot (D8.3) expressed in action v1: action v1 has no routes, so
 * its sea route becomes per-turn orders (the port's first hop now; each later turn the stack sails one zone along
 * the same breadth-first path and lands on L from the zone touching it). Everything else it decides is encoded as is.
 */
import type { GameMap } from '../../europe/map/index.ts';
import {
  actionSpace, agentGraph, agentPolicy, decodeActions, encodeDecision, forward, observe, registerPolicy,
  type AgentView, type Weights,
} from '../agent.ts';
import { byId, duelGraph, type DuelGraph } from '../board.ts';
import { geographyOf, lander, landingFor, LANDER_MIN_TERRITORIES, launchReady, seaPathTo, type DuelDecision, type DuelPolicy, type DuelView } from '../bots.ts';
import { need } from '../../europe/combat.ts';
import { newDuel, scores, type DuelSettings } from '../engine.ts';
import { helperOrders } from '../helpers.ts';
import { other, type Side } from '../resolve.ts';
import { sampleChoice } from './net.ts';
import { TrainRng } from './rng.ts';

/** A breadth-first step over main-sea zones from zone z toward the first zone touching `target` (id order). */
function seaStep(g: DuelGraph, mainSea: Set<string>, z: string, target: string): string | null {
  if ((g.nbrs.get(z) ?? []).includes(target)) return target;
  const prev = new Map<string, string | null>([[z, null]]);
  const queue = [z];
  for (let q = 0; q < queue.length; q++) {
    const y = queue[q]!;
    if (y !== z && (g.nbrs.get(y) ?? []).includes(target)) {
      let s = y;
      while (prev.get(s) !== z) s = prev.get(s)!;
      return s;
    }
    for (const n of g.nbrs.get(y) ?? []) if (mainSea.has(n) && !prev.has(n)) { prev.set(n, y); queue.push(n); }
  }
  return null;
}

const geo = geographyOf;
const landingOf = (g: DuelGraph, E: string) => landingFor(g, geographyOf(g), E);

/** The lander in action v1 (no routes): see the module comment. Pure, like the bots. `min`: D8.3 landerMinTerritories. */
export function landerTeacher(min?: number): DuelPolicy {
  return { id: 'lander-orders', decide: (v) => teach(v, min) };
}

/** The teachers a BC run can clone (`--teacher`): the lander in action v1, the lander that guards and pushes, the coast-gatherer, or the coast-gatherer that spears and expands. */
export type TeacherStyle = 'lander' | 'guard-push' | 'coast-gather' | 'coast-launch' | 'spear-expand';
export const TEACHER_STYLES: readonly TeacherStyle[] = ['lander', 'guard-push', 'coast-gather', 'coast-launch', 'spear-expand'];

/** The teacher of a style (`min`: D8.3 landerMinTerritories, for the lander's styles). */
export function teacherOf(style: TeacherStyle, min?: number): DuelPolicy {
  switch (style) {
    case 'guard-push': return guardPushTeacher(min);
    case 'coast-gather': return coastGatherTeacher();
    case 'coast-launch': return coastGatherTeacher(COAST_LAUNCH_AT);
    case 'spear-expand': return coastGatherTeacher(COAST_LAUNCH_AT, SPEAR_EXPAND);
    default: return landerTeacher(min);
  }
}

/** The coast-gatherer's constants (chosen over 200 Europe games each against greedy and lander, see the README). */
export const COAST_GATHER = { minTerritories: 12, guardBelow: 60, threat: 1.5, seaWatch: 4 } as const;
/** `coast-launch`: the coast-gatherer whose port sails once it holds this many armies (not D8.3's test, which a network cannot see). */
export const COAST_LAUNCH_AT = 10;
/**
 * `spear-expand`: coast-launch, with its port chosen from 16 own territories on, plus two habits against the
 * greedy helper's growth (chosen over 400 Europe games each on seeds 9000–9399, confirmed on 11000–11399; see the
 * trainer README): every frontier territory attacks its land neighbour nearest the enemy capital (strictly nearer
 * than itself) whenever its whole army takes it (the spear), and, while the side holds under 40 territories, the
 * frontier territories left over play D6.4's expansion (half where half is enough, joint attacks) instead of D6.3's
 * normal helper. Scored 93.5% vs greedy and 91.25% vs lander (400 games each, seeds 11000–11399; coast-launch:
 * 86.75% and 87.25% on the same games).
 */
export const SPEAR_EXPAND = { minTerritories: 16, expandUntil: 40 } as const;

/**
 * A teacher whose army moves are local: a node's choice depends on its own and its neighbours' features, except the
 * port's. From 12 own territories on it picks a port (the own coastal territory, not the capital, with the fewest
 * sea zones to the landing L, then nearest the enemy capital by land, then id) that stands until its army would
 * arrive stronger than L needs (D8.3's test), then sails for L one zone a turn. Interior territories walk toward
 * the enemy capital by land (as guard-push), so armies gather at the front facing it rather than at a port far
 * away. The capital stands while it holds fewer than 60; it is threatened when the enemy next to it, or at sea within
 * 4 zones of it, holds at least two thirds of its garrison — then its own neighbours come home and it stands.
 * Measured over 200 Europe games each, sides alternating: 87.75% vs greedy, 83.25% vs lander. With `launchAt` the
 * port sails once it holds that many armies instead (`coast-launch`, 10: 88.25% and 85.5%): then every choice but
 * the port's depends only on a node's own neighbourhood.
 */
export function coastGatherTeacher(launchAt?: number, spearExpand?: { minTerritories: number; expandUntil: number }): DuelPolicy {
  const C = spearExpand ? { ...COAST_GATHER, minTerritories: spearExpand.minTerritories } : COAST_GATHER;
  return {
    id: launchAt === undefined ? 'coast-gather-orders' : `coast-launch-${launchAt}${spearExpand ? '-spear-expand' : ''}-orders`,
    decide(v: DuelView): DuelDecision {
      const { graph: g, board: b, side: S } = v;
      const gg = geo(g);
      const E = v.capitals[other(S)];
      const cap = v.capitals[S];
      const d = (t: string) => b.armies.get(t) ?? 0;
      const enemy = (t: string) => (b.owner.get(t) === other(S) ? d(t) : 0) + (b.stacks.get(t)?.[other(S)] ?? 0);
      const orders: DuelDecision['orders'] = [];
      const busy = new Set<string>();
      const order = (from: string, to: string, count: 'all' | 'stand') => { orders.push({ from, to, count }); busy.add(from); };
      const own = g.land.filter((t) => b.owner.get(t) === S);
      const L = landingOf(g, E);
      // Stacks at sea sail for L (as the action-v1 lander).
      for (const z of g.sea) {
        if ((b.stacks.get(z)?.[S] ?? 0) <= 0 || !L || !gg.mainSea.has(z)) continue;
        const step = seaStep(g, gg.mainSea, z, L);
        if (step) order(z, step, 'all');
      }
      const home = b.owner.get(cap) === S;
      if (home && own.length >= C.minTerritories && d(cap) < C.guardBelow) order(cap, cap, 'stand');
      if (own.length >= C.minTerritories && L && b.owner.get(L) !== S) {
        let best: { p: string; zones: string[] } | null = null;
        const key = (x: { p: string; zones: string[] }) => [x.zones.length, gg.landDist(x.p, E)] as const;
        for (const p of own) {
          if (p === cap || busy.has(p) || !gg.coastal(p)) continue;
          const zones = seaPathTo(g, gg, p, L);
          if (!zones) continue;
          const x = { p, zones };
          if (!best) { best = x; continue; }
          const [a1, a2] = key(x), [b1, b2] = key(best);
          if (a1 < b1 || (a1 === b1 && (a2 < b2 || (a2 === b2 && byId(p, best.p) < 0)))) best = x;
        }
        if (best) {
          if (launchAt === undefined ? launchReady(v, best.p, best.zones, L) : d(best.p) > 0 && d(best.p) >= launchAt) order(best.p, best.zones[0]!, 'all');
          else order(best.p, best.p, 'stand');
        }
      }
      if (home) {
        let near = 0;
        for (const n of g.nbrs.get(cap) ?? []) near = Math.max(near, enemy(n));
        // Enemy stacks at sea within seaWatch zones of the capital, breadth-first over sea zones.
        let atSeaNear = 0;
        const seen = new Set<string>();
        let front = (g.nbrs.get(cap) ?? []).filter((z) => g.kind.get(z) === 'sea');
        for (let r = 0; r < C.seaWatch && front.length; r++) {
          const next: string[] = [];
          for (const z of front) {
            if (seen.has(z)) continue;
            seen.add(z);
            atSeaNear += b.stacks.get(z)?.[other(S)] ?? 0;
            for (const n of g.nbrs.get(z) ?? []) if (g.kind.get(n) === 'sea' && !seen.has(n)) next.push(n);
          }
          front = next;
        }
        if ((near > 0 && near * C.threat >= d(cap)) || (atSeaNear > 0 && atSeaNear * C.threat >= d(cap))) {
          for (const n of g.nbrs.get(cap) ?? []) if (b.owner.get(n) === S && !busy.has(n) && d(n) > 0) order(n, cap, 'all');
          if (!busy.has(cap)) order(cap, cap, 'stand');
        }
      }
      if (spearExpand) spear(v, own, busy, orders);
      pushInterior(v, own, busy, orders);
      if (spearExpand && own.length < spearExpand.expandUntil) expandFrontier(v, orders);
      return { orders, routes: [] };
    },
  };
}

/** The spear: every own territory not yet ordered whose whole army takes its land neighbour nearest the enemy capital (strictly nearer than itself; ties by id) attacks it. */
function spear(v: DuelView, own: readonly string[], busy: Set<string>, orders: DuelDecision['orders']): void {
  const { graph: g, board: b, side: S } = v;
  const gg = geo(g);
  const E = v.capitals[other(S)];
  for (const t of own) {
    const a = b.armies.get(t) ?? 0;
    if (busy.has(t) || a <= 0) continue;
    let best: string | null = null;
    for (const n of g.landNbrs.get(t) ?? []) if (b.owner.get(n) !== S && gg.landDist(n, E) < gg.landDist(best ?? t, E)) best = n;
    if (best && a >= need(b.armies.get(best) ?? 0, v.defenseFactor)) { orders.push({ from: t, to: best, count: 'all' }); busy.add(t); }
  }
}

/** D6.4 expansion for the own land territories not yet ordered: the helper's own decisions in `expand` mode, given as manual orders (so every one is an action v1 choice). */
function expandFrontier(v: DuelView, orders: DuelDecision['orders']): void {
  const { graph: g, board: b, side: S } = v;
  const held = new Set(orders.map((o) => o.from));
  const claimed = orders.filter((o) => o.from !== o.to).map((o) => o.to);
  for (const h of helperOrders(g, b, S, { defaultMode: 'expand', paint: new Map(), rally: null, capitals: v.capitals, held, claimed, defenseFactor: v.defenseFactor })) {
    if (g.kind.get(h.from) !== 'land') continue;
    orders.push(h.kind === 'stand' ? { from: h.from, to: h.from, count: 'stand' } : { from: h.from, to: h.to, count: h.count });
  }
}

/** Every interior own territory not yet ordered sends all its armies to the land neighbour nearest the enemy capital by land (strictly nearer; ties by id). */
function pushInterior(v: DuelView, own: readonly string[], busy: Set<string>, orders: DuelDecision['orders']): void {
  const { graph: g, board: b, side: S } = v;
  const gg = geo(g);
  const E = v.capitals[other(S)];
  for (const t of own) {
    if (busy.has(t) || (b.armies.get(t) ?? 0) <= 0) continue;
    const land = (g.nbrs.get(t) ?? []).filter((n) => g.kind.get(n) === 'land');
    if (land.some((n) => b.owner.get(n) !== S)) continue;
    let best: string | null = null;
    for (const n of [...land].sort(byId)) if (gg.landDist(n, E) < gg.landDist(best ?? t, E)) best = n;
    if (best) orders.push({ from: t, to: best, count: 'all' });
  }
}

/**
 * The lander in action v1 plus two habits a 4-hop network can see (their inputs are node features 2, 8 and 12 of a
 * node and its neighbours): from 8 own territories on, the capital stands (a garrison against a landing: the
 * lander's own weakness, D8.3 "a human who keeps a garrison in a coastal capital stops it"); and every interior own
 * territory the lander leaves alone sends all its armies to the land neighbour nearest the enemy capital by land
 * (strictly nearer; ties by id). Measured on Europe over 200 games each (sides alternating): 83.25% vs greedy and
 * 49.5% vs lander, against the plain action-v1 lander's 80.75% and 45.75%.
 */
export function guardPushTeacher(min?: number): DuelPolicy {
  return {
    id: 'guard-push-orders',
    decide(v: DuelView): DuelDecision {
      const base = teach(v, min);
      const { graph: g, board: b, side: S } = v;
      const orders = [...base.orders];
      const busy = new Set(orders.map((o) => o.from));
      for (const r of v.routes) busy.add(r.path[r.at]!);
      const own = g.land.filter((t) => b.owner.get(t) === S);
      const cap = v.capitals[S];
      if (own.length >= (min ?? LANDER_MIN_TERRITORIES) && !busy.has(cap) && b.owner.get(cap) === S) { orders.push({ from: cap, to: cap, count: 'stand' }); busy.add(cap); }
      pushInterior(v, own, busy, orders);
      return { orders, routes: [] };
    },
  };
}

function teach(v: DuelView, min?: number): DuelDecision {
  {
    const d = lander.decide({ ...v, routes: [], ...(min !== undefined ? { landerMinTerritories: min } : {}) });
    const orders = [...d.orders];
    for (const r of d.routes) orders.push({ from: r.points[0]!, to: r.points[1]!, count: r.count });
    const g = v.graph;
    const L = landingOf(g, v.capitals[other(v.side)]);
    const mainSea = geo(g).mainSea;
    for (const z of g.sea) {
      const n = v.board.stacks.get(z)?.[v.side] ?? 0;
      if (n <= 0 || !L || v.board.owner.get(L) === v.side || !mainSea.has(z)) continue;
      const step = seaStep(g, mainSea, z, L);
      if (step) orders.push({ from: z, to: step, count: 'all' });
    }
    return { orders, routes: [] };
  }
}

export const landerOrders: DuelPolicy = landerTeacher();

/** One recorded decision: the observation (float32 to save memory), the acting nodes, masks and chosen actions. */
export interface Sample {
  node: Float32Array;
  global: Float32Array;
  acting: number[];
  mask: Uint8Array[];
  actions: number[];
  turn: number;
}

export interface GameRecord {
  seed: number;
  winner: Side[];
  how: string;
  turns: number;
  scores: Record<Side, number>;
  /** Per recorded side, its decisions in turn order. */
  samples: Partial<Record<Side, Sample[]>>;
}

export type Controller =
  | { kind: 'scripted'; id: 'greedy' | 'lander' }
  | { kind: 'teacher'; min?: number; style?: TeacherStyle }
  | { kind: 'net'; weights: Weights; sample: boolean }
  /**
   * DAgger (dataset aggregation): the teacher labels every decision, but a decision is played by the teacher only
   * with probability `beta` and otherwise by the network's argmax. The network then learns the teacher's answer in
   * the states its own mistakes lead to, which plain cloning never shows it (a clone's errors compound).
   */
  | { kind: 'dagger'; weights: Weights; beta: number; min?: number; style?: TeacherStyle };

let serial = 0;

/** The policy a controller plays with, recording its decisions into `out` when given. */
function policyOf(c: Controller, rng: TrainRng, out: Sample[] | null): DuelPolicy | string {
  if (c.kind === 'scripted' && !out) return c.id;
  const id = `train:${++serial}`;
  const base = c.kind === 'scripted' ? (c.id === 'lander' ? landerOrders : { id, decide: () => ({ orders: [], routes: [] }) }) : c.kind === 'teacher' || c.kind === 'dagger' ? teacherOf(c.style ?? 'lander', c.min) : null;
  const net = c.kind === 'net' || c.kind === 'dagger' ? agentPolicy(id, c.weights) : null;
  return {
    id,
    decide(v: DuelView): DuelDecision {
      const av = v as AgentView;
      const { acting, mask } = actionSpace(v);
      if (!acting.length) return { orders: [], routes: [] };
      let actions: number[];
      // What is played when it is not the recorded actions: DAgger's network move (the teacher's stays the label).
      let played: DuelDecision | null = null;
      if (base) {
        actions = encodeDecision(v, base.decide(v));
        if (c.kind === 'dagger' && rng.next() >= c.beta) played = net!.decide(v);
      }
      else if (c.kind === 'net' && c.sample) {
        const ag = agentGraph(v.graph);
        const logits = forward(ag, c.weights, observe(av));
        actions = acting.map((i, j) => sampleChoice(ag, logits, i, mask[j]!, rng.next()));
      } else {
        const d = net!.decide(v);
        if (!out) return d;
        actions = encodeDecision(v, d);
      }
      if (out) {
        const obs = observe(av);
        out.push({ node: Float32Array.from(obs.node), global: Float32Array.from(obs.global), acting, mask, actions, turn: av.turn ?? 0 });
      }
      return played ?? decodeActions(v, actions);
    },
  };
}

/** Plays one game on the real engine; `record` names the sides whose decisions are kept. */
export interface GameOpts { capitals?: Record<Side, string>; settings?: Partial<DuelSettings> }

export function playGame(map: GameMap, seed: number, ctl: Record<Side, Controller>, record: Side[] = [], rngSeed = seed, opts: GameOpts = {}): GameRecord {
  const g = duelGraph(map);
  const rng = new TrainRng(rngSeed);
  const samples: Partial<Record<Side, Sample[]>> = {};
  const ids = {} as Record<Side, string>;
  for (const side of ['A', 'B'] as const) {
    const out = record.includes(side) ? (samples[side] = []) : null;
    const p = policyOf(ctl[side], rng, out);
    if (typeof p === 'string') ids[side] = p;
    else { registerPolicy(p); ids[side] = p.id; }
  }
  const s = newDuel(map, { type: 'start', at: 0, seed, bots: ids, ...(opts.capitals ? { capitals: opts.capitals } : {}), ...(opts.settings ? { settings: opts.settings } : {}) });
  if (s.status !== 'ended') throw new Error(`training game ${seed} did not end`);
  return { seed, winner: s.outcome!.winner, how: s.outcome!.how, turns: s.turn, scores: scores(g, s), samples };
}

/** The score of `side` in a finished game: 1 win, ½ draw (both or neither win), 0 loss. */
export function scoreOf(r: GameRecord, side: Side): number {
  return r.winner.length === 1 ? (r.winner[0] === side ? 1 : 0) : 0.5;
}
