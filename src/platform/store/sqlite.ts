/**
 * The embedded default: the SQLite `Store` (better-sqlite3, synchronous) behind the asynchronous GameStore
 * interface. Nothing to set up: a file at DATABASE_PATH (default data/neuwar.db), created and migrated on open.
 */
import type { RatingConfig } from '../ratings/index.ts';
import { isUniqueViolation } from './errors.ts';
import { Store } from './store.ts';
import type { Raw } from './rows.ts';
import type { CopyTable, TableIO } from './tables.ts';
import type {
  Batch, GameRow, GameStatusRow, GameStore, Lease, LeaseTime, NewGame, NewLease, PlayerRow, RatedGame, RatingResultRow, RatingRow, RequestPostRow,
  SnapshotRow, StoredEntry, TimerRow, UserGame,
} from './types.ts';

export class SqliteStore implements GameStore, TableIO {
  readonly driver = 'sqlite' as const;
  readonly location: string;
  /** The synchronous store underneath (tools and tests that read SQLite itself). */
  readonly store: Store;

  /** Opens (creating and migrating) the file at `path`, or wraps an open Store. Throws StorageError as Store does. */
  constructor(path: string | Store = process.env.DATABASE_PATH ?? 'data/neuwar.db', opts: { readOnly?: boolean } = {}) {
    this.store = typeof path === 'string' ? new Store(path, opts) : path;
    this.location = typeof path === 'string' ? path : this.store.db.name;
  }

  get ratingConfig(): RatingConfig { return this.store.ratingConfig; }
  set ratingConfig(c: RatingConfig) { this.store.ratingConfig = c; }
  get leaseMs(): number { return this.store.leaseMs; }
  set leaseMs(ms: number) { this.store.leaseMs = ms; }

  async schemaVersion(): Promise<number> { return this.store.schemaVersion(); }
  async schemaVersions(): Promise<number[]> { return this.store.schemaVersions(); }
  async close(): Promise<void> { if (this.store.db.open) this.store.close(); }
  isUniqueViolation(e: unknown): boolean { return isUniqueViolation(e); }

  async createGame(g: NewGame, lease?: NewLease): Promise<GameRow> { return this.store.createGame(g, lease); }
  async game(id: number): Promise<GameRow | null> { return this.store.game(id); }
  async liveGameIn(channelId: string): Promise<GameRow | null> { return this.store.liveGameIn(channelId); }
  async lastGameIn(channelId: string): Promise<GameRow | null> { return this.store.lastGameIn(channelId); }
  async games(status?: GameStatusRow[]): Promise<GameRow[]> { return this.store.games(status); }
  async players(gameId: number): Promise<PlayerRow[]> { return this.store.players(gameId); }
  async gamesOfUser(userId: string): Promise<UserGame[]> { return this.store.gamesOfUser(userId); }
  async remindByDm(userId: string): Promise<boolean> { return this.store.remindByDm(userId); }
  async setRemindByDm(userId: string, dm: boolean): Promise<void> { this.store.setRemindByDm(userId, dm); }

  async lastSeq(gameId: number): Promise<number> { return this.store.lastSeq(gameId); }
  async entries(gameId: number, afterSeq = 0): Promise<StoredEntry[]> { return this.store.entries(gameId, afterSeq); }
  async latestSnapshot(gameId: number): Promise<SnapshotRow | null> { return this.store.latestSnapshot(gameId); }
  async snapshotOpening(gameId: number, turn: number): Promise<SnapshotRow | null> { return this.store.snapshotOpening(gameId, turn); }
  async snapshots(gameId: number): Promise<SnapshotRow[]> { return this.store.snapshots(gameId); }
  async resolutionOpening(gameId: number, turn: number): Promise<SnapshotRow | null> { return this.store.resolutionOpening(gameId, turn); }
  async timers(gameId: number): Promise<TimerRow[]> { return this.store.timers(gameId); }
  async handled(messageId: string): Promise<unknown | null> { return this.store.handled(messageId); }
  async commit(b: Batch): Promise<number[]> { return this.store.commit(b); }

