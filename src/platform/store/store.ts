import Database from 'better-sqlite3';
import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { MIGRATIONS } from './migrations.ts';
import { eloUpdate, RATING_DEFAULTS, type RatingConfig, type Score } from '../ratings/index.ts';

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
}

type Raw = Record<string, unknown>;

/**
 * A games row. Damaged JSON in one row must not make every game unreadable: the row comes back with what
 * could be read and `broken` saying which column is damaged.
 */
function gameRow(r: Raw): GameRow {
  const bad: string[] = [];
  const json = <T>(col: string, empty: T): T => {
    try {
      return JSON.parse(r[col] as string) as T;
    } catch {
      bad.push(col);
      return empty;
    }
  };
  const row: GameRow = {
    id: r.id as number, kind: (r.kind as string | undefined) ?? 'neuwar', channelId: r.channel_id as string, mapPath: r.map_path as string, mapId: r.map_id as string,
    settings: json('settings', {}), live: json('live', {}), status: r.status as GameStatusRow,
    creator: r.creator as string, judges: json('judges', []), createdAt: r.created_at as number,
    startedAt: (r.started_at as number | null) ?? null, endedAt: (r.ended_at as number | null) ?? null,
    statusMessageId: (r.status_message_id as string | null) ?? null,
  };
  if (bad.length) row.broken = `damaged game record (${bad.join(', ')} is not valid JSON)`;
  return row;
}

/** The SQLite error code of a better-sqlite3 error (SQLITE_CORRUPT, SQLITE_READONLY, SQLITE_CONSTRAINT_UNIQUE, …), or null. */
export function sqliteCode(e: unknown): string | null {
  const c = (e as { code?: unknown } | null)?.code;
  return typeof c === 'string' && c.startsWith('SQLITE_') ? c : null;
}

/** The database refuses writes: a read-only file system, a file without write permission, query_only. */
export function isReadOnlyError(e: unknown): boolean {
  const c = sqliteCode(e) ?? (e as { code?: string } | null)?.code ?? '';
  return c.startsWith('SQLITE_READONLY') || c === 'EROFS' || c === 'EACCES' || c === 'EPERM';
}

/** Pages of the file are damaged (or the file is no database at all). */
export function isCorruptError(e: unknown): boolean {
  const c = sqliteCode(e) ?? '';
  return c.startsWith('SQLITE_CORRUPT') || c === 'SQLITE_NOTADB';
}

