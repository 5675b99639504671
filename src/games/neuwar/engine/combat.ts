import type { GameMap } from '../../europe/map/index.ts';
import { assault } from '../../europe/combat.ts';

/** R10.5's arithmetic is shared with Europe Duel (src/games/europe/combat.ts). */
export { assault };
import { checkMove, armiesAt } from './orders.ts';
import { atActiveWar } from './relations.ts';
import { land, sea } from './state.ts';
import type { Count, CountryId, GameEvent, GameState, Order, TerrId } from './types.ts';

/** A capture decided in step 4 and applied in step 5 (R3.5). */
export interface PendingCapture { territory: TerrId; from: CountryId | null; to: CountryId; armies: number }

interface Flow { country: CountryId; from: TerrId; to: TerrId; n: number }

function take(count: Count, remaining: number, base: number): number {
  if (count.kind === 'all') return remaining;
  if (count.kind === 'half') return Math.min(remaining, Math.floor(base / 2));
  return Math.min(remaining, count.n);
}

function removeFrom(s: GameState, map: GameMap, c: CountryId, id: TerrId, n: number): void {
  const def = map.territory.get(id)!;
  if (def.kind === 'arsenal') s.arsenals[c] = (s.arsenals[c] ?? 0) - n;
  else if (def.kind === 'sea') {
    const st = sea(s, id)!.stacks;
    st[c] = (st[c] ?? 0) - n;
    if (st[c]! <= 0) delete st[c];
  } else land(s, id)!.armies -= n;
}

function addTo(s: GameState, map: GameMap, c: CountryId, id: TerrId, n: number): void {
  if (n <= 0) return;
  const def = map.territory.get(id)!;
  if (def.kind === 'arsenal') s.arsenals[c] = (s.arsenals[c] ?? 0) + n;
  else if (def.kind === 'sea') {
    const st = sea(s, id)!.stacks;
    st[c] = (st[c] ?? 0) + n;
  } else land(s, id)!.armies += n;
}

/**
 * Works out how many armies each order really moves (R10.1: orders from one territory may not exceed what is
 * there after deployments; excess orders shrink in the order given) and takes them out of their sources.
 */
function takeOrders(s: GameState, map: GameMap, orders: { country: CountryId; order: Order }[], events: GameEvent[]): Flow[] {
  const base = new Map<string, number>();
  const left = new Map<string, number>();
  const flows: Flow[] = [];
  for (const { country, order } of orders) {
    const key = `${country}|${order.from}`;
    if (!base.has(key)) {
      const have = armiesAt(s, map, country, order.from);
      base.set(key, have);
      left.set(key, have);
    }
    const rem = left.get(key)!;
    const n = take(order.count, rem, base.get(key)!);
    const wanted = order.count.kind === 'n' ? order.count.n : order.count.kind === 'half' ? Math.floor(base.get(key)! / 2) : n;
    if (n < wanted) events.push({ type: 'orderShrunk', country, from: order.from, to: order.to, wanted, n });
    left.set(key, rem - n);
    if (n > 0) flows.push({ country, from: order.from, to: order.to, n });
  }
  for (const f of flows) removeFrom(s, map, f.country, f.from, f.n);
  // Two orders on one route are two orders (R10.1) but one body of armies once they march.
  const merged = new Map<string, Flow>();
  for (const f of flows) {
    const k = `${f.country}|${f.from}|${f.to}`;
    const m = merged.get(k);
    if (m) m.n += f.n;
    else merged.set(k, { ...f });
  }
  return [...merged.values()];
}

/**
 * R3.5 step 4: moves and combat (R10), then sea attrition (R10.7). Mutates garrisons and stacks; returns the
 * captures for step 5. `orders` are the turn's move orders already re-checked, in the order given.
 */
