/**
 * What the store holds (rows, entries, batches) and the one interface both implementations answer: `SqliteStore`
 * (the embedded default, better-sqlite3) and `PgStore` (PostgreSQL through `pg`, for several processes or hosts on
 * one database). `openStore` (open.ts) picks one from DATABASE_URL.
 */
import { hostname } from 'node:os';
import type { RatingConfig, Score } from '../ratings/index.ts';

export type GameStatusRow = 'open' | 'running' | 'ended';

export interface GameRow {
  id: number;
  /** The game module that plays it (registry kind). */
  kind: string;
  channelId: string;
  mapPath: string;
  mapId: string;
  settings: Record<string, unknown>;
  live: Record<string, unknown>;
  status: GameStatusRow;
  creator: string;
  judges: string[];
  createdAt: number;
  startedAt: number | null;
  endedAt: number | null;
  statusMessageId: string | null;
  /** Set when the row's own JSON columns cannot be read: why. The service sets such a game aside as broken. */
  broken?: string;
}

/** A player in a seat (New European War: a country). */
export interface PlayerRow { seat: string; userId: string; name: string; joinedAt: number }

export interface StoredEntry {
  seq: number;
  at: number;
  entry: unknown;
  userId: string | null;
  messageId: string | null;
  /** Index of the command within its message. */
  part: number;
  undone: boolean;
  turn: number;
}

export interface SnapshotRow { seq: number; turn: number; at: number; game: string }

export interface TimerRow { kind: string; at: number; turn: number }

/** A request posted with Accept/Reject buttons, remembered so the post can be edited once the request is settled. */
export interface RequestPostRow { requestId: number; messageId: string; text: string; turn: number }

/** One side of a rated game: its identity (duel.md D9.1), the name the boards show, its seat. */
export interface RatedSide { id: string; name: string; seat: string }

/** A rated game's end, as the store rates it (D9.3) inside the transaction that stores the end (D9.6). */
export interface RatedGame {
  kind: string;
  gameId: number;
  channelId: string;
  /** The board it is filed under: 'local', 'discord:<guildId>', or null. */
  scope: string | null;
  at: number;
  /** How the game ended, in the game's words (capital, score, technical, resign…). */
  how: string;
  a: RatedSide;
  b: RatedSide;
  /** A's score: 1 win, ½ draw, 0 loss. */
  scoreA: Score;
}

/** One identity's standing in a game kind. */
export interface RatingRow { kind: string; id: string; name: string; rating: number; games: number; wins: number; draws: number; losses: number; updatedAt: number }

/** One rated game's row (D9.6: game id, both identities, result, how, Δ each, time). */
export interface RatingResultRow {
  id: number; kind: string; gameId: number; channelId: string; scope: string | null; at: number; how: string;
  a: string; b: string; aSeat: string; bSeat: string; result: 'a' | 'b' | 'draw';
  aBefore: number; bBefore: number; aDelta: number; bDelta: number;
}

/** One atomic write: everything a handled message or timer changes, committed together or not at all. */
export interface Batch {
  gameId: number | null;
  entries?: { at: number; entry: unknown; userId?: string | null; messageId?: string | null; part?: number; turn: number }[];
  snapshots?: { seq?: number; turn: number; at: number; game: string }[];
  /** Marks entries of these turns (from `undoneFromTurn` on) undone after a judge's 【撤回】. */
  undoneFromTurn?: number;
  /** The seq of the 【撤回】 entry itself: only entries before it are undone (later ones in the batch stand). */
  undoneBeforeSeq?: number;
  handled?: { messageId: string; at: number; reply: unknown };
  timers?: TimerRow[];
  game?: Partial<Pick<GameRow, 'status' | 'judges' | 'startedAt' | 'endedAt' | 'statusMessageId' | 'settings' | 'live'>>;
  players?: { set?: PlayerRow[]; remove?: string[] };
  /** The game ended rated (D9): both sides' ratings and its result row, in this same transaction. */
  rating?: RatedGame;
  /**
   * The holder of the game's lease (see GameStore's leases): the commit checks, inside its transaction, that the
   * lease is still this holder's and refuses with LeaseLostError otherwise, so a process that lost a game (it
   * stalled past the timeout and another took the game over) cannot write into it.
   */
  lease?: string;
}

