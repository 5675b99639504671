/** Errors of either driver told apart (duplicates, read-only, damage), the start-up StorageError, and fault injection. */
import { accessSync, constants, existsSync } from 'node:fs';
import { dirname } from 'node:path';

/** The SQLite error code of a better-sqlite3 error (SQLITE_CORRUPT, SQLITE_READONLY, SQLITE_CONSTRAINT_UNIQUE, …), or null. */
export function sqliteCode(e: unknown): string | null {
  const c = (e as { code?: unknown } | null)?.code;
  return typeof c === 'string' && c.startsWith('SQLITE_') ? c : null;
}

/**
 * The SQLSTATE of a PostgreSQL error as `pg` raises it (five characters: 23505 unique_violation, 25006
 * read_only_sql_transaction, XX001 data_corrupted, …), or null.
 */
export function pgCode(e: unknown): string | null {
  const err = e as { code?: unknown; severity?: unknown } | null;
  const c = err?.code;
  return typeof c === 'string' && /^[0-9A-Z]{5}$/.test(c) && typeof err?.severity === 'string' ? c : null;
}

/** The database refuses writes: a read-only file system, a file without write permission, query_only; a read-only PostgreSQL (a standby, default_transaction_read_only). */
export function isReadOnlyError(e: unknown): boolean {
  const c = sqliteCode(e) ?? pgCode(e) ?? (e as { code?: string } | null)?.code ?? '';
  return c.startsWith('SQLITE_READONLY') || c === 'EROFS' || c === 'EACCES' || c === 'EPERM' || c === '25006';
}

/** Pages of the file are damaged (or the file is no database at all); PostgreSQL's data_corrupted and index_corrupted. */
export function isCorruptError(e: unknown): boolean {
  const c = sqliteCode(e) ?? pgCode(e) ?? '';
  return c.startsWith('SQLITE_CORRUPT') || c === 'SQLITE_NOTADB' || c === 'XX001' || c === 'XX002';
}

/**
 * A UNIQUE (or primary key) constraint refused a row: a real duplicate, unlike every other failed write. Either
 * driver: SQLite's SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY, PostgreSQL's 23505.
 */
export function isUniqueViolation(e: unknown): boolean {
  const c = sqliteCode(e) ?? pgCode(e);
  return c === 'SQLITE_CONSTRAINT_UNIQUE' || c === 'SQLITE_CONSTRAINT_PRIMARYKEY' || c === '23505';
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

  /** A PostgreSQL server that cannot be reached or used at start-up (`where`: its URL without the password). */
  static fromPostgres(e: unknown, where: string): StorageError {
    const c = pgCode(e) ?? (e as { code?: string } | null)?.code ?? (e as Error)?.name ?? 'error';
    const why = `${c}: ${(e as Error)?.message ?? String(e)}`.replace(/\s+/g, ' ');
    if (isReadOnlyError(e)) {
      return new StorageError('read-only', where, `PostgreSQL 数据库 ${where} 只读（${why}）：连接到主库（不是备库），或让 DATABASE_URL 指向可写的数据库，然后重新启动。 / ${where} is read-only: connect to the primary or point DATABASE_URL at a writable database, then start again.`, { cause: e });
    }
    if (isCorruptError(e)) {
      return new StorageError('corrupt', where, `PostgreSQL 数据库 ${where} 报告数据损坏（${why}）：请按 PostgreSQL 的文档检查并从备份恢复，然后重新启动。 / ${where} reports damaged data: check it and restore a backup, then start again.`, { cause: e });
    }
    return new StorageError('cannot-open', where, `无法使用 PostgreSQL 数据库 ${where}（${why}）：检查服务器是否在运行、地址、用户名、密码和数据库名，或清空 DATABASE_URL 改用 SQLite，然后重新启动。 / ${where} cannot be used: check that the server runs and the URL's host, user, password and database, or unset DATABASE_URL to use SQLite, then start again.`, { cause: e });
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
