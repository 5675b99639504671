/**
 * The store on PostgreSQL (issue 16): several processes, or hosts, on one database. The same tables as SQLite
 * (PG_MIGRATIONS, the same versions), the same one-transaction-per-batch commit, the same refusal of a message
 * id handled twice (a unique violation, 23505), ratings rated under row locks, and per-game leases.
 *
 * What it remembers between calls is only what the lease protects: a game's last seq, players and open request
 * posts are kept in memory while this store holds the game's lease (only the holder writes them) and read from the
 * database otherwise. Channel lookups are always read: another process may create or end a channel's game.
 */
import pg from 'pg';
import { eloUpdate, RATING_DEFAULTS, type RatingConfig } from '../ratings/index.ts';
import { StorageError, faultPoint, isUniqueViolation } from './errors.ts';
import { PG_MIGRATIONS } from './migrations.ts';
import { entryRow, gameRow, gameUpdate, leaseRow, ratingRow, requestPostRow, resultRow, type Raw } from './rows.ts';
import {
  LeaseLostError, leaseMsFromEnv,
  type Batch, type GameRow, type GameStatusRow, type GameStore, type Lease, type LeaseTime, type NewGame, type NewLease, type PlayerRow, type RatedGame,
  type RatedSide, type RatingResultRow, type RatingRow, type RequestPostRow, type SnapshotRow, type StoredEntry, type TimerRow, type UserGame,
} from './types.ts';
import type { CopyTable, TableIO } from './tables.ts';

/** BIGINT (int8) columns — times in ms, ids, counts — come back as numbers, not strings (all fit in 2^53). */
const TYPES: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** Serializes migrations of every process that opens the same database at once. */
const MIGRATE_LOCK = "hashtext('neuwar.migrate')";

/** A SQL identifier, quoted. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The URL without its password, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url.replace(/\/\/([^:/@]*):[^@]*@/, '//$1:***@');
  }
}

export interface PgOptions {
  /** A schema of its own (created if missing): several stores, e.g. tests, in one database. Default: the URL's search_path. */
  schema?: string;
  /** Connections in the pool (default 10). */
  max?: number;
}

/** Memory of per-game reads; a drop or clear also voids every read that was in flight (it may predate the write). */
class Memo<K, V> {
  private map = new Map<K, V>();
  private gen = 0;
  async get(k: K, keep: boolean, load: () => Promise<V>): Promise<V> {
    if (this.map.has(k)) return this.map.get(k)!;
    const g = this.gen;
    const v = await load();
    if (keep && g === this.gen) this.map.set(k, v);
    return v;
  }
  drop(k: K): void {
    this.map.delete(k);
    this.gen++;
  }
}

type Client = pg.PoolClient;

export class PgStore implements GameStore, TableIO {
  readonly driver = 'postgres' as const;
  ratingConfig: RatingConfig = RATING_DEFAULTS;
  leaseMs = leaseMsFromEnv();
  private closed = false;
  /** Games whose lease this store took and still holds (as far as it knows): their reads may be remembered. */
  private held = new Set<number>();
  private seqByGame = new Map<number, number>();
  private playersByGame = new Memo<number, PlayerRow[]>();
  private openPostsByGame = new Memo<number, RequestPostRow[]>();
  /** Statements sent to the server so far, each one round trip (BEGIN and COMMIT included): for the scale bench and tests. */
  roundTrips = 0;

  private constructor(readonly pool: pg.Pool, readonly location: string, readonly schema: string | null) {
    pool.on('connect', (c) => {
      const send = c.query.bind(c) as (...a: unknown[]) => unknown;
      (c as unknown as { query: (...a: unknown[]) => unknown }).query = (...a: unknown[]) => { this.roundTrips++; return send(...a); };
    });
  }

