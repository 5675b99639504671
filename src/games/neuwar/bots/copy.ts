/**
 * A fast copy of a game state (structuredClone is several times slower on this shape, and a bot copies the state
 * twice a turn: its view, and the scratch copy it checks its lines on). Copies everything a command may change;
 * the log, the last events and the score history are shared or left out as the caller says.
 */
import type { CountryState, GameState, LandState, SeaState, TerrId } from '../engine/index.ts';

function copyCountry(c: CountryState): CountryState {
  return {
    ...c,
    tech: { ...c.tech },
    techDone: [...c.techDone],
    mobilization: { ...c.mobilization },
    placing: c.placing.map((p) => ({ ...p })),
    demanded: { ...c.demanded },
    brokeWith: { ...c.brokeWith },
  };
}

export function copyState(s: GameState, opts: { log: boolean; orders: (c: string) => boolean }): GameState {
  const territories: Record<TerrId, LandState | SeaState> = {};
  for (const id in s.territories) {
    const t = s.territories[id]!;
    territories[id] = 'stacks' in t ? { stacks: { ...t.stacks } } : { owner: t.owner, armies: t.armies };
  }
  const countries: Record<string, CountryState> = {};
  for (const c in s.countries) countries[c] = copyCountry(s.countries[c]!);
  const orders: GameState['orders'] = {};
  for (const c in s.orders) if (opts.orders(c)) orders[c] = s.orders[c]!.map((o) => ({ ...o, count: { ...o.count } }));
  return {
    mapId: s.mapId,
    settings: { ...s.settings },
    turn: s.turn,
    status: s.status,
    winner: s.winner ? [...s.winner] : null,
    clock: { ...s.clock },
    countries,
    territories,
    arsenals: { ...s.arsenals },
    wars: s.wars.map((w) => {
      const captured: Record<string, TerrId[]> = {};
      for (const k in w.captured) captured[k] = [...w.captured[k]!];
      return { ...w, captured };
    }),
    alliances: s.alliances.map((p) => [p[0], p[1]] as [string, string]),
    pacts: s.pacts.map((p) => ({ between: [p.between[0], p.between[1]] as [string, string], untilTurn: p.untilTurn })),
    truces: s.truces.map((t) => ({ ...t })),
    pending: s.pending.map((r) => ({ ...r })),
    orders,
    capitalFalls: s.capitalFalls.map((f) => ({ ...f })),
    nextRequestId: s.nextRequestId,
    nextOrderSeq: s.nextOrderSeq,
    log: opts.log ? [...s.log] : [],
    lastEvents: s.lastEvents,
    scoreHistory: [...s.scoreHistory],
  };
}