/** A UNIQUE (or primary key) constraint refused a row: a real duplicate, unlike every other failed write. */
export function isUniqueViolation(e: unknown): boolean {
  const c = sqliteCode(e);
  return c === 'SQLITE_CONSTRAINT_UNIQUE' || c === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * Whether the file (or, before it exists, the nearest existing directory above it) is on storage this process
 * may not write: SQLite reports a read-only mount only as "unable to open", so the file system is asked.
 */
function readOnlyStorage(path: string): string | null {
  if (path === ':memory:') return null;
  let p = path;
  while (!existsSync(p) && dirname(p) !== p) p = dirname(p);
  try {
    accessSync(p, constants.W_OK);
    return null;
  } catch (e) {
    const c = (e as { code?: string }).code ?? '';
    return c === 'EROFS' || c === 'EACCES' || c === 'EPERM' ? c : null;
  }
}

/**
 * The database file cannot be used at all: raised when the store opens, with one line that names the file,
 * says what is wrong and what to do (start-up prints it instead of a stack trace).
 */
export class StorageError extends Error {
  override readonly name = 'StorageError';
  constructor(readonly kind: 'not-a-database' | 'read-only' | 'corrupt' | 'cannot-open', readonly path: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
  }

  static from(e: unknown, path: string): StorageError {
    const c = sqliteCode(e) ?? (e as { code?: string } | null)?.code ?? (e as Error)?.name ?? 'error';
    const why = `${c}: ${(e as Error)?.message ?? String(e)}`.replace(/\s+/g, ' ');
    const ro = isReadOnlyError(e) ? c : readOnlyStorage(path);
    if (c === 'SQLITE_NOTADB') {
      return new StorageError('not-a-database', path, `数据库文件 ${path} 不是 SQLite 数据库（${why}）：把它移走或改名，或让 DATABASE_PATH 指向正确的数据库文件，然后重新启动。 / ${path} is not a SQLite database: move it away or point DATABASE_PATH at the right file, then start again.`, { cause: e });
    }
    if (ro) {
      return new StorageError('read-only', path, `数据库文件 ${path} 无法写入（${ro === c ? why : `${ro}; ${why}`}）：存储是只读的或没有写权限。请让该文件和它的目录可写，或让 DATABASE_PATH 指向可写的位置，然后重新启动。 / ${path} cannot be written (read-only storage or no permission): make it and its directory writable or point DATABASE_PATH elsewhere, then start again.`, { cause: e });
    }
    if (isCorruptError(e)) {
      return new StorageError('corrupt', path, `数据库文件 ${path} 已损坏（${why}）：请从备份恢复，或用 sqlite3 的 .recover 导出可读的部分到新文件，然后重新启动。 / ${path} is damaged: restore a backup or .recover it into a new file, then start again.`, { cause: e });
    }
    return new StorageError('cannot-open', path, `无法打开数据库文件 ${path}（${why}）：检查路径和权限，或让 DATABASE_PATH 指向别的位置，然后重新启动。 / ${path} cannot be opened: check the path and permissions or set DATABASE_PATH, then start again.`, { cause: e });
  }
}

/** Fault injection for the kill tests: NEUWAR_FAULT=<point>:<n> SIGKILLs the process at the n-th time `point` is reached. */
const faults = new Map<string, number>();
export function faultPoint(point: string): void {
  const spec = process.env.NEUWAR_FAULT;
  if (!spec) return;
  for (const part of spec.split(',')) {
    const [p, n] = part.split(':');
    if (p !== point) continue;
    const c = (faults.get(point) ?? 0) + 1;
    faults.set(point, c);
    if (c === Number(n ?? 1)) process.kill(process.pid, 'SIGKILL');
  }
}

/**
 * The database: games, players, the append-only log, snapshots and timers (better-sqlite3, WAL). Every write
 * that answers a person goes through `commit` in one transaction, before the answer is sent.
 */
export class Store {
  readonly db: Database.Database;

  /**
   * Opens (creating if needed) the database at `path`, migrates it and checks that a write succeeds: a file
   * that is no database, damaged, or on read-only storage throws a StorageError with one line saying what to
   * do, so the bot refuses to start rather than fail on the first command. `readOnly` opens the file without
   * write access, as a read-only mount would.
   */
  constructor(path = process.env.DATABASE_PATH ?? 'data/neuwar.db', opts: { readOnly?: boolean } = {}) {
    let db: Database.Database | null = null;
    try {
      if (path !== ':memory:' && !opts.readOnly) mkdirSync(dirname(path), { recursive: true });
      db = new Database(path, opts.readOnly ? { readonly: true, fileMustExist: true } : {});
      this.db = db;
      if (!opts.readOnly) this.db.pragma('journal_mode = WAL');
      // WAL with synchronous=NORMAL: a commit is in the log file before the bot answers, so a crashed or killed
      // process loses nothing (the kill tests); only a power cut may lose the last moments. DATABASE_SYNC=full
      // also syncs every commit to the disk, at about 0.5 ms a command.
      this.db.pragma(`synchronous = ${(process.env.DATABASE_SYNC ?? '').toLowerCase() === 'full' ? 'FULL' : 'NORMAL'}`);
      this.db.pragma('foreign_keys = ON');
      this.migrate();
      this.setMeta('opened_at', String(Date.now()));
    } catch (e) {
      try { db?.close(); } catch { /* the error that matters is e */ }
      throw StorageError.from(e, path);
    }
  }

  private migrate(): void {
    this.db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)');
    const done = new Set((this.stmt('SELECT version FROM schema_version').all() as { version: number }[]).map((r) => r.version));
    for (const m of MIGRATIONS) {
      if (done.has(m.version)) continue;
      this.db.transaction(() => {
        this.db.exec(m.sql);
        this.stmt('INSERT INTO schema_version (version, applied_at) VALUES (?, ?)').run(m.version, Date.now());
      })();
    }
  }

  schemaVersion(): number {
    return (this.stmt('SELECT MAX(version) v FROM schema_version').get() as { v: number }).v;
  }

  private readonly statements = new Map<string, Database.Statement>();

  /** A prepared statement, prepared once per SQL text (preparing is a large part of a small query's cost). */
  private stmt(sql: string): Database.Statement {
    let st = this.statements.get(sql);
    if (!st) {
      st = this.db.prepare(sql);
      this.statements.set(sql, st);
    }
    return st;
  }

  close(): void {
    this.db.close();
  }

  createGame(g: Omit<GameRow, 'id' | 'startedAt' | 'endedAt' | 'statusMessageId' | 'status' | 'kind'> & { kind?: string }): GameRow {
    this.liveByChannel.clear();
    const r = this.stmt(`INSERT INTO games (kind, channel_id, map_path, map_id, settings, live, status, creator, judges, created_at)
      VALUES (?, ?, ?, ?, ?, ?, 'open', ?, ?, ?)`).run(g.kind ?? 'neuwar', g.channelId, g.mapPath, g.mapId, JSON.stringify(g.settings), JSON.stringify(g.live), g.creator, JSON.stringify(g.judges), g.createdAt);
    return this.game(Number(r.lastInsertRowid))!;
  }

  game(id: number): GameRow | null {
    const r = this.stmt('SELECT * FROM games WHERE id = ?').get(id) as Raw | undefined;
    return r ? gameRow(r) : null;
  }

  /** The channel's open or running game. */
  /**
   * Read on every message (several times), written rarely: the channel → live game and game → players lookups
   * are cached in memory and dropped whenever a write touches games or players.
   */
  private liveByChannel = new Map<string, GameRow | null>();
  private playersByGame = new Map<number, PlayerRow[]>();
  /** Open request posts per game (see openRequestPosts). */
  private openPostsByGame = new Map<number, RequestPostRow[]>();

  liveGameIn(channelId: string): GameRow | null {
    const hit = this.liveByChannel.get(channelId);
    if (hit !== undefined) return hit;
    const r = this.stmt("SELECT * FROM games WHERE channel_id = ? AND status <> 'ended'").get(channelId) as Raw | undefined;
    const row = r ? gameRow(r) : null;
    this.liveByChannel.set(channelId, row);
    return row;
  }

  /** The channel's most recent game of any status. */
  lastGameIn(channelId: string): GameRow | null {
    const r = this.stmt('SELECT * FROM games WHERE channel_id = ? ORDER BY (status <> \'ended\') DESC, id DESC LIMIT 1').get(channelId) as Raw | undefined;
    return r ? gameRow(r) : null;
  }

  games(status?: GameStatusRow[]): GameRow[] {
    const rows = this.stmt('SELECT * FROM games ORDER BY id').all() as Raw[];
    return rows.map(gameRow).filter((g) => !status || status.includes(g.status));
  }

  /** Whether the user wants turn reminders by direct message (issue: reminders, a per-player choice). */
  remindByDm(userId: string): boolean {
    const r = this.stmt('SELECT remind_dm FROM user_prefs WHERE user_id = ?').get(userId) as { remind_dm: number } | undefined;
    return r?.remind_dm === 1;
  }

  setRemindByDm(userId: string, dm: boolean): void {
    this.stmt('INSERT INTO user_prefs (user_id, remind_dm) VALUES (?, ?) ON CONFLICT(user_id) DO UPDATE SET remind_dm = excluded.remind_dm').run(userId, dm ? 1 : 0);
  }

  players(gameId: number): PlayerRow[] {
    const hit = this.playersByGame.get(gameId);
    if (hit) return hit;
    const rows = (this.stmt('SELECT seat, user_id, name, joined_at FROM players WHERE game_id = ? ORDER BY joined_at, seat').all(gameId) as Raw[])
      .map((r) => ({ seat: r.seat as string, userId: r.user_id as string, name: r.name as string, joinedAt: r.joined_at as number }));
    this.playersByGame.set(gameId, rows);
    return rows;
  }

  /** Games (not ended) where the user plays, most recently joined first. */
  gamesOfUser(userId: string): { gameId: number; channelId: string; seat: string; joinedAt: number }[] {
    return (this.stmt(`SELECT p.game_id, g.channel_id, p.seat, p.joined_at FROM players p JOIN games g ON g.id = p.game_id
      WHERE p.user_id = ? AND g.status <> 'ended' ORDER BY p.joined_at DESC, p.game_id DESC`).all(userId) as Raw[])
      .map((r) => ({ gameId: r.game_id as number, channelId: r.channel_id as string, seat: r.seat as string, joinedAt: r.joined_at as number }));
  }

  lastSeq(gameId: number): number {
    return this.seqByGame.get(gameId) ?? (this.stmt('SELECT COALESCE(MAX(seq), 0) s FROM log WHERE game_id = ?').get(gameId) as { s: number }).s;
  }

  /**
   * Each game's last log seq after this process's own commits: asked on every command, and a game is written by
   * one process only (the one serving its channel). Set after a commit succeeds, so a rolled-back one leaves it.
   */
  private seqByGame = new Map<number, number>();

  entries(gameId: number, afterSeq = 0): StoredEntry[] {
    return (this.stmt('SELECT * FROM log WHERE game_id = ? AND seq > ? ORDER BY seq').all(gameId, afterSeq) as Raw[]).map((r) => ({
      seq: r.seq as number, at: r.at as number, entry: JSON.parse(r.entry as string), userId: (r.user_id as string | null) ?? null,
      messageId: (r.message_id as string | null) ?? null, part: r.part as number, undone: r.undone === 1, turn: r.turn as number,
    }));
  }

  latestSnapshot(gameId: number): SnapshotRow | null {
    return (this.stmt('SELECT seq, turn, at, game FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1').get(gameId) as SnapshotRow | undefined) ?? null;
  }

  /** The latest snapshot whose open turn is `turn` (the state right after turn-1 resolved). */
  snapshotOpening(gameId: number, turn: number): SnapshotRow | null {
    return (this.stmt('SELECT seq, turn, at, game FROM snapshots WHERE game_id = ? AND turn = ? ORDER BY seq DESC LIMIT 1').get(gameId, turn) as SnapshotRow | undefined) ?? null;
  }

  snapshots(gameId: number): SnapshotRow[] {
    return this.stmt('SELECT seq, turn, at, game FROM snapshots WHERE game_id = ? ORDER BY seq').all(gameId) as SnapshotRow[];
  }

  /**
   * The state right after turn `turn - 1` was resolved, as it stands in the log now: the latest snapshot
   * opening `turn` that was taken at a resolution the judge has not undone. The snapshot a 【撤回】 takes (the
   * reopened turn, without its events) and those of undone resolutions are passed over.
   */
  resolutionOpening(gameId: number, turn: number): SnapshotRow | null {
    return (this.stmt(`SELECT s.seq, s.turn, s.at, s.game FROM snapshots s JOIN log l ON l.game_id = s.game_id AND l.seq = s.seq
      WHERE s.game_id = ? AND s.turn = ? AND l.undone = 0 AND json_extract(l.entry, '$.type') IN ('command', 'tick')
        AND COALESCE(json_extract(l.entry, '$.command.kind'), '') <> 'undo'
      ORDER BY s.seq DESC LIMIT 1`).get(gameId, turn) as SnapshotRow | undefined) ?? null;
  }

  addRequestPost(gameId: number, p: RequestPostRow): void {
    this.openPostsByGame.delete(gameId);
    this.stmt('INSERT OR REPLACE INTO request_posts (game_id, message_id, request_id, text, turn) VALUES (?, ?, ?, ?, ?)').run(gameId, p.messageId, p.requestId, p.text, p.turn);
  }

  /**
   * Request posts of the game whose buttons are still live, oldest first. Asked after every command, so kept
   * in memory (like the players) and read again only after a post is added or closed.
   */
  openRequestPosts(gameId: number): RequestPostRow[] {
    const hit = this.openPostsByGame.get(gameId);
    if (hit) return hit;
    const rows = (this.stmt('SELECT request_id, message_id, text, turn FROM request_posts WHERE game_id = ? AND outcome IS NULL ORDER BY rowid').all(gameId) as Raw[])
      .map((r) => ({ requestId: r.request_id as number, messageId: r.message_id as string, text: r.text as string, turn: r.turn as number }));
    this.openPostsByGame.set(gameId, rows);
    return rows;
  }

  closeRequestPost(gameId: number, messageId: string, outcome: string): void {
    this.openPostsByGame.delete(gameId);
    this.stmt('UPDATE request_posts SET outcome = ? WHERE game_id = ? AND message_id = ?').run(outcome, gameId, messageId);
  }

  handled(messageId: string): unknown | null {
    const r = this.stmt('SELECT reply FROM handled WHERE message_id = ?').get(messageId) as { reply: string } | undefined;
    return r ? JSON.parse(r.reply) : null;
  }

  timers(gameId: number): TimerRow[] {
    return this.stmt('SELECT kind, at, turn FROM timers WHERE game_id = ? ORDER BY at, kind').all(gameId) as TimerRow[];
  }

  getMeta(key: string): string | null {
    return (this.stmt('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value ?? null;
  }

  setMeta(key: string, value: string): void {
    this.stmt('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
  }

  /** Writes a batch atomically; returns the seqs given to its entries. */
  commit(b: Batch): number[] {
    const seqs: number[] = [];
    if (b.game) this.liveByChannel.clear();
    if (b.players && b.gameId !== null) this.playersByGame.delete(b.gameId);
    this.db.transaction(() => {
      const gid = b.gameId;
      if (gid !== null && b.entries?.length) {
        let seq = this.lastSeq(gid);
        const ins = this.stmt('INSERT INTO log (game_id, seq, at, entry, user_id, message_id, part, turn) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
        for (const e of b.entries) {
          seq += 1;
          ins.run(gid, seq, e.at, JSON.stringify(e.entry), e.userId ?? null, e.messageId ?? null, e.part ?? 0, e.turn);
          seqs.push(seq);
        }
        faultPoint('mid-commit');
      }
      if (gid !== null && b.undoneFromTurn !== undefined) {
        const last = b.undoneBeforeSeq ?? (seqs.length ? seqs[seqs.length - 1]! : this.lastSeq(gid) + 1);
        this.stmt('UPDATE log SET undone = 1 WHERE game_id = ? AND turn >= ? AND seq < ?').run(gid, b.undoneFromTurn, last);
      }
      if (gid !== null) {
        // The log's last seq: the batch's own when it wrote entries (asked of the database only when needed).
        const lastSeq = b.snapshots?.length ? (seqs.length ? seqs[seqs.length - 1]! : this.lastSeq(gid)) : 0;
        for (const s of b.snapshots ?? []) {
          this.stmt('INSERT OR REPLACE INTO snapshots (game_id, seq, turn, at, game) VALUES (?, ?, ?, ?, ?)').run(gid, s.seq ?? lastSeq, s.turn, s.at, s.game);
        }
        if (b.timers) {
          this.stmt('DELETE FROM timers WHERE game_id = ?').run(gid);
          const ins = this.stmt('INSERT INTO timers (game_id, kind, at, turn) VALUES (?, ?, ?, ?)');
          for (const t of b.timers) ins.run(gid, t.kind, t.at, t.turn);
        }
        if (b.game) {
          const g = b.game;
          const sets: string[] = [];
          const vals: unknown[] = [];
          const put = (col: string, v: unknown) => { sets.push(`${col} = ?`); vals.push(v); };
          if (g.status !== undefined) put('status', g.status);
          if (g.judges !== undefined) put('judges', JSON.stringify(g.judges));
          if (g.startedAt !== undefined) put('started_at', g.startedAt);
          if (g.endedAt !== undefined) put('ended_at', g.endedAt);
          if (g.statusMessageId !== undefined) put('status_message_id', g.statusMessageId);
          if (g.settings !== undefined) put('settings', JSON.stringify(g.settings));
          if (g.live !== undefined) put('live', JSON.stringify(g.live));
          if (sets.length) this.stmt(`UPDATE games SET ${sets.join(', ')} WHERE id = ?`).run(...vals, gid);
        }
        for (const c of b.players?.remove ?? []) this.stmt('DELETE FROM players WHERE game_id = ? AND seat = ?').run(gid, c);
        for (const p of b.players?.set ?? []) {
          this.stmt('DELETE FROM players WHERE game_id = ? AND (seat = ? OR user_id = ?)').run(gid, p.seat, p.userId);
          this.stmt('INSERT INTO players (game_id, seat, user_id, name, joined_at) VALUES (?, ?, ?, ?, ?)').run(gid, p.seat, p.userId, p.name, p.joinedAt);
        }
      }
      if (b.rating) this.writeRating(b.rating, this.ratingConfig);
      if (b.handled) {
        this.stmt('INSERT INTO handled (message_id, game_id, at, reply) VALUES (?, ?, ?, ?)').run(b.handled.messageId, gid, b.handled.at, JSON.stringify(b.handled.reply));
      }
    })();
    if (b.gameId !== null && seqs.length) this.seqByGame.set(b.gameId, seqs[seqs.length - 1]!);
    if (seqs.length) faultPoint('after-log-write');
    return seqs;
  }

  // ── ratings (duel.md D9; kept per game kind, for every game whose rules rate) ──

  /** The server-wide rating numbers (D10.9's startRating, K, provisionalK, provisionalGames, ratingFloor). */
  ratingConfig: RatingConfig = RATING_DEFAULTS;

  /** One identity's standing, or null before its first rated game (it stands at startRating). */
  rating(kind: string, id: string): RatingRow | null {
    const r = this.stmt('SELECT * FROM ratings WHERE game_kind = ? AND user_id = ?').get(kind, id) as Raw | undefined;
    return r ? ratingRow(r) : null;
  }

  /**
   * Rates one ended game in a transaction of its own (tools and tests; the live service passes `rating` to
   * `commit` so the rows go with the game's end). Returns the result row, or null when the game was rated before.
   */
  rateGame(r: RatedGame): RatingResultRow | null {
    return this.db.transaction(() => this.writeRating(r, this.ratingConfig))();
  }

  /**
   * D9.3 inside the caller's transaction: both sides from their ratings before the game, then both standings and
   * the result row. A game already rated is left alone (a retried end must not rate twice).
   */
  private writeRating(r: RatedGame, c: RatingConfig): RatingResultRow | null {
    if (this.stmt('SELECT 1 FROM rating_results WHERE game_kind = ? AND game_id = ?').get(r.kind, r.gameId)) return null;
    if (r.a.id === r.b.id) throw new Error(`a rated game needs two identities (game ${r.gameId}: ${r.a.id} twice)`);
    const before = (s: RatedSide) => this.rating(r.kind, s.id) ?? { rating: c.startRating, games: 0 };
    const a0 = before(r.a), b0 = before(r.b);
    const u = eloUpdate({ rating: a0.rating, games: a0.games }, { rating: b0.rating, games: b0.games }, r.scoreA, c);
    const put = this.stmt(`INSERT INTO ratings (game_kind, user_id, rating, games, wins, draws, losses, name, updated_at) VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?)
      ON CONFLICT(game_kind, user_id) DO UPDATE SET rating = excluded.rating, games = games + 1, wins = wins + excluded.wins,
        draws = draws + excluded.draws, losses = losses + excluded.losses, name = excluded.name, updated_at = excluded.updated_at`);
    const rec = (score: number) => [score === 1 ? 1 : 0, score === 0.5 ? 1 : 0, score === 0 ? 1 : 0];
    put.run(r.kind, r.a.id, u.a.after, ...rec(r.scoreA), r.a.name, r.at);
    faultPoint('mid-rating');
    put.run(r.kind, r.b.id, u.b.after, ...rec(1 - r.scoreA), r.b.name, r.at);
    const result = r.scoreA === 1 ? 'a' : r.scoreA === 0 ? 'b' : 'draw';
    const ins = this.stmt(`INSERT INTO rating_results (game_kind, game_id, channel_id, scope, a, b, a_seat, b_seat, result, how, a_before, b_before, a_delta, b_delta, at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(r.kind, r.gameId, r.channelId, r.scope, r.a.id, r.b.id, r.a.seat, r.b.seat, result, r.how,
      u.a.before, u.b.before, u.a.after - u.a.before, u.b.after - u.b.before, r.at);
    return this.ratingResult(Number(ins.lastInsertRowid));
  }

  private ratingResult(id: number): RatingResultRow | null {
    const r = this.stmt('SELECT * FROM rating_results WHERE id = ?').get(id) as Raw | undefined;
    return r ? resultRow(r) : null;
  }

  /**
   * A board's standings (D9.6), best first (rating, then more games, then identity): every identity with a rated
   * game (`scope` undefined), or those with a rated game filed under `scope` ('local', 'discord:<guildId>').
   */
  ratingBoard(kind: string, scope?: string): RatingRow[] {
    const rows = scope === undefined
      ? this.stmt('SELECT * FROM ratings WHERE game_kind = ? AND games > 0 ORDER BY rating DESC, games DESC, user_id').all(kind)
      : this.stmt(`SELECT * FROM ratings WHERE game_kind = ? AND games > 0 AND user_id IN (
          SELECT a FROM rating_results WHERE game_kind = ? AND scope = ? UNION SELECT b FROM rating_results WHERE game_kind = ? AND scope = ?)
        ORDER BY rating DESC, games DESC, user_id`).all(kind, kind, scope, kind, scope);
    return (rows as Raw[]).map(ratingRow);
  }

  /** An identity's rated games, newest first (`limit`: at most that many). */
  ratingResults(kind: string, id: string, limit = -1): RatingResultRow[] {
    return (this.stmt('SELECT * FROM rating_results WHERE game_kind = ? AND (a = ? OR b = ?) ORDER BY at DESC, id DESC LIMIT ?').all(kind, id, id, limit) as Raw[]).map(resultRow);
  }

  /** Whether the game was rated (its result row), or null. */
  ratingOfGame(kind: string, gameId: number): RatingResultRow | null {
    const r = this.stmt('SELECT * FROM rating_results WHERE game_kind = ? AND game_id = ?').get(kind, gameId) as Raw | undefined;
    return r ? resultRow(r) : null;
  }
}

function ratingRow(r: Raw): RatingRow {
  return {
    kind: r.game_kind as string, id: r.user_id as string, name: (r.name as string | undefined) ?? '', rating: r.rating as number, games: r.games as number,
    wins: (r.wins as number | undefined) ?? 0, draws: (r.draws as number | undefined) ?? 0, losses: (r.losses as number | undefined) ?? 0, updatedAt: r.updated_at as number,
  };
}

function resultRow(r: Raw): RatingResultRow {
  return {
    id: r.id as number, kind: r.game_kind as string, gameId: r.game_id as number, channelId: r.channel_id as string, scope: (r.scope as string | null) ?? null,
    at: r.at as number, how: r.how as string, a: r.a as string, b: r.b as string, aSeat: r.a_seat as string, bSeat: r.b_seat as string,
    result: r.result as RatingResultRow['result'], aBefore: r.a_before as number, bBefore: r.b_before as number, aDelta: r.a_delta as number, bDelta: r.b_delta as number,
  };
}