  async addRequestPost(gameId: number, p: RequestPostRow): Promise<void> { this.store.addRequestPost(gameId, p); }
  async openRequestPosts(gameId: number): Promise<RequestPostRow[]> { return this.store.openRequestPosts(gameId); }
  async closeRequestPost(gameId: number, messageId: string, outcome: string): Promise<void> { this.store.closeRequestPost(gameId, messageId, outcome); }
  async getMeta(key: string): Promise<string | null> { return this.store.getMeta(key); }
  async setMeta(key: string, value: string): Promise<void> { this.store.setMeta(key, value); }

  async rating(kind: string, id: string): Promise<RatingRow | null> { return this.store.rating(kind, id); }
  async rateGame(r: RatedGame): Promise<RatingResultRow | null> { return this.store.rateGame(r); }
  async ratingBoard(kind: string, scope?: string): Promise<RatingRow[]> { return this.store.ratingBoard(kind, scope); }
  async ratingResults(kind: string, id: string, limit = -1): Promise<RatingResultRow[]> { return this.store.ratingResults(kind, id, limit); }
  async ratingOfGame(kind: string, gameId: number): Promise<RatingResultRow | null> { return this.store.ratingOfGame(kind, gameId); }

  async takeLease(gameId: number, holder: string, t?: LeaseTime): Promise<Lease | null> { return this.store.takeLease(gameId, holder, t); }
  async renewLease(gameId: number, holder: string, t?: LeaseTime): Promise<boolean> { return this.store.renewLease(gameId, holder, t); }
  async renewLeases(gameIds: readonly number[], holder: string, t?: LeaseTime): Promise<number[]> { return this.store.renewLeases(gameIds, holder, t); }
  async releaseLease(gameId: number, holder: string): Promise<boolean> { return this.store.releaseLease(gameId, holder); }
  async releaseLeases(holder: string): Promise<number> { return this.store.releaseLeases(holder); }
  async lease(gameId: number): Promise<Lease | null> { return this.store.lease(gameId); }
  async leasesOf(holder: string): Promise<Lease[]> { return this.store.leasesOf(holder); }
  async takeoverCandidates(holder: string, t?: LeaseTime): Promise<GameRow[]> { return this.store.takeoverCandidates(holder, t); }

  // ── whole tables, for db:copy (tables.ts) ──

  async readRows(t: CopyTable, opts: { gameId?: number; after?: unknown[] | null; limit?: number } = {}): Promise<Raw[]> {
    const q = (n: string) => `"${n.replace(/"/g, '""')}"`;
    const where: string[] = [];
    const vals: unknown[] = [];
    if (opts.gameId !== undefined) {
      where.push('game_id = ?');
      vals.push(opts.gameId);
    }
    if (opts.after) {
      where.push(`(${t.key.map(q).join(', ')}) > (${t.key.map(() => '?').join(', ')})`);
      vals.push(...opts.after);
    }
    const order = t.insertionOrder ? 'rowid' : t.key.map(q).join(', ');
    if (opts.limit !== undefined) vals.push(opts.limit);
    return this.store.db.prepare(`SELECT ${t.cols.map(q).join(', ')} FROM ${q(t.name)}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY ${order}${opts.limit !== undefined ? ' LIMIT ?' : ''}`)
      .all(...vals) as Raw[];
  }

  async writeRows(t: CopyTable, rows: Raw[]): Promise<void> {
    const q = (n: string) => `"${n.replace(/"/g, '""')}"`;
    const ins = this.store.db.prepare(`INSERT INTO ${q(t.name)} (${t.cols.map(q).join(', ')}) VALUES (${t.cols.map(() => '?').join(', ')})`);
    this.store.db.transaction(() => { for (const r of rows) ins.run(...t.cols.map((c) => r[c] ?? null)); })();
  }

  /** SQLite's AUTOINCREMENT already continues past the highest id written. */
  async afterCopy(): Promise<void> {}
}
