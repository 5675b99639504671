import type { GameMap } from '../../europe/map/index.ts';
import { resolveMovement, liveOrders, type PendingCapture } from './combat.ts';
import { checkAirlift } from './orders.ts';
import { atWar, head, puppetsOf, warBetween } from './relations.ts';
import { activeCountries, hardCloseAt, land, ownDeadline, pay } from './state.ts';
import { makePuppet, leaveGame, surrenderAll } from './wars.ts';
import type { CountryId, GameEvent, GameState, LandState } from './types.ts';

/** R8.1: does a country at war with `c` own a territory adjacent to c's arsenal? Returns those countries. */
export function blockaders(s: GameState, map: GameMap, c: CountryId): CountryId[] {
  const ars = map.arsenalOf.get(c);
  if (!ars) return [];
  const by = new Set<CountryId>();
  for (const n of map.adj.get(ars)!) {
    const o = land(s, n)?.owner;
    if (o && o !== c && atWar(s, c, o)) by.add(o);
  }
  return [...by].sort();
}

function applyCaptures(s: GameState, map: GameMap, caps: PendingCapture[], events: GameEvent[]): void {
  for (const cap of caps) {
    const t = land(s, cap.territory)!;
    const kind = map.territory.get(cap.territory)!.kind;
    const prev = t.owner;
    t.owner = cap.to;
    t.armies = cap.armies;
    events.push({ type: 'capture', territory: cap.territory, from: prev, to: cap.to, armies: cap.armies });
    // R2.3: +10 for a capital, +5 for a city, from a country or from neutral.
    if (kind === 'capital') pay(s, events, cap.to, s.settings.capitalBonus, 'capture', cap.territory);
    if (kind === 'city') pay(s, events, cap.to, s.settings.cityBonus, 'capture', cap.territory);
    if (prev && (kind === 'capital' || kind === 'city')) {
      const war = warBetween(s, cap.to, prev);
      if (war) (war.captured[prev] ??= []).push(cap.territory);
    }
  }
  // R5.5: a country whose own capital was taken by an enemy surrenders at once.
  for (const cap of caps) {
    if (!cap.from || map.capitalOf.get(cap.from) !== cap.territory) continue;
    const loser = cap.from;
    if (!s.countries[loser]!.alive) continue;
    const capturer = head(s, cap.to);
    events.push({ type: 'capitalFell', loser, capturer });
    surrenderAll(s, map, loser, events);
    if (s.countries[loser]!.overlord) {
      s.countries[loser]!.overlord = null;
      events.push({ type: 'puppet', puppet: loser, overlord: null });
    }
    s.capitalFalls = s.capitalFalls.filter((f) => f.loser !== loser);
    s.capitalFalls.push({ loser, capturer, turn: s.turn + 1 });
  }
}

export interface IncomeParts {
  territories: number;
  cities: number;
  industry: number;
  /** territories ×1 + cities ×1 + industry (a capital is a territory, not a city). */
  base: number;
  /** R9: halved (round down) while half-income payments are left. */
  halved: boolean;
  gross: number;
}

/**
 * R2.2 income of every country, from one pass over the land: what resolution pays (before tribute) and what
 * the score table shows.
 */
export function incomeTable(s: GameState, map: GameMap): Map<CountryId, IncomeParts> {
  const held = new Map<CountryId, { territories: number; cities: number }>();
  for (const id of map.landIds) {
    const o = (s.territories[id] as LandState).owner;
    if (!o) continue;
    const h = held.get(o) ?? { territories: 0, cities: 0 };
    h.territories += 1;
    if (map.territory.get(id)!.kind === 'city') h.cities += 1;
    held.set(o, h);
  }
  const out = new Map<CountryId, IncomeParts>();
  for (const c of Object.keys(s.countries).sort()) {
    const cs = s.countries[c]!;
    const h = held.get(c) ?? { territories: 0, cities: 0 };
    const industry = cs.industry ?? 0;
    const base = h.territories + h.cities + industry;
    const halved = (cs.mobilization?.halfIncomeLeft ?? 0) > 0;
    out.set(c, { ...h, industry, base, halved, gross: halved ? Math.floor(base / 2) : base });
  }
  return out;
}

/** R2.2 R6.4: what a puppet pays its overlord of an income, rounded down (0.7 × 90 is 63, not 62.999…). */
export function tributeOf(s: GameState, income: number): number {
  return Math.floor(income * s.settings.tribute + 1e-9);
}

/** R7: the stacking cap of a land territory for its owner. */
export function stackCap(s: GameState, map: GameMap, id: string, owner: CountryId): number {
  const kind = map.territory.get(id)!.kind;
  const cap = kind === 'capital' ? s.settings.capCapital : kind === 'city' ? s.settings.capCity : s.settings.capLand;
  return s.countries[owner]?.techDone.includes('comms') ? cap * 2 : cap;
}

/** R7: 2^(ceil(k/10) − 1) for k armies over the cap. */
export function stackPenalty(k: number): number {
  return k <= 0 ? 0 : 2 ** (Math.ceil(k / 10) - 1);
}

