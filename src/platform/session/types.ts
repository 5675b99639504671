import type { ButtonPress, Incoming, OutImage, Reply, UserRef } from '../chat/index.ts';
import type { LiveSettings } from '../clock/index.ts';
import type { FullRules, Lang, PageView, PictureAsk } from './module.ts';
import type { Board, Card, HistoryPoint } from '../ratings/index.ts';

/** open: players joining (no engine game yet); running: turns flow; ended: archived, read-only. */
export type GameStatus = 'open' | 'running' | 'ended';

export interface PlayerInfo {
  userId: string;
  name: string;
  country: string;
}

export interface GameInfo {
  id: number;
  /** The game module's kind (neuwar, …). */
  kind: string;
  channelId: string;
  status: GameStatus;
  mapPath: string;
  mapId: string;
  language: Lang;
  creator: string;
  judges: string[];
  players: PlayerInfo[];
  createdAt: number;
  startedAt: number | null;
  endedAt: number | null;
  /** The turn now open (running games), the last turn (ended), null before the start. */
  turn: number | null;
  deadlineAt: number | null;
  winner: string[] | null;
  /** Set when the game's stored data cannot be loaded (a corrupt page, a missing map): why, in a line. Such a game is listed but not played; every other game plays on. */
  broken?: string;
}

/**
 * Lifecycle and judge-desk answers. Codes beyond commands.md §5: NO_GAME, GAME_EXISTS, ALREADY_JOINED,
 * COUNTRY_TAKEN, NOT_PLAYER, NOT_ENOUGH_PLAYERS, ALREADY_STARTED, NOT_STARTED, BAD_SETTINGS, BAD_MAP,
 * SPECTATOR, NOT_ADDRESSED, NO_SUCH_TURN; from the hardening: RATE_LIMITED, RENDER_BUSY, BAD_NAME, NAME_TAKEN,
 * INTERNAL_ERROR, NO_CHANNEL, STORAGE_READ_ONLY, GAME_BROKEN (and the parser's TOO_MANY_COMMANDS).
 */
export type Result<T = null> = { ok: true; value: T; text: string } | { ok: false; code: string; text: string };

export interface CreateOptions {
  /** The game kind (default: the registry's first, New European War). */
  game?: string;
  /** The game's resource, e.g. New European War's map file (relative to the project root); default: the game's own. */
  map?: string;
  /** Rule settings (the game's own settings), validated. */
  settings?: Record<string, unknown>;
  /** Live-game settings (LiveSettingsSchema), validated. */
  live?: Partial<LiveSettings>;
}

export interface ExportData {
  game: GameInfo;
  /** commands.md §4 state JSON. */
  state: unknown;
  /** The stored log, in order. */
  log: { seq: number; at: number; entry: unknown; userId: string | null; messageId: string | null; undone: boolean }[];
}

