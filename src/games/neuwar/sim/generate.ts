/**
 * The legal-order generator: from any game state, seeded random commands a country may legally give now —
 * army orders (attacks sized to win by R10.5 a > 1.5·d), purchases, tech, mobilization, every diplomatic request
 * and answer (R4–R6, R12), the R5.5 choices after a capital falls, and commits. It reads the state only; the
 * simulator (simulate.ts) applies what it returns through the engine, one command at a time.
 *
 * "Legal" means legal by the engine's own checks at the moment it is generated: the generator calls them where the
 * engine exports them (checkMove, checkGoods, checkDeclare, puppetBarrier) and minds costs and once-per-turn flags,
 * so that refusals are rare; a refusal is not an error in the simulation (the engine answers it and changes nothing)
 * and the simulator counts them.
 */
import type { GameMap } from '../../europe/map/index.ts';
import { isLandKind } from '../../europe/map/index.ts';
import {
  allied, armiesAt, assault, atWar, blockaders, checkDeclare, checkGoods, checkMove, directWar, pactActive, pendingDeploy, puppetBarrier,
  requestCommand as requestOf, stackCap, techCost, warBetween,
  type Command, type CountryId, type GameState, type Item, type LandState, type PendingRequest, type TechId, type TerrId,
} from '../engine/index.ts';
import type { Rng } from '../../europe/rng.ts';

/** Probabilities and sizes that steer the generator (per country per turn unless said otherwise). */
export interface Policy {
  declareWar: number;
  /** A country stops declaring once it fights this many wars. */
  maxWars: number;
  /** Chance that a country makes its one request this turn at all. */
  request: number;
  ceasefire: number;
  surrender: number;
  alliance: number;
  breakAlliance: number;
  pact: number;
  trade: number;
  buy: number;
  industry: number;
  tech: number;
  mobilize: number;
  /** Extra armies over the minimum that wins, as a share of the minimum (random in [0, max]). */
  attackMargin: number;
  /** Chance to throw a losing attack with what is at hand when no winning one is possible. */
  weakAttack: number;
  /** Chance per turn to put armies to sea. */
  sea: number;
  airlift: number;
  /** Chance per order to cancel it again (【撤销】) and re-give it. */
  cancel: number;
  uncommit: number;
  query: number;
  annex: number;
  puppet: number;
  demand: number;
  independence: number;
  /** A bankrupt country leaves instead of pledging. */
  leaveBankrupt: number;
  /** Chance that an overlord orders its puppet's armies (R6.4). */
  overlordOrders: number;
  /** Armies a capital keeps home. */
  capitalKeep: number;
  /** Chance that a request is left unanswered (it lapses, R4.3). */
  ignore: number;
  /** Chance an answer uses the seed's full form (request——同意。) where it is unambiguous. */
  fullForm: number;
  /** Most army orders per country per turn. */
  maxOrders: number;
}

export const DEFAULT_POLICY: Policy = {
  declareWar: 0.12, maxWars: 2, request: 0.55, ceasefire: 0.3, surrender: 0.25, alliance: 0.12, breakAlliance: 0.05,
  pact: 0.1, trade: 0.15, buy: 0.7, industry: 0.25, tech: 0.12, mobilize: 0.12, attackMargin: 0.6, weakAttack: 0.08,
  sea: 0.15, airlift: 0.6, cancel: 0.03, uncommit: 0.04, query: 0.03, annex: 0.35, puppet: 0.45, demand: 0.4,
  independence: 0.4, leaveBankrupt: 0.25, overlordOrders: 0.3, capitalKeep: 15, ignore: 0.08, fullForm: 0.3, maxOrders: 30,
};

/** Per-turn indexes the generator needs, built once per state (cheap: one pass over the territories). */
export class View {
  readonly owned = new Map<CountryId, TerrId[]>();
  constructor(readonly s: GameState, readonly map: GameMap) {
    for (const id of map.landIds) {
      const o = (s.territories[id] as LandState).owner;
      if (!o) continue;
      let a = this.owned.get(o);
      if (!a) this.owned.set(o, (a = []));
      a.push(id);
    }
  }
  own(c: CountryId): TerrId[] { return this.owned.get(c) ?? []; }
  land(id: TerrId): LandState { return this.s.territories[id] as LandState; }
  kind(id: TerrId) { return this.map.territory.get(id)!.kind; }
  alive(c: CountryId): boolean { return !!this.s.countries[c]?.alive; }
  aliveCountries(): CountryId[] { return Object.keys(this.s.countries).filter((c) => this.s.countries[c]!.alive).sort(); }
  /** Alive countries owning land next to c's land. */
  neighbours(c: CountryId): CountryId[] {
    const out = new Set<CountryId>();
    for (const id of this.own(c)) {
      for (const n of this.map.adj.get(id)!) {
        const t = this.s.territories[n] as LandState;
        if (!isLandKind(this.kind(n)) || !t.owner || t.owner === c) continue;
        if (this.alive(t.owner)) out.add(t.owner);
      }
    }
    return [...out].sort();
  }
  /** May c's armies enter n (a land territory it does not own)? Mirrors checkMove for a land source. */
  enterable(c: CountryId, n: TerrId): boolean {
    const o = this.land(n).owner;
    if (o === c) return false;
    if (o === null) return true;
    return !!warBetween(this.s, c, o)?.active;
  }
}

