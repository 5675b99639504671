import type { ChatInputCommandInteraction, MessageComponentInteraction, RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import type { OutMessage, Reply, UserRef } from '../chat/index.ts';
import type { GameInfo, GameServiceApi, Lang, Result } from '../session/index.ts';
import type { UploadFile } from '../adapters/discord/index.ts';

/** One autocomplete suggestion: what the user sees and the value the option then holds. */
export interface Choice {
  name: string;
  value: string;
}

/** What an autocomplete handler gets: it runs on every keystroke, before any interaction is deferred. */
export interface AutocompleteContext {
  readonly service: GameServiceApi;
  /** The game's channel: the channel typed in, or in a DM the game the user plays in. */
  readonly channelId: string;
  readonly userId: string;
}

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
  /** Suggestions for the focused option (Discord shows at most 25); only options built with autocomplete on ask. */
  autocomplete?(option: string, typed: string, ctx: AutocompleteContext): Choice[] | Promise<Choice[]>;
  execute(ctx: SlashContext): Promise<void>;
  /**
   * Buttons the command answers itself (a challenge's 接受/拒绝, a status message's 地图): the adapter gives a press
   * whose id `owns` claims to `press` instead of the service.
   */
  button?: { owns(buttonId: string): boolean; press(ctx: ButtonContext): Promise<void> };
}

/** What a command may do on the chat platform beyond answering its own interaction (Discord: its REST API). */
export interface ChatActions {
  /** Posts in a channel (or thread); the message id. */
  post(channelId: string, msg: OutMessage): Promise<string>;
  /** Edits a message: its text and exactly `msg.buttons` (none: the buttons go). */
  edit(channelId: string, messageId: string, msg: OutMessage): Promise<void>;
  /**
   * Opens a public thread off `channelId` named `name` (on the message `fromMessageId` when given): its id, or
   * null when no thread can be opened there (no permission, a thread already, a DM): the caller stays in the channel.
   */
  openThread(channelId: string, name: string, fromMessageId?: string): Promise<string | null>;
  /** Renames a channel or thread; a failure is logged, not thrown. */
  rename(channelId: string, name: string): Promise<void>;
  /** The web page's public address (PUBLIC_URL, no trailing slash), or null when none is configured. */
  readonly publicUrl: string | null;
  now(): number;
  /**
   * A direct message to a user who asked for one (a fallback they opted into): false when the platform refuses it
   * (Discord 50007: the user takes no DMs from the server's members). Absent where an adapter has no DMs.
   */
  direct?(userId: string, msg: OutMessage): Promise<boolean>;
  /** Runs `fn` once after `ms` milliseconds, in this process (a restart forgets it). */
  later(ms: number, fn: () => Promise<void> | void): void;
  log(line: string, err?: unknown): void;
}

/** What a command's button handler gets: the press (already acknowledged), the service and the platform's actions. */
export interface ButtonContext {
  /** A button's press, or a choice in a menu (OutSelect) the command claims. */
  readonly interaction: MessageComponentInteraction;
  readonly service: GameServiceApi;
  /** The channel (or thread) the pressed message is in. */
  readonly channelId: string;
  readonly buttonId: string;
  /** The values chosen in a menu (none for a button). */
  readonly values: string[];
  readonly user: UserRef;
  readonly lang: Lang;
  readonly chat: ChatActions;
  t(zh: string, en: string): string;
  /** Answers only the presser (ephemeral). */
  tell(msg: AnswerMessage): Promise<void>;
  /** Edits the message the button is on: its text and exactly `msg.buttons` and `msg.selects` (none: they go); pictures given replace its pictures. */
  update(msg: OutMessage): Promise<void>;
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
  /** The platform's actions beyond this interaction's answer (absent where an adapter offers none). */
  readonly chat?: ChatActions;
  t(zh: string, en: string): string;
  string(name: string): string | null;
  integer(name: string): number | null;
  subcommand(): string | null;
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

/** A game's names, as the text a player typed in a slash option and as its text commands write them. */
export interface NameLookup {
  /** The seat a player named: its id when the game knows the name, else the text as typed (the game's answer then says what is wrong and suggests). */
  seat(text: string): string;
  /** Another named thing of the game (a territory, …), the same way. */
  place(text: string): string;
  /** How the game's text commands write an id (the text as given when it is not one). */
  name(id: string): string;
}

/**
 * What a game lends the platform's own commands (/game join, /judge) that name its seats and places: the
 * platform knows no game, so each game's slash kit says whether the channel's game is its own.
 */
export interface GameNames {
  /** null: the channel has no game of this kind. */
  lookup(ctx: SlashContext): NameLookup | null | Promise<NameLookup | null>;
  /** Suggestions for a seat, or for anything the game names ('any'); null: the channel has no game of this kind. */
  complete(ctx: AutocompleteContext, what: 'seat' | 'any', typed: string): Choice[] | null | Promise<Choice[] | null>;
}
