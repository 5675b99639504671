/**
 * Invariants every reachable game state and every step must satisfy, checked by the invariant tests over many
 * simulated games. Each check returns the violations it found (empty when all is well), phrased so that a
 * failing test says exactly what broke and where.
 */
import { isLandKind } from '../../europe/map/index.ts';
import type { CountryId, Game, GameEvent, LandState, LogEntry, SeaState, Step } from '../engine/index.ts';
import { totalArmies } from './simulate.ts';

/** R1.3: armies never negative, sea zones never owned, every land territory owned by a country of the map or neutral. */
export function checkState(g: Game): string[] {
  const out: string[] = [];
  const s = g.state, map = g.map;
  for (const t of map.territories) {
    const x = s.territories[t.id];
    if (t.kind === 'arsenal') {
      if (x !== undefined) out.push(`arsenal ${t.id} is in territories`);
      continue;
    }
    if (!x) { out.push(`territory ${t.id} missing from the state`); continue; }
    if (t.kind === 'sea') {
      if (!('stacks' in x) || 'owner' in x) { out.push(`sea ${t.id} has an owner or no stacks`); continue; }
      for (const [c, n] of Object.entries((x as SeaState).stacks)) {
        if (!Number.isInteger(n) || n <= 0) out.push(`sea ${t.id}: stack of ${c} is ${n}`);
        if (!s.countries[c]?.alive) out.push(`sea ${t.id}: stack of ${c}, which is not in the game`);
      }
    } else if (isLandKind(t.kind)) {
      const l = x as LandState;
      if (!('owner' in l) || 'stacks' in l) { out.push(`land ${t.id} has no owner field`); continue; }
      if (!Number.isInteger(l.armies) || l.armies < 0) out.push(`land ${t.id}: armies ${l.armies}`);
      if (l.owner !== null && !map.country.has(l.owner)) out.push(`land ${t.id}: owner ${l.owner} is not a country of the map`);
      if (l.owner !== null && !s.countries[l.owner]?.alive) out.push(`land ${t.id}: owner ${l.owner} is not in the game`);
    }
  }
  for (const [c, n] of Object.entries(s.arsenals)) {
    if (!Number.isInteger(n) || n < 0) out.push(`arsenal of ${c}: ${n}`);
  }
  for (const w of s.wars) if (!s.countries[w.attacker]?.alive || !s.countries[w.defender]?.alive) out.push(`war ${w.attacker}→${w.defender} with a country not in the game`);
  return out;
}

/** The change in the number of armies on the board that a list of events accounts for. */
export function armyDeltaOf(events: GameEvent[]): number {
  let d = 0;
  for (const e of events) {
    switch (e.type) {
      case 'deploy': d += e.n; break;
      case 'armies': d += e.delta; break;
      case 'headOn': d -= e.a.n + e.b.n - e.left; break;
      case 'melee': d -= e.entrants.reduce((x, y) => x + y.n, 0) - e.left; break;
      case 'battle': d -= e.attackers + e.defenders - e.left; break;
      case 'seaLoss': d -= e.before - e.after; break;
      default: break;
    }
  }
  return d;
}

/** Every event of a step: the command's own (when accepted) and those of the turns it resolved. */
export function stepEvents(step: Step): GameEvent[] {
  const ev: GameEvent[] = [];
  if (step.outcome?.ok) ev.push(...step.outcome.events);
  for (const r of step.resolved) ev.push(...r.events);
  return ev;
}

/**
 * Per-step accounting: army totals change only by what the events account for, and each country's score changes
 * by exactly the sum of its score events. `before` is measured just before the entry was applied.
 */
export function checkStep(entry: LogEntry, step: Step, g: Game, before: { score: Record<CountryId, number>; armies: number }): string[] {
  const out: string[] = [];
  const ev = stepEvents(step);
  const where = () => `turn ${g.state.turn}, ${entry.type === 'command' ? `${entry.speaker.kind === 'judge' ? 'judge' : entry.speaker.id} ${JSON.stringify(entry.command)}` : entry.type}`;
  const armies = totalArmies(g);
  const want = before.armies + armyDeltaOf(ev);
  if (armies !== want) out.push(`${where()}: armies ${before.armies} → ${armies}, events account for ${want - before.armies >= 0 ? '+' : ''}${want - before.armies}`);
  const byEvent: Record<CountryId, number> = {};
  for (const e of ev) if (e.type === 'score') byEvent[e.country] = (byEvent[e.country] ?? 0) + e.delta;
  for (const [c, cs] of Object.entries(g.state.countries)) {
    const d = cs.score - (before.score[c] ?? cs.score);
    if (d !== (byEvent[c] ?? 0)) out.push(`${where()}: score of ${c} changed by ${d}, score events say ${byEvent[c] ?? 0}`);
  }
  if (step.outcome && !step.outcome.ok && ev.length) out.push(`${where()}: refused but has events`);
  return out;
}

/** The stateJson without the transcript line numbers of its log (a simulated game has none; a replayed one has). */
export function withoutLines(j: Record<string, unknown>): Record<string, unknown> {
  const log = (j.log as Record<string, unknown>[]).map(({ line: _line, ...rest }) => rest);
  return { ...j, log };
}