/** A process's hold on one game: only the holder writes the game (issue 16's lease). */
export interface Lease {
  gameId: number;
  holder: string;
  /** When this holder took it (ms). */
  takenAt: number;
  /** After this instant (ms) another holder may take the game over unless the holder renews first. */
  expiresAt: number;
}

/** A commit carried a lease its holder no longer has: the game is another process's now. Nothing was written. */
export class LeaseLostError extends Error {
  override readonly name = 'LeaseLostError';
  readonly code = 'LEASE_LOST';
  constructor(readonly gameId: number, readonly holder: string, readonly heldBy: string | null) {
    super(`game ${gameId}: the lease is ${heldBy ? `held by ${heldBy}` : 'not held'}, not by ${holder}; nothing was written`);
  }
}

/** How long a lease lasts unless renewed (ms): LEASE_SECONDS, default 30 s. */
export const DEFAULT_LEASE_MS = 30_000;

/** The lease timeout of this process: LEASE_SECONDS (whole or fractional seconds), else 30 s. */
export function leaseMsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const s = Number(env.LEASE_SECONDS);
  return env.LEASE_SECONDS && Number.isFinite(s) && s > 0 ? Math.round(s * 1000) : DEFAULT_LEASE_MS;
}

/** A lease operation's clock: the time now (default Date.now()) and the timeout (default the store's leaseMs). */
export interface LeaseTime { now?: number; ttlMs?: number }

/** The lease a new game is created with: its holder, from `now` for `ttlMs` (default the store's leaseMs). */
export interface NewLease { holder: string; now: number; ttlMs?: number }

/** A games row as given to createGame. */
export type NewGame = Omit<GameRow, 'id' | 'startedAt' | 'endedAt' | 'statusMessageId' | 'status' | 'kind'> & { kind?: string };

/** A game a user plays in (not ended). */
export interface UserGame { gameId: number; channelId: string; seat: string; joinedAt: number }

/**
 * Everything the live service asks of its store, each answer a promise: the same names and meanings as the SQLite
 * `Store` class, which `SqliteStore` wraps. Every write that answers a person goes through `commit`, one
 * transaction per batch. A game is written by one process at a time: the one holding its lease.
 */
export interface GameStore {
  /** Which database: 'sqlite' or 'postgres'. */
  readonly driver: 'sqlite' | 'postgres';
  /** Where, for logs and health (a PostgreSQL URL without its password). */
  readonly location: string;
  /** The server-wide rating numbers (D10.9). */
  ratingConfig: RatingConfig;
  /** How long a lease lasts unless renewed (ms). */
  leaseMs: number;

  /** The latest migration applied. */
  schemaVersion(): Promise<number>;
  /** Every migration applied, in order (each once). */
  schemaVersions(): Promise<number[]>;
  close(): Promise<void>;
  /** A refused duplicate (a UNIQUE or primary key constraint), whichever driver raised it. */
  isUniqueViolation(e: unknown): boolean;

  // games and players
  /**
   * A new games row. With `lease`, the row and its lease are written in one transaction: no other process's
   * takeover scan can see the new game unleased and take it before its creator does (issue 16).
   */
  createGame(g: NewGame, lease?: NewLease): Promise<GameRow>;
  game(id: number): Promise<GameRow | null>;
  /** The channel's open or running game. */
  liveGameIn(channelId: string): Promise<GameRow | null>;
  /** The channel's most recent game of any status (a live one first). */
  lastGameIn(channelId: string): Promise<GameRow | null>;
  games(status?: GameStatusRow[]): Promise<GameRow[]>;
  players(gameId: number): Promise<PlayerRow[]>;
  /** Games (not ended) where the user plays, most recently joined first. */
  gamesOfUser(userId: string): Promise<UserGame[]>;
  remindByDm(userId: string): Promise<boolean>;
  setRemindByDm(userId: string, dm: boolean): Promise<void>;

