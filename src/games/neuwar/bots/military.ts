/**
 * Army orders for one turn (R10): hold what is threatened, attack only where R10.5's arithmetic wins with the
 * armies at hand, unload and use sea stacks (R10.7), send expeditions by sea when no land front is open, and move
 * the rest toward the front without passing the stacking caps (R7).
 */
import type { CountryId, TerrId } from '../engine/index.ts';
import { checkMove, pendingDeploy } from '../engine/index.ts';
import type { Board } from './board.ts';
import type { Rng } from '../../europe/rng.ts';

export interface Move { from: TerrId; to: TerrId; n: number }

export interface Target {
  id: TerrId;
  owner: CountryId | null;
  /** Fewest attackers that should win (R10.5) with the expected reinforcements. */
  need: number;
  net: number;
  sources: TerrId[];
  /** What the sources could give after defence. */
  reach: number;
}

export interface MilitaryPlan {
  moves: Move[];
  /** Targets worth taking that the armies at hand could not reach this turn (for purchases). */
  short: Target[];
  attacks: TerrId[];
}

/**
 * Plans the turn's army orders. `attack` false: 'defend' mode (hold only). Reads the board after this turn's
 * purchases and mobilization (pendingDeploy), so the armies they bring are moved too.
 */
export function planMilitary(b: Board, rng: Rng, attack: boolean): MilitaryPlan {
  const s = b.s, map = b.map, me = b.me, geo = b.geo;
  const mine = b.own();
  const mineSet = new Set(mine);
  const ars = b.arsenal;
  const arsAdj = ars ? [...map.adj.get(ars)!].filter((n) => mineSet.has(n)).sort() : [];
  /** Armies each own land territory will hold after the moves planned so far. */
  const proj = new Map<TerrId, number>();
  /** Armies each source may still give. */
  const avail = new Map<TerrId, number>();
  for (const t of mine) {
    const have = b.armies(t) + pendingDeploy(s, map, me, t);
    proj.set(t, have);
    avail.set(t, Math.max(0, have - b.holdNeed(t)));
  }
  if (ars) avail.set(ars, (s.arsenals[me] ?? 0) + pendingDeploy(s, map, me, ars));
  const seaStacks: TerrId[] = [];
  for (const z of geo.seaIds) {
    const n = b.stacks(z)[me] ?? 0;
    if (n > 0) { avail.set(z, n); seaStacks.push(z); }
  }
  const moves: Move[] = [];
  const send = (from: TerrId, to: TerrId, n: number) => {
    if (n <= 0) return;
    moves.push({ from, to, n });
    avail.set(from, (avail.get(from) ?? 0) - n);
    if (proj.has(from)) proj.set(from, proj.get(from)! - n);
    if (proj.has(to)) proj.set(to, proj.get(to)! + n);
  };
  const room = (t: TerrId) => b.cap(t) - proj.get(t)!;
  const ok = (from: TerrId, to: TerrId) => checkMove(s, map, me, from, to).ok;

  // 1. Hold: territories short of what they need pull from own neighbours, the capital first (R5.5).
  const short = mine.filter((t) => b.holdNeed(t) > proj.get(t)!)
    .sort((x, y) => (y === b.capital ? 1 : 0) - (x === b.capital ? 1 : 0) || b.value(y) - b.value(x) || (x < y ? -1 : 1));
  for (const t of short) {
    const donors = [...geo.landAdj.get(t)!.filter((n) => mineSet.has(n)), ...(arsAdj.includes(t) ? [ars!] : []), ...geo.seaAdj.get(t)!.filter((z) => (avail.get(z) ?? 0) > 0)]
      .sort((x, y) => (avail.get(y) ?? 0) - (avail.get(x) ?? 0) || (x < y ? -1 : 1));
    for (const d of donors) {
      const want = Math.min(b.holdNeed(t) - proj.get(t)!, room(t));
      if (want <= 0) break;
      const n = Math.min(want, avail.get(d) ?? 0);
      if (n > 0 && ok(d, t)) send(d, t, n);
    }
  }

  // 2. Attacks that win (R10.5), best value per attacker first.
  const targets: Target[] = [];
  const shortTargets: Target[] = [];
  const attacks: TerrId[] = [];
  if (attack) {
    const seen = new Set<TerrId>();
    const cand: TerrId[] = [];
    for (const t of mine) for (const x of geo.landAdj.get(t)!) if (!mineSet.has(x) && !seen.has(x)) { seen.add(x); cand.push(x); }
    for (const z of seaStacks) for (const x of geo.landAdj.get(z)!) if (!mineSet.has(x) && !seen.has(x)) { seen.add(x); cand.push(x); }
    for (const x of cand) {
      const o = b.owner(x);
      if (o !== null && !b.hostileNow(o)) continue;
      const sources = [...geo.landAdj.get(x)!.filter((n) => mineSet.has(n)), ...geo.seaAdj.get(x)!.filter((z) => (b.stacks(z)[me] ?? 0) > 0)]
        .filter((src) => ok(src, x));
      if (sources.length === 0) continue;
      const d = b.armies(x);
      let help = 0;
      if (o !== null) for (const n of geo.landAdj.get(x)!) if (b.owner(n) === o) help += b.armies(n);
      const need = b.need(d + Math.ceil(help * b.st.reinforce)) + (o !== null ? 1 : 0);
      const lost = Math.floor(d * s.settings.defenseFactor);
      const net = b.value(x) - lost * b.st.armyValue;
      if (net <= 0) continue;
      targets.push({ id: x, owner: o, need, net, sources, reach: 0 });
    }
    const jitter = new Map(targets.map((t) => [t.id, 1 + 0.1 * rng.next()]));
    targets.sort((x, y) => y.net / y.need * jitter.get(y.id)! - x.net / x.need * jitter.get(x.id)! || (x.id < y.id ? -1 : 1));
    for (const t of targets) {
      const reach = t.sources.reduce((a, src) => a + Math.max(0, avail.get(src) ?? 0), 0);
      t.reach = reach;
      if (reach < t.need) { shortTargets.push(t); continue; }
      const d = b.armies(t.id);
      const most = b.cap(t.id) + Math.floor(d * s.settings.defenseFactor);
      let want = Math.max(t.need, Math.min(reach, t.need + Math.ceil(t.need * b.st.margin), most));
      // Sea stacks first: they lose a tenth a turn at sea (R10.7); then the largest land sources.
      const order = [...t.sources].sort((x, y) => (b.kind(y) === 'sea' ? 1 : 0) - (b.kind(x) === 'sea' ? 1 : 0) || (avail.get(y) ?? 0) - (avail.get(x) ?? 0) || (x < y ? -1 : 1));
      for (const src of order) {
        if (want <= 0) break;
        const n = Math.min(want, avail.get(src) ?? 0);
        if (n > 0) { send(src, t.id, n); want -= n; }
      }
      attacks.push(t.id);
    }
  }

  // 3. Sea stacks not used: sail on toward a target they can still take (R10.7: a tenth lost a turn), else land
  // on an own coast (the roomiest), else sail one zone toward one.
  for (const z of seaStacks) {
    const n = avail.get(z) ?? 0;
    if (n <= 0) continue;
    const on = attack ? seaRoutes(b, z, mineSet, true).find((r) => r.dist > 0 && r.send <= n) : undefined;
    if (on) { send(z, on.first, n); continue; }
    const coasts = geo.landAdj.get(z)!.filter((x) => mineSet.has(x)).sort((x, y) => room(y) - room(x) || (x < y ? -1 : 1));
    if (coasts.length > 0) {
      // Land within the caps (R7); what has no room stays at sea until there is (the tenth lost costs less).
      for (const x of coasts) if ((avail.get(z) ?? 0) > 0 && room(x) > 0) send(z, x, Math.min(avail.get(z)!, room(x)));
      if ((avail.get(z) ?? 0) > 0 && room(coasts[0]!) + 10 >= avail.get(z)!) send(z, coasts[0]!, avail.get(z)!);
      continue;
    }
    const next = seaToward(b, z, mineSet);
    if (next) send(z, next, n);
  }


  // 5. The rest moves one step toward the front: territories next to a target it could not take yet, else next to
  // land that may be taken (neutral, or a country at war), else next to any foreign land; never past a cap (R7).
  const goals = new Set<TerrId>();
  for (const t of shortTargets) for (const src of t.sources) if (mineSet.has(src)) goals.add(src);
  for (const t of mine) if (b.holdNeed(t) > proj.get(t)!) goals.add(t);
  if (goals.size === 0 || !attack) {
    for (const t of mine) {
      for (const x of geo.landAdj.get(t)!) {
        const o = b.owner(x);
        if (o !== me && (attack ? o === null || b.hostileNow(o) || b.hostileSoon(o) : b.hostileNow(o) || b.hostileSoon(o))) { goals.add(t); break; }
      }
    }
  }
  if (goals.size === 0) for (const t of mine) if (b.isFront(t)) goals.add(t);
  if (goals.size === 0 && b.capital && mineSet.has(b.capital)) goals.add(b.capital);
  const dist = new Map<TerrId, number>();
  let frontier = [...goals].sort();
  for (const g of frontier) dist.set(g, 0);
  while (frontier.length) {
    const next: TerrId[] = [];
    for (const t of frontier) {
      for (const n of geo.landAdj.get(t)!) {
        if (!mineSet.has(n) || dist.has(n)) continue;
        dist.set(n, dist.get(t)! + 1);
        next.push(n);
      }
    }
    frontier = next;
  }
  // 4. An expedition by sea (R10.7) from own coasts into a zone next to a good target: when no land front is open,
  // or from land that no front can be reached from by land (an island, a coast cut off).
  if (attack && seaStacks.length === 0) {
    const open = landFrontOpen(b, mineSet);
    if (!open || mine.some((t) => !dist.has(t) && (avail.get(t) ?? 0) > 0)) {
      const from = open ? new Map([...avail].filter(([t]) => mineSet.has(t) && !dist.has(t))) : avail;
      const exp = attacks.length === 0 || open ? expedition(b, from, mineSet) : null;
      if (exp) for (const m of exp) send(m.from, m.to, m.n);
    }
  }
  const flowFrom = [...mine].filter((t) => (dist.get(t) ?? 0) > 0 && (avail.get(t) ?? 0) > 0)
    .sort((x, y) => dist.get(y)! - dist.get(x)! || (x < y ? -1 : 1));
  for (const t of flowFrom) {
    const dt = dist.get(t)!;
    const steps = geo.landAdj.get(t)!.filter((n) => mineSet.has(n) && dist.has(n) && dist.get(n)! < dt)
      .sort((x, y) => room(y) - room(x) || (x < y ? -1 : 1));
    for (const n of steps) {
      const k = Math.min(avail.get(t)!, room(n));
      if (k > 0) send(t, n, k);
      if (avail.get(t)! <= 0) break;
    }
  }
  // The arsenal's armies go where the hold needs them, else to the roomiest neighbour nearest the front.
  if (ars && (avail.get(ars) ?? 0) > 0) {
    const outs = [...arsAdj].sort((x, y) => (b.holdNeed(y) - proj.get(y)!) - (b.holdNeed(x) - proj.get(x)!) || (dist.get(x) ?? 99) - (dist.get(y) ?? 99) || room(y) - room(x) || (x < y ? -1 : 1));
    for (const n of outs) {
      const k = Math.min(avail.get(ars)!, room(n));
      if (k > 0) send(ars, n, k);
      if (avail.get(ars)! <= 0) break;
    }
  }
  // 6. Over a cap (R7: mobilized armies, arrivals): the excess spreads to own neighbours with room; more than ten
  // over (the penalty doubles with every ten) that no neighbour takes puts to sea, where there is no cap (a tenth
  // lost a turn costs less).
  for (const t of mine) {
    let over = proj.get(t)! - b.cap(t);
    if (over <= 0) continue;
    const free = () => b.armies(t) + pendingDeploy(s, map, me, t) - outgoing(moves, t);
    const outs = geo.landAdj.get(t)!.filter((n) => mineSet.has(n)).sort((x, y) => room(y) - room(x) || (x < y ? -1 : 1));
    for (const n of outs) {
      const k = Math.min(over, room(n), free());
      if (k <= 0) break;
      send(t, n, k);
      over -= k;
    }
    const z = geo.seaAdj.get(t)![0];
    if (over > 10 && z && checkMove(s, map, me, t, z).ok) send(t, z, Math.min(over, free()));
  }
  return { moves: merge(moves), short: shortTargets, attacks };
}

