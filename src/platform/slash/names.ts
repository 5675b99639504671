import type { AutocompleteContext, Choice, GameNames, NameLookup, SlashContext } from './types.ts';

/** Names as typed: what the platform's commands use in a channel whose game no kit claims (or with no game). */
const PLAIN: NameLookup = { seat: (t) => t.trim(), place: (t) => t.trim(), name: (id) => id };

/** The names of the channel's game, from the first game kit that claims it. */
export async function lookupNames(games: readonly GameNames[], ctx: SlashContext): Promise<NameLookup> {
  for (const g of games) {
    const l = await g.lookup(ctx);
    if (l) return l;
  }
  return PLAIN;
}

/** Suggestions for a seat or any name of the channel's game; none when no game kit claims it. */
export async function suggestNames(games: readonly GameNames[], ctx: AutocompleteContext, what: 'seat' | 'any', typed: string): Promise<Choice[]> {
  for (const g of games) {
    const c = await g.complete(ctx, what, typed);
    if (c) return c;
  }
  return [];
}
