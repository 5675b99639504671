import type { ChatInputCommandInteraction, RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import type { OutMessage, Reply, UserRef } from '../chat/types.ts';
import type { Command, Lang } from '../../games/neuwar/engine/index.ts';
import type { GameInfo, GameServiceApi, Result } from '../session/index.ts';
import type { GameMap } from '../../games/europe/map/index.ts';
import type { UploadFile } from '../adapters/discord/payload.ts';

/** What an autocompleted option names. */
export type Completion = 'country' | 'territory' | 'region' | 'any';

/** A slash command: its definition (built with SlashCommandBuilder) and its handler. One file each in commands/. */
export interface SlashCommand {
  data: { readonly name: string; toJSON(): RESTPostAPIChatInputApplicationCommandsJSONBody };
  /**
   * Answered only to the user (ephemeral) — decided before the handler runs, because the interaction is
   * deferred at once (Discord's 3-second limit) and a deferred answer cannot change its visibility.
   * A function gets the subcommand name.
   */
  ephemeral: boolean | ((subcommand: string | null) => boolean);
  /**
   * Where the command may be used. 'game' (default): a server channel, or a DM when the user plays a game
   * there (the DM is then about that game). 'channel': a server channel only (a game belongs to a channel).
   * 'anywhere': needs no game (help, one's own reminder choice). Elsewhere the user is told NO_CHANNEL.
   */
  scope?: 'game' | 'channel' | 'anywhere';
  /** What each autocompleted option names (option name → kind). */
  complete?: Record<string, Completion>;
  execute(ctx: SlashContext): Promise<void>;
}

export interface AnswerMessage extends OutMessage {
  /** Other files (e.g. the export's JSON). */
  files?: UploadFile[];
}

/** What a handler gets: the interaction, the service and helpers that keep the handlers to a few lines. */
export interface SlashContext {
  readonly interaction: ChatInputCommandInteraction;
  readonly service: GameServiceApi;
  /** The game's channel: the channel used, or in a DM the game the user plays in. */
  readonly channelId: string;
  readonly user: UserRef;
  readonly lang: Lang;
  readonly game: GameInfo | null;
  readonly map: GameMap | null;
  t(zh: string, en: string): string;
  string(name: string): string | null;
  integer(name: string): number | null;
  subcommand(): string | null;
  /** A country the player named: its id when the map knows the name, else the text as typed (the parser then says what is wrong and suggests). */
  country(text: string): string;
  territory(text: string): string;
  /** The Chinese name of a country or territory id (the text as given when it is not an id). */
  name(id: string): string;
  /** The acting country: the `as` option (overlord for a puppet, judge for anyone), else the user's own; null when neither (the user is answered). */
  actor(): Promise<string | null>;
  /** formatCommand on the game's map (names in Chinese: the text commands are Chinese). */
  format(c: Command): string;
  /** Sends canonical command text through GameService.handleMessage (deliver: false) and answers with its Reply. */
  run(text: string, opts?: { private?: boolean }): Promise<Reply>;
  answer(msg: AnswerMessage): Promise<void>;
  /** Answers a lifecycle Result (its text; ✅/❌ prefix). */
  result(r: Result<unknown>, extra?: AnswerMessage): Promise<void>;
  /**
   * The permissions the bot lacks in this channel (as Discord reports them with the interaction): logged
   * for the operator, and returned as a note for the user; null when nothing is missing.
   */
  checkPermissions(): string | null;
}