const cmd = <K extends Command['kind']>(c: Extract<Command, { kind: K }>): Command => c;

/** The fewest attackers that win against d defenders (R10.5, the engine's own arithmetic). */
export function needToWin(d: number, factor: number): number {
  let a = Math.max(1, Math.floor(d * factor));
  while (!assault(a, d, factor).won) a++;
  return a;
}

// ---------------------------------------------------------------------------------------------- goods

/** The engine accepts these goods from `giver` to `receiver` (R6.5, R5.7); `strict` is the check at acceptance. */
export function goodsOk(v: View, giver: CountryId, receiver: CountryId, items: Item[], strict: boolean): boolean {
  return checkGoods(v.s, v.map, giver, receiver, items, strict) === null;
}

/** 1–3 items that `giver` can hand to `receiver` now (points, non-capital territories, arms across a border). */
function someGoods(v: View, rng: Rng, giver: CountryId, receiver: CountryId, maxPoints: number, max = 2): Item[] {
  const items: Item[] = [];
  const n = rng.int(1, max);
  const score = v.s.countries[giver]!.score;
  for (let k = 0; k < n; k++) {
    const roll = rng.next();
    if (roll < 0.4 && score >= 2 && !items.some((i) => i.kind === 'points')) {
      items.push({ kind: 'points', n: rng.int(1, Math.max(1, Math.min(maxPoints, Math.floor(score / 2)))) });
    } else if (roll < 0.8) {
      const ts = v.own(giver).filter((id) => v.kind(id) !== 'capital' && !items.some((i) => i.kind === 'territory' && i.id === id));
      if (ts.length > 1) items.push({ kind: 'territory', id: rng.pick(ts) });
    } else {
      const pairs: [TerrId, TerrId][] = [];
      for (const id of v.own(giver)) {
        if (v.land(id).armies < 2) continue;
        for (const m of v.map.adj.get(id)!) if (isLandKind(v.kind(m)) && v.land(m).owner === receiver) pairs.push([id, m]);
      }
      if (pairs.length) {
        const [from, to] = rng.pick(pairs);
        if (!items.some((i) => i.kind === 'arms' && i.from === from)) items.push({ kind: 'arms', n: rng.int(1, Math.floor(v.land(from).armies / 2)), from, to });
      }
    }
  }
  return items;
}

/** A subset of terms (at least one item), for counter-offers that ask less. */
function lessOf(rng: Rng, items: Item[]): Item[] {
  const out = items.filter(() => rng.chance(0.6)).map((i) => (i.kind === 'points' && i.n > 1 ? { ...i, n: Math.max(1, Math.floor(i.n / 2)) } : i));
  return out.length ? out : [items[0]!];
}

// ---------------------------------------------------------------------------------------------- diplomacy

/** The engine accepts a declaration of war by a on b (R5.1, R5.8; the speaker's right is the country's own). */
export function canDeclare(v: View, a: CountryId, b: CountryId): boolean {
  return checkDeclare(v.s, v.map, a, b) === null;
}

/** R6.4: a puppet deals only with its overlord. */
function puppetOk(v: View, a: CountryId, b: CountryId): boolean {
  return puppetBarrier(v.s, a, b) === null;
}

function warsOf(s: GameState, c: CountryId) {
  return s.wars.filter((w) => w.attacker === c || w.defender === c);
}

/** How badly c is doing in a war against e: territories it lost minus territories it took (by owner now). */
function losing(v: View, c: CountryId, e: CountryId): boolean {
  const mine = v.own(c).length, theirs = v.own(e).length;
  return mine < theirs * 0.8 || v.s.countries[c]!.score < v.s.countries[e]!.score - 20 || v.land(v.map.capitalOf.get(c)!).owner !== c;
}

