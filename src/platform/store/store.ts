import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { MIGRATIONS } from './migrations.ts';
import { eloUpdate, RATING_DEFAULTS, type RatingConfig } from '../ratings/index.ts';
import { StorageError, faultPoint } from './errors.ts';
import { entryRow, gameRow, gameUpdate, leaseRow, ratingRow, requestPostRow, resultRow, type Raw } from './rows.ts';
import {
  LeaseLostError, leaseMsFromEnv,
  type Batch, type GameRow, type GameStatusRow, type Lease, type LeaseTime, type NewGame, type NewLease, type PlayerRow, type RatedGame, type RatedSide,
  type RatingResultRow, type RatingRow, type RequestPostRow, type SnapshotRow, type StoredEntry, type TimerRow, type UserGame,
} from './types.ts';

export type {
  Batch, GameRow, GameStatusRow, Lease, PlayerRow, RatedGame, RatedSide, RatingResultRow, RatingRow, RequestPostRow, SnapshotRow, StoredEntry, TimerRow,
} from './types.ts';
export { StorageError, faultPoint, sqliteCode, isReadOnlyError, isCorruptError, isUniqueViolation } from './errors.ts';

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

  /** Every migration applied, in order. */
  schemaVersions(): number[] {
    return (this.stmt('SELECT version FROM schema_version ORDER BY version').all() as { version: number }[]).map((r) => r.version);
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

  createGame(g: NewGame, lease?: NewLease): GameRow {
    this.liveByChannel.clear();
    const id = this.db.transaction(() => {
      const r = this.stmt(`INSERT INTO games (kind, channel_id, map_path, map_id, settings, live, status, creator, judges, created_at)
        VALUES (?, ?, ?, ?, ?, ?, 'open', ?, ?, ?)`).run(g.kind ?? 'neuwar', g.channelId, g.mapPath, g.mapId, JSON.stringify(g.settings), JSON.stringify(g.live), g.creator, JSON.stringify(g.judges), g.createdAt);
      const gid = Number(r.lastInsertRowid);
      // The lease in the same transaction (types.ts createGame).
      if (lease) this.stmt('INSERT INTO leases (game_id, holder, taken_at, expires_at) VALUES (?, ?, ?, ?)').run(gid, lease.holder, lease.now, lease.now + (lease.ttlMs ?? this.leaseMs));
      return gid;
    }).immediate();
    return this.game(id)!;
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
  gamesOfUser(userId: string): UserGame[] {
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
    return (this.stmt('SELECT * FROM log WHERE game_id = ? AND seq > ? ORDER BY seq').all(gameId, afterSeq) as Raw[]).map(entryRow);
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
    const rows = (this.stmt('SELECT request_id, message_id, text, turn FROM request_posts WHERE game_id = ? AND outcome IS NULL ORDER BY rowid').all(gameId) as Raw[]).map(requestPostRow);
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
    const tx = this.db.transaction(() => {
      const gid = b.gameId;
      if (gid !== null && b.lease !== undefined) {
        const held = (this.stmt('SELECT holder FROM leases WHERE game_id = ?').get(gid) as { holder: string } | undefined)?.holder ?? null;
        if (held !== b.lease) throw new LeaseLostError(gid, b.lease, held);
      }
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
          const cols = gameUpdate(b.game);
          if (cols.length) this.stmt(`UPDATE games SET ${cols.map(([c]) => `${c} = ?`).join(', ')} WHERE id = ?`).run(...cols.map(([, v]) => v), gid);
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
    });
    // With a lease the write lock is taken first (BEGIN IMMEDIATE): another process on the same file cannot take the
    // lease between the check and the writes.
    if (b.lease !== undefined) tx.immediate();
    else tx();
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
    // BEGIN IMMEDIATE: the write lock before both standings are read, so another process's rating cannot slip between.
    return this.db.transaction(() => this.writeRating(r, this.ratingConfig)).immediate();
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

  // ── leases (issue 16: one process writes a game at a time; types.ts says what each does) ──

  /** How long a lease lasts unless renewed (ms): LEASE_SECONDS, default 30 s. */
  leaseMs = leaseMsFromEnv();

  takeLease(gameId: number, holder: string, t: LeaseTime = {}): Lease | null {
    const now = t.now ?? Date.now();
    const r = this.stmt(`INSERT INTO leases (game_id, holder, taken_at, expires_at) VALUES (?, ?, ?, ?)
      ON CONFLICT(game_id) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at,
        taken_at = CASE WHEN leases.holder = excluded.holder THEN leases.taken_at ELSE excluded.taken_at END
      WHERE leases.holder = excluded.holder OR leases.expires_at <= excluded.taken_at
      RETURNING game_id, holder, taken_at, expires_at`).get(gameId, holder, now, now + (t.ttlMs ?? this.leaseMs)) as Raw | undefined;
    if (!r) return null;
    this.forget(gameId);
    return leaseRow(r);
  }

  renewLease(gameId: number, holder: string, t: LeaseTime = {}): boolean {
    const now = t.now ?? Date.now();
    return this.stmt('UPDATE leases SET expires_at = ? WHERE game_id = ? AND holder = ?').run(now + (t.ttlMs ?? this.leaseMs), gameId, holder).changes === 1;
  }

  renewLeases(gameIds: readonly number[], holder: string, t: LeaseTime = {}): number[] {
    if (gameIds.length === 0) return [];
    const now = t.now ?? Date.now();
    // One statement whatever the number of games (the ids as one JSON array: no limit on bound parameters).
    return (this.stmt('UPDATE leases SET expires_at = ? WHERE holder = ? AND game_id IN (SELECT value FROM json_each(?)) RETURNING game_id')
      .all(now + (t.ttlMs ?? this.leaseMs), holder, JSON.stringify(gameIds)) as { game_id: number }[]).map((r) => Number(r.game_id)).sort((a, b) => a - b);
  }

  releaseLease(gameId: number, holder: string): boolean {
    return this.stmt('DELETE FROM leases WHERE game_id = ? AND holder = ?').run(gameId, holder).changes === 1;
  }

  releaseLeases(holder: string): number {
    return this.stmt('DELETE FROM leases WHERE holder = ?').run(holder).changes;
  }

  lease(gameId: number): Lease | null {
    const r = this.stmt('SELECT * FROM leases WHERE game_id = ?').get(gameId) as Raw | undefined;
    return r ? leaseRow(r) : null;
  }

  takeoverCandidates(holder: string, t: LeaseTime = {}): GameRow[] {
    const now = t.now ?? Date.now();
    const host = `${holder.split(':')[0]}:`;
    const rows = this.stmt(`SELECT g.* FROM games g LEFT JOIN leases l ON l.game_id = g.id
      WHERE g.status IN ('open', 'running')
        AND (l.game_id IS NULL OR l.expires_at <= ? OR (substr(l.holder, 1, ?) = ? AND l.holder <> ?))
      ORDER BY g.id`).all(now, host.length, host, holder) as Raw[];
    return rows.map(gameRow);
  }

  leasesOf(holder: string): Lease[] {
    return (this.stmt('SELECT * FROM leases WHERE holder = ? ORDER BY game_id').all(holder) as Raw[]).map(leaseRow);
  }

  /** Drops what this process remembers of a game (another process may have written it while it held the lease). */
  private forget(gameId: number): void {
    this.seqByGame.delete(gameId);
    this.playersByGame.delete(gameId);
    this.openPostsByGame.delete(gameId);
    this.liveByChannel.clear();
  }
}
