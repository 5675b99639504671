import type { APIApplicationCommandOption } from 'discord.js';
import type { GameServiceApi, Lang } from '../session/index.ts';
import type { AutocompleteContext, SlashCommand, SlashContext } from './types.ts';

/** The kind of game a channel holds (open, running or archived), or null. */
const kindIn = async (service: GameServiceApi, channelId: string): Promise<string | null> => (await service.gameOf(channelId))?.kind ?? null;

/** A game kind's title in the language, from the games the service hosts (the kind itself when unknown). */
function titleOf(service: GameServiceApi, kind: string, lang: Lang): string {
  return service.kinds().find((k) => k.kind === kind)?.title[lang] ?? kind;
}

/** WRONG_GAME (duel.md D10.1, D10.10): `/name` belongs to a game of kind `kind`, and the channel holds another. */
export function wrongGameText(service: GameServiceApi, name: string, kind: string, here: string, lang: Lang): string {
  const mine = titleOf(service, kind, lang);
  const other = titleOf(service, here, lang);
  return lang === 'en'
    ? `❌ WRONG_GAME: /${name} is a ${mine} command; this channel's game is ${other}. /help lists its commands.`
    : `❌ WRONG_GAME：/${name} 是${mine}的命令，本频道的游戏是${other}；/help 查看这局游戏的命令。`;
}

/**
 * A game's own command. In a channel whose game is of another kind it is answered WRONG_GAME (and suggests
 * nothing); without a game, or in a game of its kind, it runs as it is (its own answer says when there is no game).
 */
export function forGame(kind: string, cmd: SlashCommand): SlashCommand {
  const other = async (service: GameServiceApi, channelId: string) => {
    const here = await kindIn(service, channelId);
    return here !== null && here !== kind ? here : null;
  };
  return {
    ...cmd,
    ...(cmd.autocomplete ? { autocomplete: async (option: string, typed: string, ctx: AutocompleteContext) => ((await other(ctx.service, ctx.channelId)) ? [] : cmd.autocomplete!(option, typed, ctx)) } : {}),
    async execute(ctx: SlashContext) {
      const here = await other(ctx.service, ctx.channelId);
      if (here) return ctx.answer({ text: wrongGameText(ctx.service, cmd.data.name, kind, here, ctx.lang) });
      return await cmd.execute(ctx);
    },
  };
}

/**
 * One command name that several games share (`/move` is New European War's 【调兵】 and, in a duel, an alias of
 * `/order`; duel.md D10.2): the channel's game kind picks the handler. `base` serves every other kind and a
 * channel without a game, and gives the definition; `options` are added to it (a kind's own options, left out
 * where another kind reads them). Each handler reads only the options it knows.
 */
export function byKind(base: SlashCommand, byGame: Record<string, SlashCommand>, options: APIApplicationCommandOption[] = []): SlashCommand {
  const pick = async (service: GameServiceApi, channelId: string): Promise<SlashCommand> => byGame[(await kindIn(service, channelId)) ?? ''] ?? base;
  const all = [base, ...Object.values(byGame)];
  const buttons = all.filter((c) => c.button);
  return {
    ...base,
    data: {
      name: base.data.name,
      toJSON() {
        const j = base.data.toJSON();
        return options.length ? { ...j, options: [...(j.options ?? []), ...options] } : j;
      },
    },
    autocomplete: async (option, typed, ctx) => (await (await pick(ctx.service, ctx.channelId)).autocomplete?.(option, typed, ctx)) ?? [],
    execute: async (ctx) => (await pick(ctx.service, ctx.channelId)).execute(ctx),
    ...(buttons.length ? {
      button: {
        owns: (id: string) => buttons.some((c) => c.button!.owns(id)),
        press: (ctx) => buttons.find((c) => c.button!.owns(ctx.buttonId))!.button!.press(ctx),
      },
    } : {}),
  };
}