/**
 * Public diplomacy of `c` this turn: war declarations (exempt from R4.1), at most one request (R4.1), and the
 * non-request actions (R5.5 choices, demands, independence, leaving).
 */
export function diplomacyFor(v: View, rng: Rng, c: CountryId, p: Policy): Command[] {
  const s = v.s, cs = s.countries[c]!, st = s.settings;
  const out: Command[] = [];
  if (!cs.alive) return out;

  // R12: a bankrupt country pledges or leaves during the turn after its bankruptcy.
  if (cs.bankrupt && !cs.overlord && cs.bankruptTurn !== null && cs.bankruptTurn < s.turn) {
    if (rng.chance(p.leaveBankrupt)) return [cmd<'leave'>({ kind: 'leave' })];
    const lords = v.aliveCountries().filter((o) => o !== c && !s.countries[o]!.overlord && !s.countries[o]!.bankrupt);
    if (lords.length && cs.requestTurn !== s.turn) {
      const nb = new Set(v.neighbours(c));
      return [cmd<'pledge'>({ kind: 'pledge', from: c, to: rng.weighted(lords, (o) => (nb.has(o) ? 3 : 1)) })];
    }
    return out;
  }

  // R5.5: the capturer's choice during the next turn.
  for (const f of s.capitalFalls) {
    if (f.capturer !== c || f.turn !== s.turn || !v.alive(f.loser)) continue;
    if (cs.score >= st.annexCost && rng.chance(p.annex)) out.push(cmd<'annex'>({ kind: 'annex', from: c, to: f.loser }));
    else if (rng.chance(p.puppet)) out.push(cmd<'puppet'>({ kind: 'puppet', from: c, to: f.loser }));
  }
  // R5.5 demands on puppets; R6.4 independence.
  for (const pup of v.aliveCountries().filter((x) => s.countries[x]!.overlord === c)) {
    const left = st.puppetDemand - (cs.demanded[pup] ?? 0);
    if (left <= 0 || !rng.chance(p.demand)) continue;
    const ts = rng.shuffle(v.own(pup).filter((id) => v.kind(id) !== 'capital')).slice(0, rng.int(1, Math.min(left, 2)));
    if (ts.length) out.push(cmd<'demand'>({ kind: 'demand', from: c, to: pup, territories: ts }));
  }
  if (cs.overlord && cs.score >= st.independenceCost && rng.chance(p.independence)) {
    out.push(cmd<'independence'>({ kind: 'independence', from: c, to: cs.overlord }));
    return out; // the rest of its diplomacy waits for the next turn
  }

  let declared: CountryId | null = null;
  // R5.1 declarations: on neighbours, while it has score to spare and not too many wars.
  if (!cs.overlord && warsOf(s, c).length < p.maxWars && cs.score >= st.warCost + 5 && rng.chance(p.declareWar)) {
    const nbs = v.neighbours(c).map((o) => s.countries[o]!.overlord ?? o).filter((o, i, a) => a.indexOf(o) === i && canDeclare(v, c, o));
    if (nbs.length) {
      const weak = (o: CountryId) => 1 / (1 + v.own(o).length) + (s.countries[o]!.score < cs.score ? 0.05 : 0);
      const to = rng.weighted(nbs, weak);
      out.push(cmd<'declareWar'>({ kind: 'declareWar', from: c, to }));
      declared = to;
    }
  }

  // R4.1: at most one request.
  if (cs.requestTurn === s.turn || !rng.chance(p.request)) return out;
  const options: { w: number; make: () => Command | null }[] = [];
  const wars = warsOf(s, c).filter((w) => w.active);
  for (const w of wars) {
    const e = w.attacker === c ? w.defender : w.attacker;
    const besieging = siegeFor(v, c)?.capital === v.map.capitalOf.get(e);
    if (w.attacker === c && s.turn - w.declaredTurn >= 5 && !besieging) {
      options.push({ w: p.ceasefire, make: () => {
        if (rng.chance(0.4)) return cmd<'ceasefire'>({ kind: 'ceasefire', from: c, to: e, unconditional: true, terms: [] });
        const terms = someGoods(v, rng, e, c, 20, 2);
        return terms.length ? cmd<'ceasefire'>({ kind: 'ceasefire', from: c, to: e, unconditional: false, terms }) : null;
      } });
    }
    if (losing(v, c, e) || s.turn - w.declaredTurn >= 6) options.push({ w: p.surrender, make: () => cmd<'surrender'>({ kind: 'surrender', from: c, to: e }) });
  }
  // Not the country just declared on: the declaration is applied before the request.
  const others = v.aliveCountries().filter((o) => o !== c && o !== declared && !(declared && s.countries[o]!.overlord === declared));
  const friends = others.filter((o) => !atWar(s, c, o) && !allied(s, c, o) && puppetOk(v, c, o));
  if (friends.length) options.push({ w: p.alliance, make: () => cmd<'alliance'>({ kind: 'alliance', from: c, to: rng.pick(friends) }) });
  const allies = others.filter((o) => allied(s, c, o));
  if (allies.length && cs.score >= st.breakCost) options.push({ w: p.breakAlliance, make: () => cmd<'breakAlliance'>({ kind: 'breakAlliance', from: c, to: rng.pick(allies) }) });
  const pactable = v.neighbours(c).filter((o) => others.includes(o) && !atWar(s, c, o) && !pactActive(s, c, o) && puppetOk(v, c, o));
  if (pactable.length && cs.score >= st.pactCost + 10) options.push({ w: p.pact, make: () => cmd<'pact'>({ kind: 'pact', from: c, to: rng.pick(pactable) }) });
  const traders = others.filter((o) => puppetOk(v, c, o));
  if (traders.length) {
    options.push({ w: p.trade, make: () => {
      const o = rng.pick(traders);
      const give = someGoods(v, rng, c, o, 15, 2), get = someGoods(v, rng, o, c, 15, 1);
      if (give.length + get.length === 0 || give.length === 0 || get.length === 0) return null;
      return cmd<'trade'>({ kind: 'trade', from: c, to: o, give, get });
    } });
  }
  if (options.length) {
    const made = rng.weighted(options, (o) => o.w).make();
    if (made) out.push(made);
  }
  return out;
}

