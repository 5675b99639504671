/**
 * Which store a process uses: DATABASE_URL=postgres://… (or postgresql://…) → PostgreSQL; otherwise SQLite at the
 * path of a `sqlite:` URL, else DATABASE_PATH, else data/neuwar.db (the embedded default: nothing to set up).
 */
import { StorageError } from './errors.ts';
import { PgStore, redactUrl, type PgOptions } from './pg.ts';
import { SqliteStore } from './sqlite.ts';
import type { TableIO } from './tables.ts';
import type { GameStore } from './types.ts';

export type OpenedStore = GameStore & TableIO;

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url.trim());
}

/** The SQLite path of a `sqlite:PATH` or `sqlite://PATH` URL (`sqlite:///abs/x.db` is /abs/x.db), or null. */
export function sqlitePathOf(url: string): string | null {
  const m = /^sqlite:(.*)$/i.exec(url.trim());
  if (!m) return null;
  const rest = m[1]!.startsWith('//') ? m[1]!.slice(2) : m[1]!;
  return rest || null;
}

/**
 * Opens (creating and migrating) the store `url` names; empty or undefined: SQLite at DATABASE_PATH (default
 * data/neuwar.db). Throws StorageError, one line for the operator, when the database cannot be used.
 */
export async function openStore(url: string | undefined = process.env.DATABASE_URL, opts: { path?: string; pg?: PgOptions } = {}): Promise<OpenedStore> {
  const u = url?.trim() ?? '';
  if (isPostgresUrl(u)) return PgStore.open(u, opts.pg);
  if (u && sqlitePathOf(u) === null) {
    throw new StorageError('cannot-open', redactUrl(u), `DATABASE_URL=${redactUrl(u)} 不是可用的数据库地址：用 postgres://用户:密码@主机:端口/数据库 使用 PostgreSQL，或留空（或 sqlite:路径）使用 SQLite。 / DATABASE_URL=${redactUrl(u)} is not a database this bot uses: postgres://user:password@host:port/db for PostgreSQL, or empty (or sqlite:PATH) for SQLite.`);
  }
  const path = (u ? sqlitePathOf(u) : null) ?? opts.path ?? process.env.DATABASE_PATH ?? 'data/neuwar.db';
  return new SqliteStore(path);
}
