/**
 * New European War's computer players: the decision engine ("the brain"). Pure and deterministic — a function
 * of what the country may see (botView) and the seed; no clock, no I/O, no Math.random. Its answers are ordinary
 * text commands (commands.md §1) that the caller sends as that country's message, through the same
 * parse → validate → apply path as a person's.
 */
import type { GameMap } from '../../europe/map/index.ts';
import type { CountryId, GameState } from '../engine/index.ts';
import type { BotStyle } from './types.ts';
import { planTurn } from './turn.ts';
import { planResponses } from './answers.ts';

export type { BotStyle } from './types.ts';
export { BOT_STYLES, BOT_STYLE_NAMES, BOT_STYLE_LABEL } from './types.ts';
// Whole bot games through the real parser and engine (the simulator, the bench and the tests drive them).
export { BotGame, playBotGame, sayAs, type Seat, type BotGameOptions, type BotGameResult, type Refusal } from './play.ts';

/**
 * What a country may see (issue 13): the state as shown to that country — its own pending orders, no other
 * country's (R3.1), nor their private purchases and placements of this turn; the log is left out. With Spy (R8.3)
 * `spied` holds the orders of countries that have committed, as 【窥探】 shows a player. The public board is shared
 * with the game, not copied: take the view and decide at once (the deciding functions never change it).
 */
export interface BotView {
  me: CountryId;
  state: GameState;
  spied: Record<CountryId, GameState['orders'][string]>;
}

export interface BotOptions { style: BotStyle; seed: number; mode?: 'full' | 'defend' }

export function botView(s: GameState, _map: GameMap, country: CountryId): BotView {
  // The board (territories, arsenals, wars, …) is what every player sees and is shared, read-only: a bot copies what
  // it changes (scratch.ts). Orders and this turn's private economy of other countries are left out.
  const countries: GameState['countries'] = {};
  for (const c of Object.keys(s.countries)) {
    const cs = s.countries[c]!;
    countries[c] = c === country ? cs : { ...cs, buying: 0, placing: [], industryPending: 0 };
  }
  const orders: GameState['orders'] = {};
  if (s.orders[country]) orders[country] = s.orders[country]!;
  const state: GameState = { ...s, countries, orders, log: [] };
  const spied: BotView['spied'] = {};
  if (s.countries[country]?.techDone.includes('spy')) {
    for (const c of Object.keys(s.countries)) if (c !== country && s.countries[c]!.committed && s.orders[c]) spied[c] = s.orders[c]!.map((o) => ({ ...o, count: { ...o.count } }));
  }
  return { me: country, state, spied };
}

/**
 * The whole turn's commands for one country, as text lines in the game's language, each a separate command the
 * parser accepts (the caller sends them as that country's message), ending with the commit 【完成】. 'defend' mode
 * holds its land only: reinforces borders, no attacks, no purchases beyond the capital's defence, no diplomacy.
 * Empty when the country is not in a running game.
 */
export function decideTurn(view: BotView, map: GameMap, opts: BotOptions): string[] {
  return planTurn(view.state, map, view.me, opts).lines;
}

/**
 * Answers to every pending request addressed to this country (the full form 请求原文——同意。/——拒绝。 followed by
 * a one-sentence reason in Chinese; `reason` repeats it). 'defend' mode rejects everything except a peace that
 * costs nothing.
 */
export function decideResponses(view: BotView, map: GameMap, opts: BotOptions): { command: string; reason: string }[] {
  return planResponses(view.state, map, view.me, opts);
}
