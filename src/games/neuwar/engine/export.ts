import type { GameMap } from '../../europe/map/index.ts';
import { isSea } from './state.ts';
import type { GameState } from './types.ts';

/**
 * The state JSON of commands.md §4 (what `replay` prints and `/export` gives). Field names are an interface:
 * more may be added, none renamed or dropped. Secret orders are left out unless `withOrders`.
 */
export function stateJson(s: GameState, map: GameMap, opts: { withOrders?: boolean } = {}): Record<string, unknown> {
  const countries: Record<string, unknown> = {};
  for (const id of Object.keys(s.countries).sort()) {
    const c = s.countries[id]!;
    countries[id] = {
      score: c.score, alive: c.alive, overlord: c.overlord, bankrupt: c.bankrupt, industry: c.industry,
      tech: { ...c.tech }, techDone: [...c.techDone],
      mobilization: { partialUsed: c.mobilization.partialUsed, nationalUsed: c.mobilization.nationalUsed, halfIncomeLeft: c.mobilization.halfIncomeLeft },
      blockadeLeft: c.blockadeLeft, committed: c.committed, player: c.player,
    };
  }
  const territories: Record<string, unknown> = {};
  for (const t of map.territories) {
    const x = s.territories[t.id];
    if (!x) continue;
    if (isSea(x)) {
      const stacks: Record<string, number> = {};
      for (const k of Object.keys(x.stacks).sort()) if (x.stacks[k]! > 0) stacks[k] = x.stacks[k]!;
      territories[t.id] = { stacks };
    } else territories[t.id] = { owner: x.owner, armies: x.armies };
  }
  const out: Record<string, unknown> = {
    map: s.mapId,
    mapId: s.mapId,
    turn: s.turn,
    status: s.status,
    winner: s.winner ? [...s.winner].sort() : null,
    clock: { ...s.clock },
    countries,
    territories,
    arsenals: Object.fromEntries(Object.keys(s.arsenals).sort().map((k) => [k, s.arsenals[k]])),
    wars: s.wars.map((w) => ({ attacker: w.attacker, defender: w.defender, declaredTurn: w.declaredTurn, active: w.active, ...(w.intervention ? { intervention: true } : {}), captured: w.captured })),
    alliances: s.alliances.map((p) => [...p].sort()).sort(),
    pacts: s.pacts.map((p) => ({ between: [...p.between].sort(), untilTurn: p.untilTurn })),
    truces: s.truces.map((t) => ({ ...t })),
    pending: s.pending.map((r) => ({ ...r })),
    capitalFalls: s.capitalFalls.map((f) => ({ ...f })),
    settings: s.settings,
    log: s.log,
    lastEvents: s.lastEvents,
    scoreHistory: s.scoreHistory,
  };
  if (opts.withOrders) out.orders = s.orders;
  return out;
}