/**
 * Resolves the open turn at time `at` (R3.5 steps 1–9) and opens the next one. `forced` is the judge's 【结算】.
 * Returns the events; also stores them in `lastEvents`.
 */
export function resolveTurn(s: GameState, map: GameMap, at: number, forced: boolean): GameEvent[] {
  const events: GameEvent[] = [];
  const st = s.settings;
  const turn = s.turn;
  const hard = at >= hardCloseAt(s);
  // Blockade status during this turn, before anything moves (R8.1 "the last turn that was so").
  const blockadedDuring = new Set(Object.keys(s.countries).filter((c) => s.countries[c]!.alive && blockaders(s, map, c).length > 0));

  // Step 1: lateness (R3.3); capital-fall choices not made become puppets (R5.5).
  for (const c of activeCountries(s)) {
    const cs = s.countries[c]!;
    const own = ownDeadline(s, c);
    const late = cs.lateCommit || (!cs.committed && (at > own || hard));
    if (late) {
      events.push({ type: 'late', country: c });
      pay(s, events, c, -st.latePenalty, 'late');
    }
  }
  for (const f of [...s.capitalFalls]) {
    if (f.turn > turn) continue;
    if (s.countries[f.loser]?.alive && s.countries[f.capturer]?.alive) makePuppet(s, map, f.loser, f.capturer, events);
    s.capitalFalls = s.capitalFalls.filter((x) => x !== f);
  }

  // Step 2: deployments (R8.1 purchases into the arsenal, R9 mobilized armies).
  for (const c of Object.keys(s.countries).sort()) {
    const cs = s.countries[c]!;
    if (!cs.alive) { cs.buying = 0; cs.placing = []; continue; }
    const ars = map.arsenalOf.get(c);
    if (cs.buying > 0 && ars) {
      s.arsenals[c] = (s.arsenals[c] ?? 0) + cs.buying;
      events.push({ type: 'deploy', country: c, territory: ars, n: cs.buying, source: 'buy' });
    }
    cs.buying = 0;
    for (const p of cs.placing) {
      let where = p.territory;
      if (land(s, where)?.owner !== c) where = map.capitalOf.get(c)!;
      if (land(s, where)?.owner === c) {
        land(s, where)!.armies += p.n;
        events.push({ type: 'deploy', country: c, territory: where, n: p.n, source: 'mobilize' });
      } else if (ars) {
        s.arsenals[c] = (s.arsenals[c] ?? 0) + p.n;
        events.push({ type: 'deploy', country: c, territory: ars, n: p.n, source: 'mobilize' });
      }
    }
    cs.placing = [];
  }

  // Step 3: airlifts (R8.3).
  for (const c of Object.keys(s.orders).sort()) {
    for (const o of s.orders[c]!) {
      if (o.kind !== 'airlift') continue;
      const chk = checkAirlift(s, map, c, o.from, o.to);
      if (!chk.ok) {
        events.push({ type: 'orderDropped', country: c, from: o.from, to: o.to, code: chk.code, reason: chk.message });
        continue;
      }
      const src = land(s, o.from)!;
      const n = o.count.kind === 'all' ? src.armies : o.count.kind === 'half' ? Math.floor(src.armies / 2) : Math.min(o.count.n, src.armies);
      src.armies -= n;
      land(s, o.to)!.armies += n;
      events.push({ type: 'airlift', country: c, from: o.from, to: o.to, n });
    }
  }

  // Step 4: moves and combat, then sea attrition (R10).
  const orders = liveOrders(s, map, events);
  const captures = resolveMovement(s, map, orders, events);

  // Step 5: captures, capture bonuses, capital falls, arsenal blockades.
  applyCaptures(s, map, captures, events);
  const blockadedAfter = new Set<CountryId>();
  for (const c of Object.keys(s.countries).sort()) {
    if (!s.countries[c]!.alive) continue;
    const by = blockaders(s, map, c);
    if (by.length > 0 && !blockadedDuring.has(c)) events.push({ type: 'blockade', country: c, by });
    if (by.length > 0) blockadedAfter.add(c);
  }

  // Step 6: income, tribute, war upkeep (R2.2, R6.4, R5.2).
  const table = incomeTable(s, map);
  const incomes = new Map<CountryId, number>();
  for (const c of Object.keys(s.countries).sort()) {
    const cs = s.countries[c]!;
    if (!cs.alive) continue;
    incomes.set(c, table.get(c)!.gross);
    if (cs.mobilization.halfIncomeLeft > 0) cs.mobilization.halfIncomeLeft -= 1;
  }
  for (const [c, inc] of incomes) {
    const ov = s.countries[c]!.overlord;
    if (ov && s.countries[ov]?.alive) {
      const tribute = tributeOf(s, inc);
      pay(s, events, c, inc - tribute, 'income');
      pay(s, events, ov, tribute, 'tribute', c);
    } else pay(s, events, c, inc, 'income');
  }
  for (const c of Object.keys(s.countries)) {
    const cs = s.countries[c]!;
    if (cs.industryPending > 0) {
      cs.industry += cs.industryPending;
      cs.industryPending = 0;
    }
  }
  for (const w of s.wars) {
    // R5.2: declared in t, active from t+1, upkeep at the end of turns t+4, t+5, …
    if (w.active && turn >= w.declaredTurn + st.upkeepFromActiveTurn) pay(s, events, w.attacker, -st.warUpkeep, 'upkeep', w.defender);
  }

  // Step 7: stacking penalties (R7).
  for (const id of map.landIds) {
    const t = s.territories[id] as LandState;
    if (!t.owner) continue;
    const over = t.armies - stackCap(s, map, id, t.owner);
    if (over > 0) {
      const penalty = stackPenalty(over);
      events.push({ type: 'stacking', territory: id, country: t.owner, over, penalty });
      pay(s, events, t.owner, -penalty, 'stacking', id);
    }
  }

  // Step 8: durations tick, unanswered requests lapse (R4.3), declared wars become active.
  // R8.1: blocked while an enemy touches the arsenal and for blockadeTurns after the last turn that was so.
  // An enemy there after this resolution makes turn t+1 such a turn; one there during turn t makes turn t one.
  for (const c of Object.keys(s.countries)) {
    const cs = s.countries[c]!;
    if (blockadedAfter.has(c)) cs.blockadeUntil = turn + 1 + st.blockadeTurns;
    else if (blockadedDuring.has(c)) cs.blockadeUntil = Math.max(cs.blockadeUntil, turn + st.blockadeTurns);
    cs.blockadeLeft = Math.max(0, cs.blockadeUntil - turn);
  }
  for (const r of s.pending) events.push({ type: 'lapsed', id: r.id, from: r.from, to: r.to });
  s.pending = [];
  for (const w of s.wars) {
    if (!w.active && w.declaredTurn <= turn) {
      w.active = true;
      events.push({ type: 'warActive', attacker: w.attacker, defender: w.defender });
    }
  }
  s.pacts = s.pacts.filter((p) => p.untilTurn > turn);
  s.truces = s.truces.filter((t) => t.untilTurn > turn);

  // Step 9: bankruptcy (R12), victory (R11).
  for (const c of Object.keys(s.countries).sort()) {
    const cs = s.countries[c]!;
    if (!cs.alive) continue;
    if (cs.bankrupt && cs.bankruptTurn !== null && cs.bankruptTurn < turn && !cs.overlord) {
      // Neither pledged nor left during the turn after bankruptcy: it leaves now.
      leaveGame(s, map, c, 'bankrupt', events);
      continue;
    }
    if (!cs.bankrupt && cs.score <= 0) {
      cs.bankrupt = true;
      cs.bankruptTurn = turn;
      events.push({ type: 'bankrupt', country: c });
    }
  }
  checkVictory(s, map, events, turn);

  events.push({ type: 'turnResolved', turn, at, forced });
  s.scoreHistory.push({ turn, scores: Object.fromEntries(Object.keys(s.countries).filter((c) => s.countries[c]!.alive || s.countries[c]!.player).map((c) => [c, s.countries[c]!.score])) });
  openNextTurn(s, at, events);
  s.lastEvents = events;
  return events;
}