  /**
   * Connects, migrates (one process at a time: an advisory lock) and checks that a write succeeds. A server that
   * cannot be reached or used throws a StorageError with one line saying what to do.
   */
  static async open(url: string, opts: PgOptions = {}): Promise<PgStore> {
    const location = redactUrl(url);
    const pool = new pg.Pool({
      connectionString: url, max: opts.max ?? 10, types: TYPES,
      ...(opts.schema ? { options: `-c search_path=${ident(opts.schema)}` } : {}),
    });
    // A connection the server drops while idle in the pool must not take the process down; the next query reconnects.
    pool.on('error', (e) => process.stderr.write(`PostgreSQL (${location}): idle connection lost: ${e.message}\n`));
    const store = new PgStore(pool, location, opts.schema ?? null);
    try {
      await store.migrate();
      await store.setMeta('opened_at', String(Date.now()));
    } catch (e) {
      store.closed = true;
      await pool.end().catch(() => undefined);
      throw StorageError.fromPostgres(e, location);
    }
    return store;
  }

  private async migrate(): Promise<void> {
    const c = await this.pool.connect();
    let broken: unknown;
    try {
      await c.query(`SELECT pg_advisory_lock(${MIGRATE_LOCK})`);
      try {
        if (this.schema) await c.query(`CREATE SCHEMA IF NOT EXISTS ${ident(this.schema)}`);
        await c.query('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)');
        const done = new Set((await c.query<{ version: number }>('SELECT version FROM schema_version')).rows.map((r) => r.version));
        for (const m of PG_MIGRATIONS) {
          if (done.has(m.version)) continue;
          await c.query('BEGIN');
          try {
            await c.query(m.sql);
            await c.query('INSERT INTO schema_version (version, applied_at) VALUES ($1, $2)', [m.version, Date.now()]);
            await c.query('COMMIT');
          } catch (e) {
            await c.query('ROLLBACK').catch(() => undefined);
            throw e;
          }
        }
      } finally {
        await c.query(`SELECT pg_advisory_unlock(${MIGRATE_LOCK})`).catch((e: unknown) => { broken = e; });
      }
    } finally {
      c.release(broken instanceof Error ? broken : undefined);
    }
  }

  /** Names of the statements sent so far, by their text: each is parsed and planned once a connection (a prepared statement). */
  private readonly names = new Map<string, string>();

  /** A statement as a named (prepared) query: the server parses and plans it once per connection, not every time. */
  private prepared(text: string, values: unknown[]): pg.QueryConfig {
    let name = this.names.get(text);
    if (name === undefined) this.names.set(text, name = `neuwar_${this.names.size + 1}`);
    return { name, text, values };
  }

  private async q<R extends Raw = Raw>(sql: string, params: unknown[] = []): Promise<R[]> {
    return (await this.pool.query<R>(this.prepared(sql, params))).rows;
  }

  private async one<R extends Raw = Raw>(sql: string, params: unknown[] = []): Promise<R | null> {
    return (await this.q<R>(sql, params))[0] ?? null;
  }