  // the log and what rebuilds a game from it
  lastSeq(gameId: number): Promise<number>;
  entries(gameId: number, afterSeq?: number): Promise<StoredEntry[]>;
  latestSnapshot(gameId: number): Promise<SnapshotRow | null>;
  snapshotOpening(gameId: number, turn: number): Promise<SnapshotRow | null>;
  snapshots(gameId: number): Promise<SnapshotRow[]>;
  /** The state right after turn `turn - 1` resolved, passing over undo snapshots and undone resolutions. */
  resolutionOpening(gameId: number, turn: number): Promise<SnapshotRow | null>;
  timers(gameId: number): Promise<TimerRow[]>;
  /** The reply given to a message or interaction already handled, or null. */
  handled(messageId: string): Promise<unknown | null>;
  /** Writes a batch in one transaction (all or nothing); the seqs given to its entries. */
  commit(b: Batch): Promise<number[]>;

  // request posts, meta
  addRequestPost(gameId: number, p: RequestPostRow): Promise<void>;
  openRequestPosts(gameId: number): Promise<RequestPostRow[]>;
  closeRequestPost(gameId: number, messageId: string, outcome: string): Promise<void>;
  getMeta(key: string): Promise<string | null>;
  setMeta(key: string, value: string): Promise<void>;

  // ratings (duel.md D9)
  rating(kind: string, id: string): Promise<RatingRow | null>;
  /** Rates one ended game in a transaction of its own (both standings locked); null when it was rated before. */
  rateGame(r: RatedGame): Promise<RatingResultRow | null>;
  ratingBoard(kind: string, scope?: string): Promise<RatingRow[]>;
  ratingResults(kind: string, id: string, limit?: number): Promise<RatingResultRow[]>;
  ratingOfGame(kind: string, gameId: number): Promise<RatingResultRow | null>;

  // leases (issue 16): one process writes a game at a time
  /**
   * Takes the game for `holder` when nobody holds it, its lease expired, or `holder` holds it already (then it is
   * renewed). The lease, or null while another holder's lease runs. Taking drops what this store remembers of
   * the game (its last seq, players, open posts), since another process may have written it meanwhile.
   */
  takeLease(gameId: number, holder: string, t?: LeaseTime): Promise<Lease | null>;
  /** Extends `holder`'s lease; false when the game is no longer `holder`'s (another took it over): stop writing it. */
  renewLease(gameId: number, holder: string, t?: LeaseTime): Promise<boolean>;
  /**
   * Extends every one of `holder`'s leases among `gameIds` in one statement (the lease timer's round: one store call
   * for all the games a process holds, not one a game). The ids whose lease was still `holder`'s and is renewed;
   * the others are another's now (or nobody's): stop writing them.
   */
  renewLeases(gameIds: readonly number[], holder: string, t?: LeaseTime): Promise<number[]>;
  /** Gives the game up (graceful shutdown, the game ended); false when it was not `holder`'s. */
  releaseLease(gameId: number, holder: string): Promise<boolean>;
  /** Gives up every lease of `holder`; how many. */
  releaseLeases(holder: string): Promise<number>;
  lease(gameId: number): Promise<Lease | null>;
  /** The leases `holder` has (expired or not), by game id. */
  leasesOf(holder: string): Promise<Lease[]>;
  /**
   * The lease round's takeover scan (issue 16): the open and running games `holder` might take now — no lease, a
   * lease expired at `t.now`, or another holder's on the same host (the part of `holder` before its first `:`; a
   * holder whose process is gone gives its games up at once) — by id. Not the games other live processes hold
   * (with two processes on 1,000 games a round read every row and tried each of the other's games, two calls a
   * game), and not `holder`'s own running leases (a game it is creating is not yet in its memory: not a takeover).
   */
  takeoverCandidates(holder: string, t?: LeaseTime): Promise<GameRow[]>;
}

/** A lease holder id for this process: host, pid and a random part (a restarted process is a new holder). */
export function processHolder(): string {
  return `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
}