export function resolveMovement(s: GameState, map: GameMap, orders: { country: CountryId; order: Order }[], events: GameEvent[]): PendingCapture[] {
  const flows = takeOrders(s, map, orders, events);
  const isSeaId = (id: TerrId) => map.territory.get(id)!.kind === 'sea';
  for (const f of flows) events.push({ type: 'move', country: f.country, from: f.from, to: f.to, n: f.n });

  // R10.3 head-on: A→B against B→A between countries at war, no defence bonus; the larger loses the smaller's number.
  const byEdge = new Map<string, Flow[]>();
  for (const f of flows) {
    const k = `${f.from}>${f.to}`;
    if (!byEdge.has(k)) byEdge.set(k, []);
    byEdge.get(k)!.push(f);
  }
  for (const f of flows) {
    if (isSeaId(f.from) || isSeaId(f.to)) continue; // no fighting at sea (R10.7)
    for (const g of byEdge.get(`${f.to}>${f.from}`) ?? []) {
      if (f.n <= 0 || g.n <= 0 || f.from > g.from) continue;
      if (!atActiveWar(s, f.country, g.country)) continue;
      const a = f.n, b = g.n;
      const survivor = a > b ? f.country : b > a ? g.country : null;
      f.n = Math.max(0, a - b);
      g.n = Math.max(0, b - a);
      events.push({ type: 'headOn', a: { country: f.country, from: f.from, n: a }, b: { country: g.country, from: g.from, n: b }, survivor, left: f.n + g.n });
    }
  }

  // Arrivals: sea stacks, own territories (reinforcements join the defence at once, R10.2), and entrants.
  const seaArrivals: Flow[] = [];
  const entrants = new Map<TerrId, Map<CountryId, Flow[]>>();
  for (const f of flows) {
    if (f.n <= 0) continue;
    if (isSeaId(f.to)) { seaArrivals.push(f); continue; }
    const t = land(s, f.to)!;
    if (t.owner === f.country) {
      // R10.2 takes precedence over R10.4's "reinforces it": an owner's arrivals are garrison, not entrants (seed 004).
      t.armies += f.n;
      events.push({ type: 'reinforce', territory: f.to, country: f.country, n: f.n });
      continue;
    }
    if (!entrants.has(f.to)) entrants.set(f.to, new Map());
    const m = entrants.get(f.to)!;
    if (!m.has(f.country)) m.set(f.country, []);
    m.get(f.country)!.push(f);
  }

  // R10.4: melee among entrants at war with another entrant, then only the largest proceeds; the others stay home.
  const attacks: { territory: TerrId; country: CountryId; n: number; from: TerrId[] }[] = [];
  const stayHome: { country: CountryId; flows: Flow[]; n: number }[] = [];
  for (const id of map.landIds) {
    const m = entrants.get(id);
    if (!m) continue;
    const groups = [...m.entries()].map(([country, fl]) => ({ country, flows: fl, n: fl.reduce((x, f) => x + f.n, 0) }))
      .sort((x, y) => (x.country < y.country ? -1 : 1));
    const warring = groups.filter((g) => groups.some((h) => h !== g && atActiveWar(s, g.country, h.country)));
    const peaceful = groups.filter((g) => !warring.includes(g));
    const candidates = [...peaceful];
    if (warring.length >= 2) {
      const sorted = [...warring].sort((x, y) => y.n - x.n || (x.country < y.country ? -1 : 1));
      const top = sorted[0]!, second = sorted[1]!;
      const left = top.n > second.n ? top.n - second.n : 0;
      events.push({ type: 'melee', territory: id, entrants: sorted.map((g) => ({ country: g.country, n: g.n })), survivor: left > 0 ? top.country : null, left });
      if (left > 0) candidates.push({ ...top, n: left });
    } else candidates.push(...warring);
    if (candidates.length === 0) continue;
    candidates.sort((x, y) => y.n - x.n || (x.country < y.country ? -1 : 1));
    const best = candidates[0]!;
    const tie = candidates.length > 1 && candidates[1]!.n === best.n;
    for (const c of candidates) {
      if (!tie && c === best) continue;
      stayHome.push(c);
      events.push({ type: 'heldBack', territory: id, country: c.country, n: c.n, from: c.flows.map((f) => f.from) });
    }
    if (!tie) attacks.push({ territory: id, country: best.country, n: best.n, from: best.flows.map((f) => f.from) });
  }

  // Armies that stay home go back to their sources before any assault, so they defend them.
  for (const h of stayHome) {
    let rest = h.n;
    for (const f of h.flows) {
      const back = Math.min(rest, f.n);
      addTo(s, map, h.country, f.from, back);
      rest -= back;
    }
  }

  // R10.5 assaults.
  const captures: PendingCapture[] = [];
  for (const a of attacks) {
    const t = land(s, a.territory)!;
    const r = assault(a.n, t.armies, s.settings.defenseFactor);
    events.push({ type: 'battle', territory: a.territory, attacker: a.country, defender: t.owner, attackers: a.n, defenders: t.armies, won: r.won, left: r.left, from: a.from });
    if (r.won) captures.push({ territory: a.territory, from: t.owner, to: a.country, armies: r.left });
    else t.armies = r.left;
  }

  // R10.7: arrivals join their stacks, then every stack at sea keeps floor(90%).
  for (const f of seaArrivals) addTo(s, map, f.country, f.to, f.n);
  for (const id of map.seaIds) {
    const st = sea(s, id)!.stacks;
    for (const c of Object.keys(st).sort()) {
      const before = st[c]!;
      const after = Math.floor(before * (1 - s.settings.seaLoss) + 1e-9);
      if (after !== before) events.push({ type: 'seaLoss', sea: id, country: c, before, after });
      if (after > 0) st[c] = after;
      else delete st[c];
    }
  }
  return captures;
}

/** Re-checks every order at resolution (R10.1); an order that became illegal is dropped with a notice. */
export function liveOrders(s: GameState, map: GameMap, events: GameEvent[]): { country: CountryId; order: Order }[] {
  const all: { country: CountryId; order: Order }[] = [];
  for (const c of Object.keys(s.orders).sort()) for (const o of s.orders[c]!) if (o.kind === 'move') all.push({ country: c, order: o });
  all.sort((x, y) => x.order.seq - y.order.seq);
  // R6.4: where an overlord and its puppet both ordered armies out of one territory, the overlord's orders win.
  const overlordSources = new Set(all.filter((x) => x.order.by !== x.country).map((x) => `${x.country}|${x.order.from}`));
  const out: { country: CountryId; order: Order }[] = [];
  for (const x of all) {
    const { order } = x;
    if (order.by === x.country && overlordSources.has(`${x.country}|${order.from}`)) {
      events.push({ type: 'orderDropped', country: x.country, from: order.from, to: order.to, code: 'PUPPET_RESTRICTED', reason: 'overlord' });
      continue;
    }
    if (!s.countries[x.country]?.alive) continue;
    const chk = checkMove(s, map, x.country, order.from, order.to);
    if (!chk.ok) {
      events.push({ type: 'orderDropped', country: x.country, from: order.from, to: order.to, code: chk.code, reason: chk.message });
      continue;
    }
    out.push(x);
  }
  return out;
}