/** The one game service of a process: every platform adapter calls these. */
export interface GameServiceApi {
  /** Rebuilds every running game from the store and reschedules its timers. Call once at startup. */
  startUp(): Promise<void>;
  handleMessage(inc: Incoming): Promise<Reply>;
  handleButton(press: ButtonPress): Promise<Reply>;
  createGame(channelId: string, creator: UserRef, opts?: CreateOptions): Promise<Result<GameInfo>>;
  join(channelId: string, user: UserRef, country?: string): Promise<Result<{ country: string }>>;
  leave(channelId: string, user: UserRef): Promise<Result>;
  start(channelId: string, by: UserRef): Promise<Result<GameInfo>>;
  end(channelId: string, by: UserRef): Promise<Result<GameInfo>>;
  addJudge(channelId: string, by: UserRef, judgeUserId: string): Promise<Result>;
  removeJudge(channelId: string, by: UserRef, judgeUserId: string): Promise<Result>;
  replacePlayer(channelId: string, by: UserRef, country: string, user: UserRef): Promise<Result>;
  updateSettings(channelId: string, by: UserRef, patch: Record<string, unknown>): Promise<Result>;
  removePlayer(channelId: string, by: UserRef, country: string): Promise<Result>;
  /** Issue 13: a computer player of a style (none: the game's default) takes a free seat before the start, or a seat without a player later. Judges only. */
  seatBot(channelId: string, by: UserRef, country: string, style?: string): Promise<Result<{ country: string }>>;
  /** Issue 13: before the start, computer players in the free seats (at most `count`). Judges only. */
  fillBots(channelId: string, by: UserRef, count?: number, style?: string): Promise<Result<{ countries: string[] }>>;
  listGames(opts?: { status?: GameStatus[] }): Promise<GameInfo[]>;
  gameOf(channelId: string): Promise<GameInfo | null>;
  /** The rules of the channel's game (open, running or archived): its seats and names, for autocomplete and lobby pages. */
  rulesOf(channelId: string): Promise<FullRules<unknown> | null>;
  /** The game's state object (the module's own shape), for tools and tests. */
  stateOf(channelId: string): Promise<unknown>;
  /** What an adapter shows a user of a channel's game: the game, the user's seat and judge right, who is awaited. Cheap: asked on every push. */
  viewOf(channelId: string, userId: string | null): Promise<{ info: GameInfo; seat: string | null; judge: boolean; laggards: string[] } | null>;
  /**
   * A token that changes whenever anything the channel's game shows may have changed (a write, a reload, another
   * game in the channel), read from memory: an adapter that rebuilds views on a timer skips a channel whose token is
   * unchanged. null when the service cannot tell without the store (no game held here): rebuild then.
   */
  changeStamp?(channelId: string): string | null;
  /** The state the user's seat may see (the game's `view`; a spectator sees what everyone sees). */
  seatView(channelId: string, userId: string | null): Promise<unknown>;
  /** The rule settings in force in the channel's running (or archived) game; null before the start. */
  settingsOf(channelId: string): Promise<Record<string, unknown> | null>;
  /** What the local page's panel shows of the channel's game. */
  pageOf(channelId: string): Promise<PageView | null>;
  /** Who judges the channel's game: its creator and the judges granted. */
  judgesOf(channelId: string): Promise<string[]>;
  /** The games this process hosts, the default first. */
  kinds(): { kind: string; title: Record<Lang, string> }[];
  /** Reminders by direct message (true) or as a channel mention (false): a player's own choice. */
  setReminderDm(user: UserRef, dm: boolean): Promise<Result>;
  remindsByDm(userId: string): Promise<boolean>;
  /** The user's seat in the channel's game (null: spectator). */
  seatOf(channelId: string, userId: string): Promise<string | null>;
  /** Pictures of the channel's game as it stands (null: no game or no pictures). */
  picture(channelId: string, ask: PictureAsk): Promise<OutImage[] | null>;
  /** Map and table of a past turn (the state after turn `turn` resolved), from the snapshots. */
  history(channelId: string, turn: number): Promise<Result<{ text: string; images: OutImage[] }>>;
  /** State JSON and log. Before the game ends only judges may export. */
  export(channelId: string, user: UserRef): Promise<Result<ExportData>>;
  scoreChart(channelId: string): Promise<Result<Buffer>>;
  /** Ratings (duel.md D9.6) of a game kind: the board ('server': the channel's Discord server, or the local page's own) with the asker's line. */
  leaderboard?(kind: string, channelId: string, asker: UserRef, scope?: 'server' | 'global', lang?: Lang): Promise<Result<{ text: string; board: Board }>>;
  /** One player's rating card (rating, rank, the last 10 results with Δ) and the history series its chart draws. */
  ratingCard?(kind: string, channelId: string, user: UserRef, lang?: Lang): Promise<Result<{ text: string; card: Card; history: HistoryPoint[] }>>;
  /** The rating history chart as a PNG (Discord); the page draws ratingChartSvg from ratingCard's history. */
  ratingChart?(kind: string, channelId: string, user: UserRef, lang?: Lang): Promise<Result<Buffer>>;
  /**
   * Runs a lifecycle action (create, judge grant, …) at most once per key (a client's request id): the
   * result is kept in the store's handled-ids table like a chat command's answer, so the same request sent
   * again, even after a restart, returns the first result and changes nothing.
   */
  once<T>(key: string, fn: () => Promise<Result<T>>): Promise<Result<T> & { duplicate?: boolean }>;
  /** An adapter's own records in the store's meta table (the local page's seat tokens and identities, duel.md D10.6). */
  getMeta?(key: string): Promise<string | null>;
  setMeta?(key: string, value: string): Promise<void>;
  /** The computer opponents a lobby may offer for a game kind, each available or why not (Rules.botOffers). */
  botOffers?(kind: string, lang?: Lang): { id: string; label: string; available: boolean; note?: string }[];
  /** Issue 16: what this process holds (games, leases) and its store's health (driver, schema version, a round trip's time). */
  health?(): Promise<{ ok: boolean } & Record<string, unknown>>;
  /** Stops the timers, lets the commands in flight finish and gives up this process's leases. */
  close(): Promise<void>;
}