function outgoing(moves: Move[], t: TerrId): number {
  let n = 0;
  for (const m of moves) if (m.from === t) n += m.n;
  return n;
}

function merge(moves: Move[]): Move[] {
  const m = new Map<string, Move>();
  for (const x of moves) {
    const k = `${x.from}>${x.to}`;
    const y = m.get(k);
    if (y) y.n += x.n;
    else m.set(k, { ...x });
  }
  return [...m.values()].filter((x) => x.n > 0);
}

/** Land that may be entered now or next turn next to own land (neutral, or a country at war). */
function landFrontOpen(b: Board, mineSet: Set<TerrId>): boolean {
  for (const t of mineSet) {
    for (const x of b.geo.landAdj.get(t)!) {
      if (mineSet.has(x)) continue;
      const o = b.owner(x);
      if (o === null || b.hostileNow(o) || b.hostileSoon(o)) return true;
    }
  }
  return false;
}

/** The neighbouring sea zone one step nearer an own coast (breadth-first over the sea zones). */
function seaToward(b: Board, from: TerrId, mineSet: Set<TerrId>): TerrId | null {
  const geo = b.geo;
  const dist = new Map<TerrId, number>();
  let frontier: TerrId[] = [];
  for (const z of geo.seaIds) if (geo.landAdj.get(z)!.some((x) => mineSet.has(x))) { dist.set(z, 0); frontier.push(z); }
  while (frontier.length) {
    const next: TerrId[] = [];
    for (const z of frontier) for (const y of geo.seaAdj.get(z)!) if (!dist.has(y)) { dist.set(y, dist.get(z)! + 1); next.push(y); }
    frontier = next;
  }
  const here = dist.get(from);
  if (here === undefined) return null;
  const steps = geo.seaAdj.get(from)!.filter((y) => (dist.get(y) ?? Infinity) < here).sort();
  return steps[0] ?? null;
}

