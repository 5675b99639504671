/**
 * openStore picks the store from DATABASE_URL: postgres:// → PostgreSQL, sqlite:PATH or nothing → SQLite (at
 * DATABASE_PATH); a server that cannot be used is one StorageError line without the password.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PgStore, SqliteStore, StorageError, openStore, redactUrl, sqlitePathOf } from '../../src/platform/store/index.ts';
import { PG_SKIP } from './harness.ts';

function inTemp(fn: (dir: string) => Promise<void>): () => Promise<void> {
  return async () => {
    const dir = mkdtempSync(join(tmpdir(), 'neuwar-open-'));
    try {
      await fn(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

test('no DATABASE_URL: SQLite at DATABASE_PATH (the embedded default), created and migrated', inTemp(async (dir) => {
  const path = join(dir, 'sub', 'bot.db');
  const saved = process.env.DATABASE_PATH;
  process.env.DATABASE_PATH = path;
  try {
    for (const url of [undefined, '', '  ']) {
      const s = await openStore(url);
      assert.ok(s instanceof SqliteStore);
      assert.equal(s.driver, 'sqlite');
      assert.equal(s.location, path);
      assert.ok(existsSync(path));
      await s.close();
    }
  } finally {
    if (saved === undefined) delete process.env.DATABASE_PATH;
    else process.env.DATABASE_PATH = saved;
  }
}));

test('sqlite:PATH and sqlite://PATH name a SQLite file', inTemp(async (dir) => {
  assert.equal(sqlitePathOf('sqlite:data/neuwar.db'), 'data/neuwar.db');
  assert.equal(sqlitePathOf('sqlite:///var/lib/bot.db'), '/var/lib/bot.db');
  assert.equal(sqlitePathOf('sqlite://rel/x.db'), 'rel/x.db');
  assert.equal(sqlitePathOf('postgres://x'), null);
  const s = await openStore(`sqlite:${join(dir, 'a.db')}`);
  assert.ok(s instanceof SqliteStore && s.location === join(dir, 'a.db'));
  await s.close();
}));

test('a DATABASE_URL of another kind is refused, saying what is accepted', async () => {
  const e = await openStore('mysql://root:hunter2@db/x').then(() => null, (err: unknown) => err);
  assert.ok(e instanceof StorageError, String(e));
  assert.match(e.message, /postgres:\/\//);
  assert.doesNotMatch(e.message, /hunter2/, 'the password is not printed');
});

test('a PostgreSQL server that does not answer: one StorageError line naming the server, without the password', async () => {
  assert.equal(redactUrl('postgres://bot:s3cret@db.example:5432/neuwar'), 'postgres://bot:***@db.example:5432/neuwar');
  // Port 1 on loopback: nothing listens, the connection is refused at once.
  const e = await openStore('postgres://bot:s3cret@127.0.0.1:1/neuwar').then(() => null, (err: unknown) => err);
  assert.ok(e instanceof StorageError, String(e));
  assert.equal(e.kind, 'cannot-open');
  assert.match(e.message, /127\.0\.0\.1:1/);
  assert.doesNotMatch(e.message, /s3cret/);
  assert.doesNotMatch(e.message, /\n/);
});

test('DATABASE_URL=postgres://… opens PostgreSQL', { skip: PG_SKIP }, async () => {
  const s = await openStore(process.env.TEST_DATABASE_URL, { pg: { schema: `neuwar_open_${process.pid}` } });
  try {
    assert.ok(s instanceof PgStore);
    assert.equal(s.driver, 'postgres');
    assert.ok((await s.schemaVersion()) >= 6);
  } finally {
    await (s as PgStore).pool.query(`DROP SCHEMA "neuwar_open_${process.pid}" CASCADE`);
    await s.close();
  }
});
