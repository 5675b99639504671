import { forGame, type AutocompleteContext, type GameNames, type SlashCommand, type SlashContext } from '../../../platform/slash/index.ts';
import type { DuelRules } from '../module.ts';
import type { Side } from '../resolve.ts';
import { completeDuel, type DuelCompletion } from './complete.ts';
import { cachedDuel, duelRules, duelState, sideOf } from './rules.ts';
import { DUEL_KIND } from './start.ts';

/** What a duel command's handler gets beside the generic context: the channel's duel rules and the user's side. */
export interface DuelKit {
  /** null: the channel holds no duel (the typed command's answer then says so). */
  readonly rules: DuelRules | null;
  readonly side: Side | null;
}

/** A Europe Duel slash command: what each autocompleted option names, and a handler. */
export interface DuelSlashCommand extends Omit<SlashCommand, 'autocomplete' | 'execute'> {
  complete?: Record<string, DuelCompletion>;
  execute(ctx: SlashContext, duel: DuelKit): Promise<void>;
}

async function suggest(ctx: AutocompleteContext, kind: DuelCompletion, typed: string) {
  const rules = await cachedDuel(ctx.service, ctx.channelId);
  if (!rules) return [];
  return completeDuel(rules, kind, typed, (await duelState(ctx.service, ctx.channelId)), (await sideOf(ctx.service, ctx.channelId, ctx.userId)));
}

/** The platform's SlashCommand of a duel command (a handler of a shared name too: `/move` in a duel is `/order`). */
export function duelCommand(c: DuelSlashCommand): SlashCommand {
  const { complete, execute, ...rest } = c;
  return {
    ...rest,
    ...(complete ? { autocomplete: (option: string, typed: string, ctx: AutocompleteContext) => {
      const kind = complete[option];
      return kind ? suggest(ctx, kind, typed) : [];
    } } : {}),
    execute: async (ctx) => execute(ctx, { rules: (await duelRules(ctx.service, ctx.channelId)), side: (await sideOf(ctx.service, ctx.channelId, ctx.user.id)) }),
  };
}

/** A command only the duel has (`/order`, `/route`, …): in another game's channel it is WRONG_GAME (D10.1). */
export function duelOnly(c: DuelSlashCommand): SlashCommand {
  return forGame(DUEL_KIND, duelCommand(c));
}

/** The duel's names for the platform's own commands (/game join's side: 红方 or 蓝方). */
export const DUEL_NAMES: GameNames = {
  async lookup(ctx) {
    const rules = await duelRules(ctx.service, ctx.channelId);
    if (!rules) return null;
    return {
      seat: (t) => rules.findSeat(t) ?? t.trim(),
      place: (t) => t.trim(),
      name: (id) => (id === 'A' || id === 'B' ? rules.seatName(id, 'zh') : rules.map.territory.get(id)?.name.zh ?? id),
    };
  },
  async complete(ctx, what, typed) {
    const rules = await cachedDuel(ctx.service, ctx.channelId);
    if (!rules) return null;
    const sides = (['A', 'B'] as const).map((x) => ({ name: `${rules.seatName(x, 'zh')} ${rules.seatName(x, 'en')}`, value: x }));
    const q = typed.trim().toLowerCase();
    const seats = sides.filter((c) => !q || c.name.toLowerCase().includes(q) || c.value.toLowerCase() === q);
    return what === 'seat' ? seats : [...seats, ...(await suggest(ctx, 'territory', typed))].slice(0, 25);
  },
};
