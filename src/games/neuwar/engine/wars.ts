import type { GameMap } from '../../europe/map/index.ts';
import { land, pay } from './state.ts';
import { puppetsOf } from './relations.ts';
import type { CountryId, GameEvent, GameState, War } from './types.ts';

/**
 * R5.6: a war ends. Loss deductions (R2.4) for both sides; the winner may not declare war on the loser for
 * truceTurns (R3.6: through the end of turn t + N).
 */
export function endWar(s: GameState, map: GameMap, war: War, winner: CountryId, loser: CountryId, how: 'ceasefire' | 'peace' | 'capital' | 'leave' | 'overlord', events: GameEvent[], truce = true): void {
  s.wars = s.wars.filter((w) => w !== war);
  for (const side of [war.attacker, war.defender]) {
    for (const id of war.captured[side] ?? []) {
      if (land(s, id)!.owner === side) continue;
      const kind = map.territory.get(id)!.kind;
      const amount = kind === 'capital' ? s.settings.capitalLoss : kind === 'city' ? s.settings.cityLoss : 0;
      if (amount > 0 && s.countries[side]?.alive) pay(s, events, side, -amount, 'lossDeduction', id);
    }
  }
  events.push({ type: 'warEnded', winner, loser, how });
  if (truce && s.settings.truceTurns > 0) {
    const untilTurn = s.turn + s.settings.truceTurns;
    s.truces = s.truces.filter((t) => !(t.winner === winner && t.loser === loser));
    s.truces.push({ winner, loser, untilTurn });
    events.push({ type: 'truce', winner, loser, untilTurn });
  }
}

/** R5.5: a country surrenders unconditionally; every war of it ends as lost by it. */
export function surrenderAll(s: GameState, map: GameMap, loser: CountryId, events: GameEvent[]): void {
  for (const w of [...s.wars]) {
    if (w.attacker !== loser && w.defender !== loser) continue;
    const winner = w.attacker === loser ? w.defender : w.attacker;
    endWar(s, map, w, winner, loser, 'capital', events);
  }
}

/** R5.5 puppet: score becomes puppetScore, the capital returns with the armies in it, tribute from now on. */
export function makePuppet(s: GameState, map: GameMap, puppet: CountryId, overlord: CountryId, events: GameEvent[], resetScore = true): void {
  const cs = s.countries[puppet]!;
  if (resetScore) pay(s, events, puppet, s.settings.puppetScore - cs.score, 'puppetReset');
  const cap = map.capitalOf.get(puppet);
  if (cap) {
    const t = land(s, cap)!;
    if (t.owner !== puppet) {
      events.push({ type: 'transfer', territory: cap, from: t.owner, to: puppet, armies: t.armies, why: 'puppet' });
      t.owner = puppet;
    }
  }
  for (const p of puppetsOf(s, puppet)) {
    s.countries[p]!.overlord = null;
    events.push({ type: 'puppet', puppet: p, overlord: null });
  }
  // A puppet makes no alliance except with its overlord (R6.4): its other alliances end.
  s.alliances = s.alliances.filter(([a, b]) => !((a === puppet && b !== overlord) || (b === puppet && a !== overlord)));
  cs.overlord = overlord;
  s.capitalFalls = s.capitalFalls.filter((f) => f.loser !== puppet);
  events.push({ type: 'puppet', puppet, overlord });
}

/**
 * R12 (and R5.5 annexation, R13 removal): a country leaves. Its territories become neutral with their armies
 * (or go to `heir` with them when annexed); its wars, alliances and pacts end; its puppets become independent.
 */
export function leaveGame(s: GameState, map: GameMap, c: CountryId, why: 'leave' | 'bankrupt' | 'annexed' | 'judge', events: GameEvent[], heir: CountryId | null = null): void {
  const cs = s.countries[c]!;
  for (const w of [...s.wars]) {
    if (w.attacker !== c && w.defender !== c) continue;
    const other = w.attacker === c ? w.defender : w.attacker;
    endWar(s, map, w, other, c, 'leave', events, false);
  }
  for (const id of map.landIds) {
    const t = land(s, id)!;
    if (t.owner !== c) continue;
    t.owner = heir;
    events.push({ type: 'transfer', territory: id, from: c, to: heir, armies: t.armies, why });
  }
  s.alliances = s.alliances.filter(([a, b]) => a !== c && b !== c);
  s.pacts = s.pacts.filter((p) => !p.between.includes(c));
  s.truces = s.truces.filter((t) => t.winner !== c && t.loser !== c);
  s.pending = s.pending.filter((r) => r.from !== c && r.to !== c);
  s.capitalFalls = s.capitalFalls.filter((f) => f.loser !== c && f.capturer !== c);
  for (const p of puppetsOf(s, c)) {
    s.countries[p]!.overlord = null;
    events.push({ type: 'puppet', puppet: p, overlord: null });
  }
  // Armies that leave the board (its sea stacks, its arsenal) or change hands at sea are told by 'armies' events, so
  // that army totals change only by what the events account for (invariant found by the simulator, src/sim).
  for (const sz of map.seaIds) {
    const st = (s.territories[sz] as { stacks: Record<string, number> }).stacks;
    if (st[c] !== undefined) {
      events.push({ type: 'armies', territory: sz, country: c, delta: -st[c]!, why });
      if (heir) {
        st[heir] = (st[heir] ?? 0) + st[c]!;
        events.push({ type: 'armies', territory: sz, country: heir, delta: st[c]!, why });
      }
      delete st[c];
    }
  }
  const depot = map.arsenalOf.get(c);
  if (depot && (s.arsenals[c] ?? 0) > 0) events.push({ type: 'armies', territory: depot, country: c, delta: -s.arsenals[c]!, why });
  delete s.arsenals[c];
  delete s.orders[c];
  cs.alive = false;
  cs.overlord = null;
  cs.committed = false;
  events.push({ type: 'left', country: c, why });
}