  /** Runs `fn` in one transaction on one connection: COMMIT when it returns, ROLLBACK when it throws. */
  private async tx<T>(fn: (c: Client) => Promise<T>): Promise<T> {
    const c = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await c.query('BEGIN');
      try {
        const out = await fn(c);
        await c.query('COMMIT');
        return out;
      } catch (e) {
        // A connection that cannot even roll back is closed rather than handed to the next caller.
        await c.query('ROLLBACK').catch((r: unknown) => { broken = r instanceof Error ? r : new Error(String(r)); });
        throw e;
      }
    } finally {
      c.release(broken);
    }
  }

  async schemaVersion(): Promise<number> {
    return (await this.one<{ v: number }>('SELECT MAX(version) v FROM schema_version'))!.v;
  }

  async schemaVersions(): Promise<number[]> {
    return (await this.q<{ version: number }>('SELECT version FROM schema_version ORDER BY version')).map((r) => r.version);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.end();
  }

  isUniqueViolation(e: unknown): boolean {
    return isUniqueViolation(e);
  }

  // ── games and players ──

  async createGame(g: NewGame, lease?: NewLease): Promise<GameRow> {
    const sql = `INSERT INTO games (kind, channel_id, map_path, map_id, settings, live, status, creator, judges, created_at)
      VALUES ($1, $2, $3, $4, $5, $6, 'open', $7, $8, $9) RETURNING *`;
    const vals = [g.kind ?? 'neuwar', g.channelId, g.mapPath, g.mapId, JSON.stringify(g.settings), JSON.stringify(g.live), g.creator, JSON.stringify(g.judges), g.createdAt];
    if (!lease) return gameRow((await this.one(sql, vals))!);
    // The lease in the same transaction (types.ts createGame).
    const row = await this.tx(async (c) => {
      const r = (await c.query(sql, vals)).rows[0] as Raw;
      await c.query('INSERT INTO leases (game_id, holder, taken_at, expires_at) VALUES ($1, $2, $3, $4)', [r.id, lease.holder, lease.now, lease.now + (lease.ttlMs ?? this.leaseMs)]);
      return r;
    });
    const out = gameRow(row);
    this.held.add(out.id);
    return out;
  }

  async game(id: number): Promise<GameRow | null> {
    const r = await this.one('SELECT * FROM games WHERE id = $1', [id]);
    return r ? gameRow(r) : null;
  }

  async liveGameIn(channelId: string): Promise<GameRow | null> {
    const r = await this.one("SELECT * FROM games WHERE channel_id = $1 AND status <> 'ended'", [channelId]);
    return r ? gameRow(r) : null;
  }

  async lastGameIn(channelId: string): Promise<GameRow | null> {
    const r = await this.one("SELECT * FROM games WHERE channel_id = $1 ORDER BY (status <> 'ended') DESC, id DESC LIMIT 1", [channelId]);
    return r ? gameRow(r) : null;
  }

  async games(status?: GameStatusRow[]): Promise<GameRow[]> {
    const rows = status ? await this.q('SELECT * FROM games WHERE status = ANY($1) ORDER BY id', [status]) : await this.q('SELECT * FROM games ORDER BY id');
    return rows.map(gameRow);
  }

  async players(gameId: number): Promise<PlayerRow[]> {
    return this.playersByGame.get(gameId, this.held.has(gameId), async () =>
      (await this.q('SELECT seat, user_id, name, joined_at FROM players WHERE game_id = $1 ORDER BY joined_at, seat', [gameId]))
        .map((r) => ({ seat: r.seat as string, userId: r.user_id as string, name: r.name as string, joinedAt: r.joined_at as number })));
  }

  async gamesOfUser(userId: string): Promise<UserGame[]> {
    return (await this.q(`SELECT p.game_id, g.channel_id, p.seat, p.joined_at FROM players p JOIN games g ON g.id = p.game_id
      WHERE p.user_id = $1 AND g.status <> 'ended' ORDER BY p.joined_at DESC, p.game_id DESC`, [userId]))
      .map((r) => ({ gameId: r.game_id as number, channelId: r.channel_id as string, seat: r.seat as string, joinedAt: r.joined_at as number }));
  }

  async remindByDm(userId: string): Promise<boolean> {
    return (await this.one<{ remind_dm: number }>('SELECT remind_dm FROM user_prefs WHERE user_id = $1', [userId]))?.remind_dm === 1;
  }

  async setRemindByDm(userId: string, dm: boolean): Promise<void> {
    await this.q('INSERT INTO user_prefs (user_id, remind_dm) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET remind_dm = EXCLUDED.remind_dm', [userId, dm ? 1 : 0]);
  }

  // ── the log ──

  async lastSeq(gameId: number): Promise<number> {
    return this.lastSeqOn(this.pool, gameId);
  }

  private async lastSeqOn(c: pg.Pool | Client, gameId: number): Promise<number> {
    const hit = this.held.has(gameId) ? this.seqByGame.get(gameId) : undefined;
    if (hit !== undefined) return hit;
    return (await c.query<{ s: number }>('SELECT COALESCE(MAX(seq), 0) s FROM log WHERE game_id = $1', [gameId])).rows[0]!.s;
  }

  async entries(gameId: number, afterSeq = 0): Promise<StoredEntry[]> {
    return (await this.q('SELECT * FROM log WHERE game_id = $1 AND seq > $2 ORDER BY seq', [gameId, afterSeq])).map(entryRow);
  }

  async latestSnapshot(gameId: number): Promise<SnapshotRow | null> {
    return this.one<SnapshotRow & Raw>('SELECT seq, turn, at, game FROM snapshots WHERE game_id = $1 ORDER BY seq DESC LIMIT 1', [gameId]);
  }

  async snapshotOpening(gameId: number, turn: number): Promise<SnapshotRow | null> {
    return this.one<SnapshotRow & Raw>('SELECT seq, turn, at, game FROM snapshots WHERE game_id = $1 AND turn = $2 ORDER BY seq DESC LIMIT 1', [gameId, turn]);
  }

  async snapshots(gameId: number): Promise<SnapshotRow[]> {
    return this.q<SnapshotRow & Raw>('SELECT seq, turn, at, game FROM snapshots WHERE game_id = $1 ORDER BY seq', [gameId]);
  }

  async resolutionOpening(gameId: number, turn: number): Promise<SnapshotRow | null> {
    return this.one<SnapshotRow & Raw>(`SELECT s.seq, s.turn, s.at, s.game FROM snapshots s JOIN log l ON l.game_id = s.game_id AND l.seq = s.seq
      WHERE s.game_id = $1 AND s.turn = $2 AND l.undone = 0 AND (l.entry::jsonb ->> 'type') IN ('command', 'tick')
        AND COALESCE(l.entry::jsonb #>> '{command,kind}', '') <> 'undo'
      ORDER BY s.seq DESC LIMIT 1`, [gameId, turn]);
  }

  async timers(gameId: number): Promise<TimerRow[]> {
    return this.q<TimerRow & Raw>('SELECT kind, at, turn FROM timers WHERE game_id = $1 ORDER BY at, kind', [gameId]);
  }

  async handled(messageId: string): Promise<unknown | null> {
    const r = await this.one<{ reply: string }>('SELECT reply FROM handled WHERE message_id = $1', [messageId]);
    return r ? JSON.parse(r.reply) : null;
  }

  async commit(b: Batch): Promise<number[]> {
    const gid = b.gameId;
    if (gid !== null && b.lease !== undefined && !b.snapshots?.length && b.undoneFromTurn === undefined && !b.timers && !b.game && !b.players && !b.rating) {
      return this.commitOne(gid, b.lease, b);
    }
    if (b.players && gid !== null) this.playersByGame.drop(gid);
    const seqs = await this.tx(async (c) => {
      const seqs: number[] = [];
      if (gid !== null && b.lease !== undefined) {
        // FOR SHARE: a take-over waits for this transaction, so it reads the game with these writes in it.
        const held = (await c.query<{ holder: string }>('SELECT holder FROM leases WHERE game_id = $1 FOR SHARE', [gid])).rows[0]?.holder ?? null;
        if (held !== b.lease) throw new LeaseLostError(gid, b.lease, held);
      }
      if (gid !== null && b.entries?.length) {
        let seq = await this.lastSeqOn(c, gid);
        const vals: unknown[] = [];
        const rows: string[] = [];
        for (const e of b.entries) {
          seq += 1;
          const n = vals.length;
          rows.push(`($${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}, $${n + 5}, $${n + 6}, $${n + 7}, $${n + 8})`);
          vals.push(gid, seq, e.at, JSON.stringify(e.entry), e.userId ?? null, e.messageId ?? null, e.part ?? 0, e.turn);
          seqs.push(seq);
        }
        await c.query(`INSERT INTO log (game_id, seq, at, entry, user_id, message_id, part, turn) VALUES ${rows.join(', ')}`, vals);
        faultPoint('mid-commit');
      }
      if (gid !== null && b.undoneFromTurn !== undefined) {
        const last = b.undoneBeforeSeq ?? (seqs.length ? seqs[seqs.length - 1]! : (await this.lastSeqOn(c, gid)) + 1);
        await c.query('UPDATE log SET undone = 1 WHERE game_id = $1 AND turn >= $2 AND seq < $3', [gid, b.undoneFromTurn, last]);
      }
      if (gid !== null) {
        const lastSeq = b.snapshots?.length ? (seqs.length ? seqs[seqs.length - 1]! : await this.lastSeqOn(c, gid)) : 0;
        for (const s of b.snapshots ?? []) {
          await c.query(`INSERT INTO snapshots (game_id, seq, turn, at, game) VALUES ($1, $2, $3, $4, $5)
            ON CONFLICT (game_id, seq) DO UPDATE SET turn = EXCLUDED.turn, at = EXCLUDED.at, game = EXCLUDED.game`, [gid, s.seq ?? lastSeq, s.turn, s.at, s.game]);
        }
        if (b.timers) {
          await c.query('DELETE FROM timers WHERE game_id = $1', [gid]);
          if (b.timers.length) {
            const vals: unknown[] = [];
            const rows = b.timers.map((t) => {
              const n = vals.push(gid, t.kind, t.at, t.turn);
              return `($${n - 3}, $${n - 2}, $${n - 1}, $${n})`;
            });
            await c.query(`INSERT INTO timers (game_id, kind, at, turn) VALUES ${rows.join(', ')}`, vals);
          }
        }
        if (b.game) {
          const cols = gameUpdate(b.game);
          if (cols.length) await c.query(`UPDATE games SET ${cols.map(([col], i) => `${col} = $${i + 1}`).join(', ')} WHERE id = $${cols.length + 1}`, [...cols.map(([, v]) => v), gid]);
        }
        for (const seat of b.players?.remove ?? []) await c.query('DELETE FROM players WHERE game_id = $1 AND seat = $2', [gid, seat]);
        for (const p of b.players?.set ?? []) {
          await c.query('DELETE FROM players WHERE game_id = $1 AND (seat = $2 OR user_id = $3)', [gid, p.seat, p.userId]);
          await c.query('INSERT INTO players (game_id, seat, user_id, name, joined_at) VALUES ($1, $2, $3, $4, $5)', [gid, p.seat, p.userId, p.name, p.joinedAt]);
        }
      }
      if (b.rating) await this.writeRating(c, b.rating, this.ratingConfig);
      if (b.handled) {
        await c.query('INSERT INTO handled (message_id, game_id, at, reply) VALUES ($1, $2, $3, $4)', [b.handled.messageId, gid, b.handled.at, JSON.stringify(b.handled.reply)]);
      }
      return seqs;
    });
    if (b.players && gid !== null) this.playersByGame.drop(gid);
    if (gid !== null && seqs.length) this.seqByGame.set(gid, seqs[seqs.length - 1]!);
    if (seqs.length) faultPoint('after-log-write');
    return seqs;
  }

  /**
   * A command's usual batch — its entries and its answer, under the game's lease — as one statement: the lease
   * checked (FOR SHARE, as in the transaction) and both inserts made only when it is this holder's. One statement
   * is one transaction, all or nothing, and one round trip instead of five (BEGIN, lease, log, handled, COMMIT).
   */
  private async commitOne(gid: number, lease: string, b: Batch): Promise<number[]> {
    const entries = b.entries ?? [];
    let seq = await this.lastSeqOn(this.pool, gid);
    const vals: unknown[] = [gid, lease];
    const rows: string[] = [];
    const seqs: number[] = [];
    for (const e of entries) {
      seq += 1;
      const n = vals.length;
      rows.push(`($1::bigint, $${n + 1}::integer, $${n + 2}::bigint, $${n + 3}::text, $${n + 4}::text, $${n + 5}::text, $${n + 6}::integer, $${n + 7}::integer)`);
      vals.push(seq, e.at, JSON.stringify(e.entry), e.userId ?? null, e.messageId ?? null, e.part ?? 0, e.turn);
      seqs.push(seq);
    }
    const parts = ['held AS (SELECT holder FROM leases WHERE game_id = $1 FOR SHARE)', 'ok AS (SELECT 1 FROM held WHERE holder = $2)'];
    if (rows.length) parts.push(`lg AS (INSERT INTO log (game_id, seq, at, entry, user_id, message_id, part, turn) SELECT v.* FROM ok, (VALUES ${rows.join(', ')}) v RETURNING 1)`);
    if (b.handled) {
      const n = vals.push(b.handled.messageId, b.handled.at, JSON.stringify(b.handled.reply));
      parts.push(`h AS (INSERT INTO handled (message_id, game_id, at, reply) SELECT $${n - 2}::text, $1::bigint, $${n - 1}::bigint, $${n}::text FROM ok RETURNING 1)`);
    }
    faultPoint('mid-commit');
    const r = await this.pool.query<{ holder: string | null }>(this.prepared(`WITH ${parts.join(', ')} SELECT (SELECT holder FROM held) AS holder`, vals));
    const held = r.rows[0]?.holder ?? null;
    if (held !== lease) throw new LeaseLostError(gid, lease, held);
    if (seqs.length) {
      this.seqByGame.set(gid, seqs[seqs.length - 1]!);
      faultPoint('after-log-write');
    }
    return seqs;
  }

  // ── request posts, meta ──

  async addRequestPost(gameId: number, p: RequestPostRow): Promise<void> {
    this.openPostsByGame.drop(gameId);
    // SQLite's INSERT OR REPLACE: the row goes, and comes back as the newest.
    await this.tx(async (c) => {
      await c.query('DELETE FROM request_posts WHERE game_id = $1 AND message_id = $2', [gameId, p.messageId]);
      await c.query('INSERT INTO request_posts (game_id, message_id, request_id, text, turn) VALUES ($1, $2, $3, $4, $5)', [gameId, p.messageId, p.requestId, p.text, p.turn]);
    });
    this.openPostsByGame.drop(gameId);
  }

  async openRequestPosts(gameId: number): Promise<RequestPostRow[]> {
    return this.openPostsByGame.get(gameId, this.held.has(gameId), async () =>
      (await this.q('SELECT request_id, message_id, text, turn FROM request_posts WHERE game_id = $1 AND outcome IS NULL ORDER BY ord', [gameId])).map(requestPostRow));
  }

  async closeRequestPost(gameId: number, messageId: string, outcome: string): Promise<void> {
    this.openPostsByGame.drop(gameId);
    await this.q('UPDATE request_posts SET outcome = $1 WHERE game_id = $2 AND message_id = $3', [outcome, gameId, messageId]);
    this.openPostsByGame.drop(gameId);
  }

  async getMeta(key: string): Promise<string | null> {
    return (await this.one<{ value: string }>('SELECT value FROM meta WHERE key = $1', [key]))?.value ?? null;
  }

  async setMeta(key: string, value: string): Promise<void> {
    await this.q('INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value', [key, value]);
  }

  // ── ratings ──

  async rating(kind: string, id: string): Promise<RatingRow | null> {
    const r = await this.one('SELECT * FROM ratings WHERE game_kind = $1 AND user_id = $2', [kind, id]);
    return r ? ratingRow(r) : null;
  }

  async rateGame(r: RatedGame): Promise<RatingResultRow | null> {
    return this.tx((c) => this.writeRating(c, r, this.ratingConfig));
  }

  /**
   * D9.3 inside the caller's transaction, as SQLite's store does it, with both standings locked (SELECT … FOR
   * UPDATE) before they are read: two games of one identity rated at once by two processes apply one after the
   * other, each from the other's result. A first game's standing is inserted first (at the start rating, no games)
   * so that there is a row to lock; the rows are locked in identity order, so two such transactions cannot deadlock.
   */
  private async writeRating(c: Client, r: RatedGame, cfg: RatingConfig): Promise<RatingResultRow | null> {
    const rated = 'SELECT 1 FROM rating_results WHERE game_kind = $1 AND game_id = $2';
    if ((await c.query(rated, [r.kind, r.gameId])).rowCount) return null;
    if (r.a.id === r.b.id) throw new Error(`a rated game needs two identities (game ${r.gameId}: ${r.a.id} twice)`);
    const [lo, hi] = [r.a.id, r.b.id].sort();
    await c.query(`INSERT INTO ratings (game_kind, user_id, rating, games, updated_at) VALUES ($1, $2, $4, 0, $5), ($1, $3, $4, 0, $5)
      ON CONFLICT (game_kind, user_id) DO NOTHING`, [r.kind, lo, hi, cfg.startRating, r.at]);
    const locked = (await c.query('SELECT * FROM ratings WHERE game_kind = $1 AND user_id IN ($2, $3) ORDER BY user_id FOR UPDATE', [r.kind, lo, hi])).rows.map(ratingRow);
    // Another process may have rated this very game while this one waited for the locks.
    if ((await c.query(rated, [r.kind, r.gameId])).rowCount) return null;
    const before = (s: RatedSide) => locked.find((x) => x.id === s.id) ?? { rating: cfg.startRating, games: 0 };
    const a0 = before(r.a), b0 = before(r.b);
    const u = eloUpdate({ rating: a0.rating, games: a0.games }, { rating: b0.rating, games: b0.games }, r.scoreA, cfg);
    const put = `UPDATE ratings SET rating = $3, games = games + 1, wins = wins + $4, draws = draws + $5, losses = losses + $6, name = $7, updated_at = $8
      WHERE game_kind = $1 AND user_id = $2`;
    const rec = (score: number) => [score === 1 ? 1 : 0, score === 0.5 ? 1 : 0, score === 0 ? 1 : 0];
    await c.query(put, [r.kind, r.a.id, u.a.after, ...rec(r.scoreA), r.a.name, r.at]);
    faultPoint('mid-rating');
    await c.query(put, [r.kind, r.b.id, u.b.after, ...rec(1 - r.scoreA), r.b.name, r.at]);
    const result = r.scoreA === 1 ? 'a' : r.scoreA === 0 ? 'b' : 'draw';
    const row = (await c.query(`INSERT INTO rating_results (game_kind, game_id, channel_id, scope, a, b, a_seat, b_seat, result, how, a_before, b_before, a_delta, b_delta, at)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING *`, [r.kind, r.gameId, r.channelId, r.scope, r.a.id, r.b.id, r.a.seat, r.b.seat, result, r.how,
      u.a.before, u.b.before, u.a.after - u.a.before, u.b.after - u.b.before, r.at])).rows[0];
    return row ? resultRow(row) : null;
  }

  async ratingBoard(kind: string, scope?: string): Promise<RatingRow[]> {
    const rows = scope === undefined
      ? await this.q('SELECT * FROM ratings WHERE game_kind = $1 AND games > 0 ORDER BY rating DESC, games DESC, user_id COLLATE "C"', [kind])
      : await this.q(`SELECT * FROM ratings WHERE game_kind = $1 AND games > 0 AND user_id IN (
          SELECT a FROM rating_results WHERE game_kind = $1 AND scope = $2 UNION SELECT b FROM rating_results WHERE game_kind = $1 AND scope = $2)
        ORDER BY rating DESC, games DESC, user_id COLLATE "C"`, [kind, scope]);
    return rows.map(ratingRow);
  }

  async ratingResults(kind: string, id: string, limit = -1): Promise<RatingResultRow[]> {
    return (await this.q('SELECT * FROM rating_results WHERE game_kind = $1 AND (a = $2 OR b = $2) ORDER BY at DESC, id DESC LIMIT $3', [kind, id, limit < 0 ? null : limit])).map(resultRow);
  }

  async ratingOfGame(kind: string, gameId: number): Promise<RatingResultRow | null> {
    const r = await this.one('SELECT * FROM rating_results WHERE game_kind = $1 AND game_id = $2', [kind, gameId]);
    return r ? resultRow(r) : null;
  }

  // ── leases ──

  async takeLease(gameId: number, holder: string, t: LeaseTime = {}): Promise<Lease | null> {
    const now = t.now ?? Date.now();
    const r = await this.one(`INSERT INTO leases (game_id, holder, taken_at, expires_at) VALUES ($1, $2, $3, $4)
      ON CONFLICT (game_id) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at,
        taken_at = CASE WHEN leases.holder = EXCLUDED.holder THEN leases.taken_at ELSE EXCLUDED.taken_at END
      WHERE leases.holder = EXCLUDED.holder OR leases.expires_at <= EXCLUDED.taken_at
      RETURNING *`, [gameId, holder, now, now + (t.ttlMs ?? this.leaseMs)]);
    // Whatever was remembered of the game predates this take: another holder may have written it since.
    this.forget(gameId);
    if (!r) return null;
    this.held.add(gameId);
    return leaseRow(r);
  }

  async renewLease(gameId: number, holder: string, t: LeaseTime = {}): Promise<boolean> {
    const now = t.now ?? Date.now();
    const n = (await this.pool.query('UPDATE leases SET expires_at = $1 WHERE game_id = $2 AND holder = $3', [now + (t.ttlMs ?? this.leaseMs), gameId, holder])).rowCount ?? 0;
    if (n !== 1) this.forget(gameId);
    return n === 1;
  }

  async renewLeases(gameIds: readonly number[], holder: string, t: LeaseTime = {}): Promise<number[]> {
    if (gameIds.length === 0) return [];
    const now = t.now ?? Date.now();
    const renewed = (await this.q<{ game_id: number }>('UPDATE leases SET expires_at = $1 WHERE holder = $2 AND game_id = ANY($3::bigint[]) RETURNING game_id',
      [now + (t.ttlMs ?? this.leaseMs), holder, [...gameIds]])).map((r) => Number(r.game_id)).sort((a, b) => a - b);
    const kept = new Set(renewed);
    for (const id of gameIds) if (!kept.has(id)) this.forget(id);
    return renewed;
  }

  async releaseLease(gameId: number, holder: string): Promise<boolean> {
    this.forget(gameId);
    return ((await this.pool.query('DELETE FROM leases WHERE game_id = $1 AND holder = $2', [gameId, holder])).rowCount ?? 0) === 1;
  }

  async releaseLeases(holder: string): Promise<number> {
    const gone = (await this.pool.query<{ game_id: number }>('DELETE FROM leases WHERE holder = $1 RETURNING game_id', [holder])).rows;
    for (const r of gone) this.forget(r.game_id);
    return gone.length;
  }

  async lease(gameId: number): Promise<Lease | null> {
    const r = await this.one('SELECT * FROM leases WHERE game_id = $1', [gameId]);
    return r ? leaseRow(r) : null;
  }

  async takeoverCandidates(holder: string, t: LeaseTime = {}): Promise<GameRow[]> {
    const now = t.now ?? Date.now();
    const host = `${holder.split(':')[0]}:`;
    return (await this.q(`SELECT g.* FROM games g LEFT JOIN leases l ON l.game_id = g.id
      WHERE g.status IN ('open', 'running')
        AND (l.game_id IS NULL OR l.expires_at <= $1 OR (left(l.holder, $2) = $3 AND l.holder <> $4))
      ORDER BY g.id`, [now, host.length, host, holder])).map(gameRow);
  }

  async leasesOf(holder: string): Promise<Lease[]> {
    return (await this.q('SELECT * FROM leases WHERE holder = $1 ORDER BY game_id', [holder])).map(leaseRow);
  }

  private forget(gameId: number): void {
    this.held.delete(gameId);
    this.seqByGame.delete(gameId);
    this.playersByGame.drop(gameId);
    this.openPostsByGame.drop(gameId);
  }

  // ── whole tables, for db:copy (tables.ts) ──

  async readRows(t: CopyTable, opts: { gameId?: number; after?: unknown[] | null; limit?: number } = {}): Promise<Raw[]> {
    const where: string[] = [];
    const vals: unknown[] = [];
    if (opts.gameId !== undefined) {
      vals.push(opts.gameId);
      where.push(`game_id = $${vals.length}`);
    }
    // Text keys in byte order (COLLATE "C"), as SQLite orders them, so both sides page and compare alike.
    const key = t.key.map((k) => (t.textKeys?.includes(k) ? `${ident(k)} COLLATE "C"` : ident(k)));
    if (opts.after) {
      const ps = opts.after.map((v) => { vals.push(v); return `$${vals.length}`; });
      where.push(`(${key.join(', ')}) > (${ps.join(', ')})`);
    }
    const order = t.insertionOrder ? 'ord' : key.join(', ');
    if (opts.limit !== undefined) vals.push(opts.limit);
    return this.q(`SELECT ${t.cols.map(ident).join(', ')} FROM ${ident(t.name)}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY ${order}${opts.limit !== undefined ? ` LIMIT $${vals.length}` : ''}`, vals);
  }

  async writeRows(t: CopyTable, rows: Raw[]): Promise<void> {
    if (!rows.length) return;
    // At most 65,535 parameters a statement: rows go in chunks.
    const per = Math.max(1, Math.floor(30_000 / t.cols.length));
    await this.tx(async (c) => {
      for (let i = 0; i < rows.length; i += per) {
        const vals: unknown[] = [];
        const tuples = rows.slice(i, i + per).map((r) => `(${t.cols.map((col) => { vals.push(r[col] ?? null); return `$${vals.length}`; }).join(', ')})`);
        await c.query(`INSERT INTO ${ident(t.name)} (${t.cols.map(ident).join(', ')}) VALUES ${tuples.join(', ')}`, vals);
      }
    });
  }

  /** After ids were written as they were: the identity columns continue past the highest. */
  async afterCopy(): Promise<void> {
    for (const table of ['games', 'rating_results']) {
      await this.q(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), COALESCE((SELECT MAX(id) FROM ${table}), 0) + 1, false)`);
    }
  }
}