/**
 * The request a full-form answer quotes (commands.md §1, the engine's requestCommand), when it can be written back
 * as text: a conditional ceasefire names its terms, a trade both its sides.
 */
export function requestCommand(r: PendingRequest): Command | null {
  const q = requestOf(r);
  if (q?.kind === 'ceasefire') return q.unconditional || q.terms.length ? q : null;
  if (q?.kind === 'trade') return q.give.length && q.get.length ? q : null;
  return q;
}

/**
 * What the addressee of `r` answers (R4.2, R5.3, R5.4, R6.5, R6.6): accept, reject or a counter-offer, each legal
 * now; null leaves it to lapse (R4.3).
 */
export function answerFor(v: View, rng: Rng, r: PendingRequest, p: Policy): Extract<Command, { kind: 'answer' }> | null {
  if (rng.chance(p.ignore)) return null;
  const s = v.s;
  const base = r.base ?? r.kind;
  const accept = { kind: 'answer' as const, answer: 'accept' as const };
  const reject = { kind: 'answer' as const, answer: 'reject' as const };
  switch (base) {
    case 'alliance':
      return !atWar(s, r.from, r.to) && puppetOk(v, r.from, r.to) && rng.chance(0.6) ? accept : reject;
    case 'pact':
      return !atWar(s, r.from, r.to) && rng.chance(0.7) ? accept : reject;
    case 'pledge':
      return v.alive(r.from) && v.alive(r.to) && rng.chance(0.85) ? accept : reject;
    case 'trade': {
      const valid = puppetOk(v, r.from, r.to) && goodsOk(v, r.from, r.to, r.give ?? [], true) && goodsOk(v, r.to, r.from, r.get ?? [], true);
      const roll = rng.next();
      if (valid && roll < 0.55) return accept;
      if (roll < 0.8 && r.kind !== 'counter') {
        // A counter from the addressee's side: give part of what was asked, get part of what was offered.
        const give = (r.get ?? []).length ? lessOf(rng, r.get!) : [], get = (r.give ?? []).length ? lessOf(rng, r.give!) : [];
        if (give.length && get.length && goodsOk(v, r.to, r.from, give, false) && goodsOk(v, r.from, r.to, get, false)) return { kind: 'answer', answer: 'counter', give, get };
      }
      return reject;
    }
    case 'ceasefire':
    case 'surrender': {
      const war = r.war ? directWar(s, r.war.attacker, r.war.defender) : undefined;
      if (!war) return reject;
      if (r.kind === 'ceasefire' && r.unconditional) return rng.chance(0.7) ? accept : reject;
      const winner = base === 'ceasefire' ? war.attacker : (r.winner ?? r.to);
      const loser = winner === war.attacker ? war.defender : war.attacker;
      if (r.kind === 'surrender') {
        // R5.4: the winner answers with terms (a counter), or none (accept), or rejects.
        const roll = rng.next();
        if (roll < 0.4) return accept;
        if (roll < 0.85 && !war.intervention) {
          const terms = someGoods(v, rng, loser, winner, 25, 2);
          if (terms.length) return { kind: 'answer', answer: 'counter', terms };
        }
        return roll < 0.85 ? accept : reject;
      }
      // A conditional ceasefire or a counter: terms the loser hands the winner.
      const terms = r.terms ?? [];
      const valid = goodsOk(v, loser, winner, terms, true) && !(war.intervention && base === 'surrender' && terms.length > 0);
      const roll = rng.next();
      if (valid && roll < 0.6) return accept;
      if (roll < 0.8 && terms.length && !(war.intervention && base === 'surrender')) {
        const less = lessOf(rng, terms);
        if (goodsOk(v, loser, winner, less, false)) return { kind: 'answer', answer: 'counter', terms: less };
      }
      return reject;
    }
    default:
      return reject;
  }
}