interface SeaRoute {
  /** The zone the armies enter first (from a coast: the zone next to it; from a stack: the next zone). */
  first: TerrId;
  target: TerrId;
  /** Zones sailed before the landing (0: the landing is the next move). */
  dist: number;
  /** Armies to send so that what is left after the turns at sea still wins (R10.5, R10.7). */
  send: number;
  score: number;
}

/**
 * Targets reachable by sea from zone `start`, up to three zones out: land that may be entered now (neutral, or a
 * country at an active war), worth more than what taking it costs, with the armies to send so that what is left
 * after floor(90%) a turn at sea still wins (`atSea`: the armies are a stack in `start` already). `first` is the zone to sail into next (for a landing from `start`
 * itself, `start`). Best value per army first.
 */
function seaRoutes(b: Board, start: TerrId, mineSet: Set<TerrId>, atSea: boolean): SeaRoute[] {
  const geo = b.geo, s = b.s;
  const keep = 1 - s.settings.seaLoss;
  const first = new Map<TerrId, TerrId>([[start, start]]);
  const dist = new Map<TerrId, number>([[start, 0]]);
  let frontier: TerrId[] = [start];
  while (frontier.length) {
    const next: TerrId[] = [];
    for (const z of frontier) {
      if (dist.get(z)! >= 3) continue;
      for (const y of geo.seaAdj.get(z)!) {
        if (dist.has(y)) continue;
        dist.set(y, dist.get(z)! + 1);
        first.set(y, z === start ? y : first.get(z)!);
        next.push(y);
      }
    }
    frontier = next.sort();
  }
  const out: SeaRoute[] = [];
  for (const [z, d] of dist) {
    for (const x of geo.landAdj.get(z)!) {
      if (mineSet.has(x)) continue;
      const o = b.owner(x);
      if (o !== null && !b.hostileNow(o)) continue;
      const dd = b.armies(x);
      const need = b.need(dd + (o !== null ? Math.ceil(dd * b.st.reinforce) + 1 : 0));
      // Armies keep floor(90%) at the end of every turn at sea: from a coast the turn they put to sea counts too;
      // a stack already at sea has already paid for the zone it is in.
      const turns = atSea ? d : d + 1;
      const send = Math.ceil((need + 2) / keep ** turns) + 1;
      const net = b.value(x) - (Math.floor(dd * s.settings.defenseFactor) + (send - need)) * b.st.armyValue - 3 * turns;
      if (net <= 0) continue;
      out.push({ first: first.get(z)!, target: x, dist: d, send, score: net / send });
    }
  }
  return out.sort((p, q) => q.score - p.score || p.dist - q.dist || (p.target < q.target ? -1 : 1) || (p.first < q.first ? -1 : 1));
}

