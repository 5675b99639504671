/**
 * Every table of the store as rows, for `npm run db:copy` (copy.ts): what is copied, in an order the foreign keys
 * accept, and how each table is read in pages. Both SqliteStore and PgStore implement TableIO.
 */
import type { Raw } from './rows.ts';

export interface CopyTable {
  name: string;
  /** The columns copied (both drivers' schemas have them; PostgreSQL's request_posts.ord is its own). */
  cols: string[];
  /** The primary key: the order rows are read and compared in. */
  key: string[];
  /** Key columns holding text: ordered bytewise on both sides (SQLite's BINARY, PostgreSQL's "C"). */
  textKeys?: string[];
  /** Read per game, in insertion order (SQLite's rowid, PostgreSQL's ord), instead of by key. */
  insertionOrder?: boolean;
  /** Rows belong to one game (game_id): read game by game. */
  perGame?: boolean;
}

/** Reads and writes whole tables, bypassing the store's meaning (db:copy only). */
export interface TableIO {
  /** `t.cols` of the rows (of one game, or after the key `after`), in key order, at most `limit`. */
  readRows(t: CopyTable, opts?: { gameId?: number; after?: unknown[] | null; limit?: number }): Promise<Raw[]>;
  /** Inserts the rows as they are (ids included), in one transaction. */
  writeRows(t: CopyTable, rows: Raw[]): Promise<void>;
  /** After ids were written as they were: new rows get ids past them. */
  afterCopy(): Promise<void>;
}

/** The store's tables in copy order (a game before its rows). schema_version is each side's own, and leases are a running process's. */
export const COPY_TABLES: CopyTable[] = [
  { name: 'games', cols: ['id', 'kind', 'channel_id', 'map_path', 'map_id', 'settings', 'live', 'status', 'creator', 'judges', 'created_at', 'started_at', 'ended_at', 'status_message_id'], key: ['id'] },
  { name: 'players', cols: ['game_id', 'seat', 'user_id', 'name', 'joined_at'], key: ['game_id', 'seat'], textKeys: ['seat'], perGame: true },
  { name: 'log', cols: ['game_id', 'seq', 'at', 'entry', 'user_id', 'message_id', 'part', 'undone', 'turn'], key: ['game_id', 'seq'], perGame: true },
  { name: 'snapshots', cols: ['game_id', 'seq', 'turn', 'at', 'game'], key: ['game_id', 'seq'], perGame: true },
  { name: 'timers', cols: ['game_id', 'kind', 'at', 'turn'], key: ['game_id', 'kind'], textKeys: ['kind'], perGame: true },
  { name: 'request_posts', cols: ['game_id', 'message_id', 'request_id', 'text', 'turn', 'outcome'], key: ['game_id', 'message_id'], textKeys: ['message_id'], perGame: true, insertionOrder: true },
  { name: 'rating_results', cols: ['id', 'game_kind', 'game_id', 'channel_id', 'scope', 'a', 'b', 'a_seat', 'b_seat', 'result', 'how', 'a_before', 'b_before', 'a_delta', 'b_delta', 'at'], key: ['id'] },
  { name: 'ratings', cols: ['game_kind', 'user_id', 'rating', 'games', 'wins', 'draws', 'losses', 'name', 'updated_at'], key: ['game_kind', 'user_id'], textKeys: ['game_kind', 'user_id'] },
  { name: 'handled', cols: ['message_id', 'game_id', 'at', 'reply'], key: ['message_id'], textKeys: ['message_id'] },
  { name: 'user_prefs', cols: ['user_id', 'remind_dm'], key: ['user_id'], textKeys: ['user_id'] },
  { name: 'meta', cols: ['key', 'value'], key: ['key'], textKeys: ['key'] },
];