// ---------------------------------------------------------------------------------------------- economy

/** Purchases, industry, tech and mobilization of `c` this turn (R8, R9), each within the rules and its score. */
export function economyFor(v: View, rng: Rng, c: CountryId, p: Policy): Command[] {
  const s = v.s, cs = s.countries[c]!, st = s.settings;
  const out: Command[] = [];
  if (!cs.alive) return out;
  let score = cs.score;
  const atWarNow = s.wars.some((w) => w.attacker === c || w.defender === c) || !!(cs.overlord && s.wars.some((w) => w.attacker === cs.overlord || w.defender === cs.overlord));
  // R9 mobilization.
  const m = cs.mobilization;
  const cap = v.map.capitalOf.get(c)!;
  const enemyNear = [...v.map.adj.get(cap)!].some((n) => {
    const o = (s.territories[n] as LandState | undefined)?.owner;
    return isLandKind(v.kind(n)) && !!o && o !== c && atWar(s, c, o);
  });
  const partialOk = !m.partialUsed && !(m.nationalTurn !== null && s.turn < m.nationalTurn + st.partialAfterNationalTurns);
  // A siege (R5.5): mobilized armies are placed at step 2, before the moves of step 4, so armies placed next to an
  // enemy capital attack it in the same resolution. Done when that makes the assault win.
  const siege = cs.mobilizeTurn !== s.turn && !cs.overlord ? siegeFor(v, c) : null;
  const siegeType = siege ? (!m.nationalUsed && enemyNear ? 'national' : partialOk ? 'partial' : null) : null;
  if (siege && siegeType) {
    const total = siegeType === 'partial' ? st.partialArmies : st.nationalArmies;
    if (siege.avail + total >= needToWin(siege.defenders, st.defenseFactor) && rng.chance(0.9)) {
      out.push(cmd<'mobilize'>({ kind: 'mobilize', type: siegeType, placement: [{ territory: siege.staging, n: total }] }));
    }
  }
  if (!out.length && cs.mobilizeTurn !== s.turn && rng.chance(atWarNow ? p.mobilize * 2 : p.mobilize / 3)) {
    const type = !m.nationalUsed && enemyNear ? 'national' : partialOk ? 'partial' : null;
    if (type) {
      const total = type === 'partial' ? st.partialArmies : st.nationalArmies;
      // Placed where there is room under the stacking caps (R7): the capital and cities first.
      const spots = v.own(c).map((id) => ({ id, room: stackCap(s, v.map, id, c) - v.land(id).armies }))
        .filter((x) => x.room > 0).sort((a, b) => b.room - a.room || (a.id < b.id ? -1 : 1));
      const capRoom = stackCap(s, v.map, cap, c) - v.land(cap).armies;
      let placement: { territory: TerrId; n: number }[] = [];
      if (!(capRoom >= total && rng.chance(0.4)) && spots.length) {
        let left = total;
        for (const sp of spots) {
          if (left <= 0) break;
          const n = Math.min(left, sp.room);
          placement.push({ territory: sp.id, n });
          left -= n;
        }
        if (left > 0) placement[0]!.n += left;
        placement = rng.shuffle(placement);
      }
      out.push(cmd<'mobilize'>({ kind: 'mobilize', type, placement }));
    }
  }
  // R8.2 industry.
  if (cs.industryTurn !== s.turn && score >= st.industryCost + 25 && rng.chance(p.industry)) {
    out.push(cmd<'industry'>({ kind: 'industry' }));
    score -= st.industryCost;
  }
  // R8.3 tech.
  if (score > 60 && rng.chance(p.tech)) {
    const t = rng.pick((['airship', 'spy', 'comms'] as TechId[]).filter((x) => !cs.techDone.includes(x)).concat([]));
    if (t && !cs.techDone.includes(t)) {
      const n = rng.int(5, Math.min(80, score - 40));
      const spend = Math.min(n, techCost(s, t) - cs.tech[t]);
      if (n >= 1 && spend <= score) {
        out.push(cmd<'tech'>({ kind: 'tech', tech: t, n }));
        score -= spend;
      }
    }
  }
  // R8.1 purchases: in one or two commands, within buyLimit, not while blockaded.
  const ars = v.map.arsenalOf.get(c);
  if (ars && blockaders(s, v.map, c).length === 0 && cs.blockadeUntil < s.turn && rng.chance(p.buy)) {
    const room = st.buyLimit - cs.buying;
    const reserve = atWarNow ? 12 : 25;
    let n = Math.min(room, score - reserve);
    if (n >= 1) {
      if (n >= 4 && rng.chance(0.3)) {
        const a = rng.int(1, n - 1);
        out.push(cmd<'buy'>({ kind: 'buy', n: a }));
        n -= a;
      }
      out.push(cmd<'buy'>({ kind: 'buy', n }));
    }
  }
  return out;
}

