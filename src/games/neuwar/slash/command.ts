import type { AutocompleteContext, Choice, GameNames, SlashCommand } from '../../../platform/slash/index.ts';
import { completeNames, type Completion } from './complete.ts';
import { neuwarContext, type NeuwarContext } from './context.ts';
import { cachedMap } from './rules.ts';

/** A New European War slash command: what each autocompleted option names, and a handler that gets the game's context. */
export interface NeuwarSlashCommand extends Omit<SlashCommand, 'autocomplete' | 'execute'> {
  /** What each autocompleted option names (option name → kind). */
  complete?: Record<string, Completion>;
  execute(ctx: NeuwarContext): Promise<void>;
}

/** Names from the channel's map (kept briefly: this runs on every keystroke), the player's own territories first. */
async function suggest(ctx: AutocompleteContext, kind: Completion, typed: string): Promise<Choice[] | null> {
  const map = await cachedMap(ctx.service, ctx.channelId);
  return map ? completeNames(map, kind, typed, { prefer: (await ctx.service.seatOf(ctx.channelId, ctx.userId)) }) : null;
}

/** The platform's SlashCommand of a New European War command. */
export function neuwarCommand(c: NeuwarSlashCommand): SlashCommand {
  const { complete, execute, ...rest } = c;
  return {
    ...rest,
    ...(complete ? { autocomplete: async (option: string, typed: string, ctx: AutocompleteContext) => {
      const kind = complete[option];
      return (kind && (await suggest(ctx, kind, typed))) || [];
    } } : {}),
    execute: async (ctx) => execute(await neuwarContext(ctx)),
  };
}

/** New European War's names for the platform's own commands (/game join's country, /judge's targets). */
export const NEUWAR_NAMES: GameNames = {
  async lookup(ctx) {
    const n = await neuwarContext(ctx);
    return n.map ? n : null;
  },
  complete(ctx, what, typed) {
    return suggest(ctx, what === 'seat' ? 'country' : 'any', typed);
  },
};