function checkVictory(s: GameState, map: GameMap, events: GameEvent[], turn: number): void {
  if (s.status !== 'running') return;
  const alive = Object.keys(s.countries).filter((c) => s.countries[c]!.alive).sort();
  const independent = alive.filter((c) => !s.countries[c]!.overlord);
  if (independent.length <= 1) {
    s.status = 'ended';
    s.winner = independent;
    events.push({ type: 'victory', winners: independent, how: 'lastStanding' });
    return;
  }
  if (turn < s.settings.turnLimit) return;
  // R11: with its puppets, more than 50% of Europe's territories (land, city, capital; R1.4).
  const total = map.landIds.length;
  for (const c of independent) {
    const bloc = new Set([c, ...puppetsOf(s, c)]);
    const owned = map.landIds.filter((id) => bloc.has((s.territories[id] as LandState).owner ?? '')).length;
    if (owned > total * s.settings.victoryShare) {
      s.status = 'ended';
      s.winner = [c];
      events.push({ type: 'victory', winners: [c], how: 'majority' });
      return;
    }
  }
  const best = Math.max(...alive.map((c) => s.countries[c]!.score));
  const winners = alive.filter((c) => s.countries[c]!.score === best);
  s.status = 'ended';
  s.winner = winners;
  events.push({ type: 'victory', winners, how: 'score' });
}

export function openNextTurn(s: GameState, at: number, events: GameEvent[]): void {
  s.orders = {};
  if (s.status !== 'running') return;
  s.turn += 1;
  s.clock.openedAt = at;
  s.clock.deadlineAt = at + s.settings.turnSeconds * 1000;
  s.clock.extendedSeconds = 0;
  if (s.clock.pausedAt !== null) s.clock.pausedAt = at;
  for (const c of Object.keys(s.countries)) {
    const cs = s.countries[c]!;
    cs.committed = false;
    cs.committedAt = null;
    cs.lateCommit = false;
  }
  events.push({ type: 'turnOpened', turn: s.turn, at, deadlineAt: s.clock.deadlineAt });
}