/**
 * The best siege for c: an enemy capital (at active war) next to own territories, with the armies c could send
 * into it now and the own territory next to it with the most armies (where mobilized armies would go).
 */
export function siegeFor(v: View, c: CountryId): { capital: TerrId; staging: TerrId; avail: number; defenders: number } | null {
  let best: { capital: TerrId; staging: TerrId; avail: number; defenders: number } | null = null;
  for (const [enemy, capital] of v.map.capitalOf) {
    if (enemy === c) continue;
    const t = v.land(capital);
    if (!t.owner || t.owner === c || !v.enterable(c, capital)) continue;
    let availSum = 0, staging: TerrId | null = null, most = -1;
    for (const n of v.map.adj.get(capital)!) {
      if (!isLandKind(v.kind(n)) || v.land(n).owner !== c) continue;
      const a = v.land(n).armies;
      availSum += a;
      if (a > most) { most = a; staging = n; }
    }
    if (staging && (!best || t.armies - availSum < best.defenders - best.avail)) best = { capital, staging, avail: availSum, defenders: t.armies };
  }
  return best;
}

// ---------------------------------------------------------------------------------------------- army orders

interface Source { id: TerrId; avail: number }

/**
 * Army orders for the armies of `actor` (its own, or its puppet's when `actor` is a puppet ordered by its overlord):
 * attacks on neutral and enemy territories sized to win (R10.5), armies marching from the interior to the front,
 * arsenal armies leaving the depot (R8.1), landings from the sea and sailings (R10.7), and one airlift (R8.3).
 * `byOverlord` leaves out sea and airlift orders (R6.4).
 */
