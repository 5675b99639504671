/**
 * New European War's computer players: the decision engine ("the brain"). Pure and deterministic — a function
 * of what the country may see (botView) and the seed; no clock, no I/O, no Math.random. Its answers are ordinary
 * text commands (commands.md §1) that the caller sends as that country's message, through the same
 * parse → validate → apply path as a person's.
 */
import type { GameMap } from '../../europe/map/index.ts';
import type { CountryId, GameState } from '../engine/index.ts';
import type { BotStyle } from './types.ts';

export type { BotStyle } from './types.ts';

/**
 * What a country may see (issue 13): the state as shown to that country — its own pending orders, no other
 * country's (R3.1), nor their private purchases, placements and tech investments of this turn; the log is left
 * out. With Spy (R8.3) `spied` holds the orders of countries that have committed, as 【窥探】 shows a player.
 */
export interface BotView {
  me: CountryId;
  state: GameState;
  spied: Record<CountryId, GameState['orders'][string]>;
}

export interface BotOptions { style: BotStyle; seed: number; mode?: 'full' | 'defend' }

export function botView(s: GameState, _map: GameMap, country: CountryId): BotView {
  const { log: _log, lastEvents: _ev, orders, countries, ...rest } = s;
  const state = structuredClone({ ...rest, log: [], lastEvents: [], orders: {}, countries }) as GameState;
  if (orders[country]) state.orders[country] = structuredClone(orders[country]!);
  const spied: BotView['spied'] = {};
  const spy = s.countries[country]?.techDone.includes('spy');
  for (const c of Object.keys(state.countries)) {
    if (c === country) continue;
    const cs = state.countries[c]!;
    cs.buying = 0;
    cs.placing = [];
    cs.industryPending = 0;
    if (spy && s.countries[c]!.committed && orders[c]) spied[c] = structuredClone(orders[c]!);
  }
  return { me: country, state, spied };
}

export function decideTurn(_view: BotView, _map: GameMap, _opts: BotOptions): string[] {
  return ['【完成】'];
}

export function decideResponses(_view: BotView, _map: GameMap, _opts: BotOptions): { command: string; reason: string }[] {
  return [];
}
