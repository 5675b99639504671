import type { GameMap } from '../../europe/map/index.ts';
import { isLandKind } from '../../europe/map/index.ts';
import { defaultSettings, type Settings } from './settings.ts';
import type { CountryId, CountryState, GameEvent, GameState, LandState, SeaState, TerrId, PayReason } from './types.ts';

export interface NewGameOptions {
  /** Countries taken by players (R1.2); the rest are neutral. */
  players: CountryId[];
  settings?: Settings;
  /** Time the first turn opens (ms). */
  at: number;
  /** Countries of `players` that computer players play, with their style (issue 13). */
  bots?: Record<CountryId, string>;
  /** The game's seed (start entry). */
  seed?: number;
}

function newCountry(score: number, player: boolean): CountryState {
  return {
    score, alive: player, overlord: null, bankrupt: false, industry: 0,
    tech: { airship: 0, spy: 0, comms: 0 }, techDone: [],
    mobilization: { partialUsed: false, nationalUsed: false, halfIncomeLeft: 0, nationalTurn: null },
    blockadeLeft: 0, blockadeUntil: 0, committed: false, player, committedAt: null, lateCommit: false,
    requestTurn: null, industryTurn: null, industryPending: 0, airliftTurn: null, mobilizeTurn: null,
    buying: 0, placing: [], bankruptTurn: null, demanded: {}, brokeWith: {},
  };
}

/** The opening state of a game (turn 1 open at `at`). Countries not taken are neutral (R1.2). */
export function createGame(map: GameMap, opts: NewGameOptions): GameState {
  const settings = opts.settings ?? defaultSettings();
  const players = new Set(opts.players);
  const countries: Record<CountryId, CountryState> = {};
  const arsenals: Record<CountryId, number> = {};
  for (const c of map.countries) {
    if (c.playable === false) continue;
    countries[c.id] = newCountry(settings.startScore, players.has(c.id));
    const bot = opts.bots?.[c.id];
    if (bot && players.has(c.id)) countries[c.id]!.bot = bot;
    if (players.has(c.id)) arsenals[c.id] = 0;
  }
  const territories: Record<TerrId, LandState | SeaState> = {};
  for (const t of map.territories) {
    if (t.kind === 'sea') territories[t.id] = { stacks: {} };
    else if (t.kind === 'arsenal') {
      if (t.owner && players.has(t.owner)) arsenals[t.owner] = t.armies ?? 0;
    } else {
      const owner = t.owner && players.has(t.owner) ? t.owner : null;
      territories[t.id] = { owner, armies: t.armies ?? 0 };
    }
  }
  return {
    mapId: map.id, settings, turn: 1, status: 'running', winner: null,
    clock: { openedAt: opts.at, deadlineAt: opts.at + settings.turnSeconds * 1000, extendedSeconds: 0, pausedAt: null },
    countries, territories, arsenals, wars: [], alliances: [], pacts: [], truces: [], pending: [],
    orders: {}, capitalFalls: [], nextRequestId: 1, nextOrderSeq: 1, log: [], lastEvents: [], scoreHistory: [],
    ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
  };
}

export const isSea = (x: LandState | SeaState | undefined): x is SeaState => !!x && 'stacks' in x;
export const land = (s: GameState, id: TerrId): LandState | undefined => {
  const t = s.territories[id];
  return t && !isSea(t) ? t : undefined;
};
export const sea = (s: GameState, id: TerrId): SeaState | undefined => {
  const t = s.territories[id];
  return t && isSea(t) ? t : undefined;
};

export function hardCloseAt(s: GameState): number {
  return s.clock.deadlineAt + s.settings.graceSeconds * 1000;
}

/** R3.3: a country's own deadline (Spy tech adds spyGraceSeconds). */
export function ownDeadline(s: GameState, c: CountryId): number {
  const spy = s.countries[c]?.techDone.includes('spy');
  return s.clock.deadlineAt + (spy ? s.settings.spyGraceSeconds * 1000 : 0);
}

/** R3.2 active countries: in the game and controlled by a player (puppets and bankrupt ones included). */
export function activeCountries(s: GameState): CountryId[] {
  return Object.keys(s.countries).filter((c) => s.countries[c]!.alive && s.countries[c]!.player);
}

export function pay(s: GameState, events: GameEvent[], c: CountryId, delta: number, reason: PayReason, detail?: string): void {
  if (delta === 0) return;
  s.countries[c]!.score += delta;
  events.push(detail === undefined ? { type: 'score', country: c, delta, reason } : { type: 'score', country: c, delta, reason, detail });
}

export function ownedLand(s: GameState, map: GameMap, c: CountryId): TerrId[] {
  return map.landIds.filter((id) => (s.territories[id] as LandState).owner === c);
}

export function cloneState(s: GameState): GameState {
  return structuredClone(s);
}

export function landKindOf(map: GameMap, id: TerrId): 'land' | 'city' | 'capital' | 'sea' | 'arsenal' {
  return map.territory.get(id)!.kind;
}

export { isLandKind };