/**
 * One expedition: from own coasts into the sea zone on the best route to a target (seaRoutes) that the armies at
 * hand can take after their turns at sea. The stack sails on or lands by step 3 of the next turns.
 */
function expedition(b: Board, avail: Map<TerrId, number>, mineSet: Set<TerrId>): { from: TerrId; to: TerrId; n: number }[] | null {
  const geo = b.geo, s = b.s;
  const starts = new Set<TerrId>();
  const haveAt = new Map<TerrId, TerrId[]>();
  for (const z of geo.seaIds) {
    const from = geo.landAdj.get(z)!.filter((x) => mineSet.has(x) && (avail.get(x) ?? 0) > 0 && checkMove(s, b.map, b.me, x, z).ok);
    if (from.length === 0) continue;
    starts.add(z);
    haveAt.set(z, from);
  }
  if (starts.size === 0) return null;
  let best: { z: TerrId; send: number; score: number } | null = null;
  for (const z of [...starts].sort()) {
    const have = haveAt.get(z)!.reduce((a, x) => a + avail.get(x)!, 0);
    const r = seaRoutes(b, z, mineSet, false).find((x) => x.send <= have);
    if (r && (!best || r.score > best.score)) best = { z, send: r.send, score: r.score };
  }
  if (!best) return null;
  const out: { from: TerrId; to: TerrId; n: number }[] = [];
  let want = best.send;
  for (const x of [...haveAt.get(best.z)!].sort((p, q) => avail.get(q)! - avail.get(p)! || (p < q ? -1 : 1))) {
    const k = Math.min(want, avail.get(x)!);
    if (k > 0) { out.push({ from: x, to: best.z, n: k }); want -= k; }
    if (want <= 0) break;
  }
  return out;
}
