import type { GameMap } from '../../games/europe/map/index.ts';
import type { GameState, Lang } from '../../games/neuwar/engine/index.ts';
import type { ButtonPress, Incoming, OutImage, Reply, UserRef } from '../chat/types.ts';
import type { LiveSettings } from '../clock/live.ts';

/** open: players joining (no engine game yet); running: turns flow; ended: archived, read-only. */
export type GameStatus = 'open' | 'running' | 'ended';

export interface PlayerInfo {
  userId: string;
  name: string;
  country: string;
}

export interface GameInfo {
  id: number;
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

/** What the service needs of src/render: injectable so tests use a fake and a missing renderer only loses pictures. */
export interface Renderer {
  mapPng(map: GameMap, state: GameState, opts: { region?: string; lang?: Lang }): Promise<Buffer>;
  scoresPng(map: GameMap, state: GameState, opts: { lang?: Lang }): Promise<Buffer>;
}

export interface CreateOptions {
  /** Path of the map file (relative to the project root); default: maps/europe.json, else tests/fixtures/tiny.json. */
  map?: string;
  /** Rule settings (engine SettingsSchema), validated. */
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
  listGames(opts?: { status?: GameStatus[] }): GameInfo[];
  gameOf(channelId: string): GameInfo | null;
  /** For autocomplete: the map of the channel's game (open or running). */
  mapOf(channelId: string): GameMap | null;
  stateOf(channelId: string): GameState | null;
  /** Reminders by direct message (true) or as a channel mention (false): a player's own choice. */
  setReminderDm(user: UserRef, dm: boolean): Result;
  remindsByDm(userId: string): boolean;
  /** The user's country in the channel's game (null: spectator). */
  countryOf(channelId: string, userId: string): string | null;
  renderMap(channelId: string, region?: string): Promise<Buffer | null>;
  renderScores(channelId: string): Promise<Buffer | null>;
  /** Map and table of a past turn (the state after turn `turn` resolved), from the snapshots. */
  history(channelId: string, turn: number): Promise<Result<{ text: string; images: OutImage[] }>>;
  /** State JSON and log. Before the game ends only judges may export. */
  export(channelId: string, user: UserRef): Result<ExportData>;
  scoreChart(channelId: string): Promise<Result<Buffer>>;
  /**
   * Runs a lifecycle action (create, judge grant, …) at most once per key (a client's request id): the
   * result is kept in the store's handled-ids table like a chat command's answer, so the same request sent
   * again, even after a restart, returns the first result and changes nothing.
   */
  once<T>(key: string, fn: () => Promise<Result<T>>): Promise<Result<T> & { duplicate?: boolean }>;
  close(): void;
}
