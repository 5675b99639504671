/**
 * One store suite, two databases: a harness gives each test a fresh, empty database of its kind and can open it
 * again (a second process on the same database), write rows behind the store's back, and throw it all away.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { PgStore, SqliteStore, type OpenedStore } from '../../src/platform/store/index.ts';

export interface Db {
  /** Opens the database (again): each call is another connection, as another process would have. */
  open(): Promise<OpenedStore>;
  /** Runs SQL on the database directly (no store in between), e.g. to damage a row. */
  raw(sql: string): Promise<void>;
  /** Closes what `open` opened and removes the database. */
  cleanup(): Promise<void>;
  /** How `open` finds it: a sqlite: or postgres:// URL, and the options openStore needs for it. */
  url: string;
  schema?: string;
}

export interface Harness {
  name: 'sqlite' | 'postgres';
  /** Why this half does not run here (undefined: it runs). */
  skip?: string;
  fresh(): Promise<Db>;
}

export const sqliteHarness: Harness = {
  name: 'sqlite',
  async fresh() {
    const dir = mkdtempSync(join(tmpdir(), 'neuwar-store-suite-'));
    const path = join(dir, 'x.db');
    const opened: OpenedStore[] = [];
    return {
      url: `sqlite:${path}`,
      async open() {
        const s = new SqliteStore(path);
        opened.push(s);
        return s;
      },
      async raw(sql) {
        const db = new Database(path);
        try { db.exec(sql); } finally { db.close(); }
      },
      async cleanup() {
        for (const s of opened) await s.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

const PG_URL = process.env.TEST_DATABASE_URL?.trim() ?? '';
export const PG_SKIP = PG_URL
  ? undefined
  : 'TEST_DATABASE_URL is not set: the PostgreSQL half of the store suite did NOT run (set it to postgres://user@host:port/db; .ci/run starts a PostgreSQL and sets it)';

let schemas = 0;

/** Each test in a schema of its own (PgStore's `schema` option), dropped afterwards. */
export const pgHarness: Harness = {
  name: 'postgres',
  ...(PG_SKIP ? { skip: PG_SKIP } : {}),
  async fresh() {
    const schema = `neuwar_test_${process.pid}_${Date.now().toString(36)}_${++schemas}`;
    const opened: OpenedStore[] = [];
    const admin = async (sql: string) => {
      const c = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${schema}` });
      await c.connect();
      try { await c.query(sql); } finally { await c.end(); }
    };
    return {
      url: PG_URL,
      schema,
      async open() {
        const s = await PgStore.open(PG_URL, { schema, max: 4 });
        opened.push(s);
        return s;
      },
      raw: admin,
      async cleanup() {
        for (const s of opened) await s.close();
        await admin(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      },
    };
  },
};