export function ordersFor(v: View, rng: Rng, actor: CountryId, p: Policy, byOverlord = false): Command[] {
  const s = v.s, map = v.map, cs = s.countries[actor]!;
  const out: Command[] = [];
  if (!cs.alive) return out;
  const factor = s.settings.defenseFactor;
  const own = v.own(actor);
  const ownSet = new Set(own);
  const cap = map.capitalOf.get(actor);
  const staging = new Set<TerrId>();
  const avail = new Map<TerrId, number>();
  /** Garrisons as they will be after the orders so far (own territories), to stay under the R7 caps. */
  const proj = new Map<TerrId, number>();
  const capOf = (id: TerrId) => stackCap(s, map, id, actor);
  const room = (id: TerrId) => capOf(id) + (staging.has(id) ? 30 : 0) - (proj.get(id) ?? 0);
  for (const id of own) {
    const a = v.land(id).armies + pendingDeploy(s, map, actor, id);
    proj.set(id, a);
    const keep = id === cap ? Math.min(a, p.capitalKeep) : 0;
    if (a - keep > 0) avail.set(id, a - keep);
  }
  const push = (from: TerrId, to: TerrId, n: number, whole: boolean): boolean => {
    if (n < 1 || out.length >= p.maxOrders) return false;
    if (!checkMove(s, map, actor, from, to).ok) return false;
    const have = armiesAt(s, map, actor, from) + pendingDeploy(s, map, actor, from);
    if (n > have) return false;
    const count = whole && n === have && rng.chance(0.5) ? { kind: 'all' as const }
      : n === Math.floor(have / 2) && n > 0 && rng.chance(0.5) ? { kind: 'half' as const } : { kind: 'n' as const, n };
    out.push(cmd<'move'>({ kind: 'move', from, to, count }));
    if (proj.has(from)) proj.set(from, proj.get(from)! - n);
    if (proj.has(to)) proj.set(to, proj.get(to)! + n);
    if (avail.has(from)) avail.set(from, Math.max(0, avail.get(from)! - n));
    return true;
  };

  // Targets: hostile-enterable land next to an own territory with armies to spare.
  const targets = new Map<TerrId, TerrId[]>();
  for (const id of own) {
    for (const n of map.adj.get(id)!) {
      if (!isLandKind(v.kind(n)) || ownSet.has(n) || !v.enterable(actor, n)) continue;
      let a = targets.get(n);
      if (!a) targets.set(n, (a = []));
      a.push(id);
    }
  }
  // Distance to the nearest enemy capital (active wars): the offensive heads there (R5.5).
  const toCapital = new Map<TerrId, number>();
  let ring: TerrId[] = [];
  for (const [enemy, capital] of map.capitalOf) {
    const o = v.land(capital).owner;
    if (enemy !== actor && o && o !== actor && v.enterable(actor, capital)) { toCapital.set(capital, 0); ring.push(capital); }
  }
  while (ring.length) {
    const next: TerrId[] = [];
    for (const id of ring) for (const n of map.adj.get(id)!) {
      if (toCapital.has(n) || !isLandKind(v.kind(n))) continue;
      toCapital.set(n, toCapital.get(id)! + 1);
      next.push(n);
    }
    ring = next;
  }
  const worth = (n: TerrId) => {
    const o = v.land(n).owner;
    const k = v.kind(n);
    const near = toCapital.has(n) ? 1 + 4 / (1 + toCapital.get(n)!) : 1;
    return (k === 'capital' ? (o ? 12 : 3) : k === 'city' ? 3 : 1) * (o ? 2 : 1) * near / (1 + v.land(n).armies / 15);
  };
  const order = [...targets.keys()].sort();
  const ranked: TerrId[] = [];
  while (order.length) {
    const t = rng.weighted(order, worth);
    ranked.push(t);
    order.splice(order.indexOf(t), 1);
  }
  const frontier = new Set<TerrId>();
  for (const t of ranked) for (const src of targets.get(t)!) frontier.add(src);
  // Sieges: an enemy capital next to own territories draws the armies (R5.5 直捣黄龙). Its staging territories keep
  // their armies for it until the assault can win, and the interior marches to them, a little over the caps.
  const siege = ranked.filter((t) => v.kind(t) === 'capital' && v.land(t).owner !== null);
  for (const t of siege) for (const src of targets.get(t)!) staging.add(src);
  ranked.sort((a, b) => (siege.includes(b) ? 1 : 0) - (siege.includes(a) ? 1 : 0));
  const hold = new Set<TerrId>();
  for (const t of ranked) {
    const d = v.land(t).armies;
    const need = needToWin(d, factor);
    const srcs: Source[] = targets.get(t)!.filter((id) => !hold.has(id)).map((id) => ({ id, avail: avail.get(id) ?? 0 })).filter((x) => x.avail > 0).sort((a, b) => b.avail - a.avail || (a.id < b.id ? -1 : 1));
    const total = srcs.reduce((x, y) => x + y.avail, 0);
    let send = 0;
    // The winners occupy with about the margin: keep it under the target's stacking cap (R7).
    if (total >= need) send = Math.min(total, need + rng.int(0, Math.min(Math.ceil(need * p.attackMargin), Math.max(0, stackCap(s, map, t, actor) - 2))));
    else if (siege.includes(t) && rng.chance(0.85)) {
      for (const x of srcs) hold.add(x.id);
      continue;
    } else if (total > 0 && rng.chance(p.weakAttack)) send = rng.int(1, total);
    for (const src of srcs) {
      if (send <= 0) break;
      const n = Math.min(src.avail, send);
      if (push(src.id, t, n, n === src.avail && src.id !== cap)) send -= n;
    }
  }

  // The interior marches to the front: one step down the distance to the nearest frontier territory, as far as
  // the stacking caps allow.
  const dist = new Map<TerrId, number>();
  let layer = staging.size ? [...staging] : [...frontier];
  for (const id of layer) dist.set(id, 0);
  while (layer.length) {
    const next: TerrId[] = [];
    for (const id of layer) for (const n of map.adj.get(id)!) {
      if (!ownSet.has(n) || dist.has(n)) continue;
      dist.set(n, dist.get(id)! + 1);
      next.push(n);
    }
    layer = next;
  }
  for (const id of own) {
    const a = avail.get(id) ?? 0;
    const dd = dist.get(id);
    if (a < 2 || dd === undefined || dd === 0) continue;
    const steps = [...map.adj.get(id)!].filter((n) => dist.get(n) === dd - 1 && room(n) > 0).sort();
    if (!steps.length) continue;
    const to = rng.pick(steps);
    push(id, to, Math.min(a, room(to)), id !== cap);
  }
  // Over a cap: the excess moves to own neighbours with room.
  for (const id of own) {
    let over = (proj.get(id) ?? 0) - capOf(id) - (staging.has(id) ? 30 : 0);
    if (over <= 0) continue;
    for (const n of rng.shuffle([...map.adj.get(id)!].filter((x) => ownSet.has(x)).sort())) {
      if (over <= 0) break;
      const k = Math.min(over, room(n), avail.get(id) ?? 0);
      if (k > 0 && push(id, n, k, false)) over -= k;
    }
  }

  // Arsenal armies leave the depot into adjacent own territories with room (R8.1).
  const ars = map.arsenalOf.get(actor);
  const inArsenal = ars ? (s.arsenals[actor] ?? 0) + pendingDeploy(s, map, actor, ars) : 0;
  if (ars && inArsenal > 0) {
    let left = inArsenal;
    const exits = rng.shuffle([...map.adj.get(ars)!].filter((n) => ownSet.has(n)).sort());
    for (const to of exits) {
      const k = Math.min(left, room(to));
      if (k > 0 && push(ars, to, k, true)) left -= k;
    }
  }

  if (!byOverlord) {
    // Sea (R10.7): land from a stack onto a coast, sail on, or put a coastal garrison to sea.
    for (const sz of map.seaIds) {
      const n = (s.territories[sz] as { stacks: Record<string, number> }).stacks[actor] ?? 0;
      if (n <= 0) continue;
      const coasts = [...map.adj.get(sz)!].filter((x) => isLandKind(v.kind(x)) && (ownSet.has(x) || (v.enterable(actor, x) && needToWin(v.land(x).armies, factor) <= n))).sort();
      if (coasts.length && rng.chance(0.8)) push(sz, rng.weighted(coasts, (x) => (ownSet.has(x) ? 1 : 4)), n, true);
      else {
        const seas = [...map.adj.get(sz)!].filter((x) => v.kind(x) === 'sea').sort();
        if (seas.length && rng.chance(0.5)) push(sz, rng.pick(seas), n, true);
      }
    }
    if (rng.chance(p.sea)) {
      const coastal = own.filter((id) => (avail.get(id) ?? 0) >= 6 && [...map.adj.get(id)!].some((x) => v.kind(x) === 'sea'));
      if (coastal.length) {
        const id = rng.pick(coastal);
        const seas = [...map.adj.get(id)!].filter((x) => v.kind(x) === 'sea').sort();
        const n = Math.floor(avail.get(id)! / 2);
        push(id, rng.pick(seas), n, false);
        avail.set(id, avail.get(id)! - n);
      }
    }
    // R8.3 airlift: once a turn, from the biggest spare garrison to a frontier territory.
    if (cs.techDone.includes('airship') && cs.airliftTurn !== s.turn && frontier.size && rng.chance(p.airlift) && out.length < p.maxOrders) {
      const rich = own.filter((id) => (avail.get(id) ?? 0) >= 2).sort((a, b) => (avail.get(b)! - avail.get(a)!) || (a < b ? -1 : 1));
      const front = [...frontier].filter((id) => ownSet.has(id));
      if (rich.length && front.length) {
        const from = rich[0]!, to = rng.pick(front.filter((x) => x !== from).concat([]).length ? front.filter((x) => x !== from) : front);
        if (to !== from) {
          out.push(cmd<'airlift'>({ kind: 'airlift', from, to, count: { kind: 'n', n: Math.min(avail.get(from)!, v.land(from).armies) } }));
        }
      }
    }
  }
  return out;
}

/** Fills `orders` up to `n` army orders with small legal moves between own territories (for the turn benchmark). */
export function padOrders(v: View, rng: Rng, c: CountryId, orders: Command[], n: number): Command[] {
  const out = [...orders];
  const own = v.own(c).filter((id) => v.land(id).armies >= 1);
  let guard = 0;
  while (out.length < n && own.length && guard++ < n * 20) {
    const from = rng.pick(own);
    const to = [...v.map.adj.get(from)!].filter((x) => isLandKind(v.kind(x)) && (v.land(x).owner === c || v.enterable(c, x)));
    if (!to.length) continue;
    out.push(cmd<'move'>({ kind: 'move', from, to: rng.pick(to.sort()), count: { kind: 'n', n: 1 } }));
  }
  return out;
}
