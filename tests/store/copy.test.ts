/**
 * `npm run db:copy`: an installation's store (the v3 fixture's three games, migrated, plus games played through
 * the live service: New European War turns with a resolution, a game of count to 21 to its end, a rating, request
 * posts and preferences) is copied and verified — every table, every game's reads, every game replayed on both
 * sides. SQLite → SQLite always; SQLite → PostgreSQL with TEST_DATABASE_URL (into a database created for the test).
 * A copy changed afterwards does not verify: the check is a real one.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { GameService, defaultHolder, type GameModule } from '../../src/platform/session/index.ts';
import { Store, openStore, type GameStore } from '../../src/platform/store/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { TOOL_GAMES } from '../../src/games/index.ts';
import { dbCopy, gameReplayer } from '../../scripts/db-copy.ts';
import { count21 } from '../games/count21/module.ts';
import { FakeChat, T0, alice, bob, judy, liveSetup, say, twoPlayerGame } from '../helpers/live.ts';
import { PG_SKIP } from './harness.ts';

const REGISTRY = [...TOOL_GAMES, count21 as GameModule<unknown>];

/** A SQLite file holding a few real games of two kinds, in `dir`. */
async function installation(dir: string): Promise<string> {
  const path = join(dir, 'neuwar.db');
  const ch = 'ch-new';
  copyFileSync('tests/fixtures/db/store-v3.db', path);
  const store = new Store(path);
  try {
    // New European War on the tiny map, two turns through the live service (a resolution writes a snapshot).
    const l = await liveSetup({ store });
    await twoPlayerGame(l, ch);
    // Message ids of their own: the fixture has handled in-1 … in-8 (say's ids), and would answer those again.
    for (const [i, [who, text]] of ([[bob, '【调兵】乙乡→乙城 2'], [alice, '【完成】'], [bob, '【完成】'], [alice, '【完成】']] as const).entries()) {
      const r = await say(l, ch, who, text, { messageId: `copy-${i}` });
      assert.equal(r.ok, true, `${who.name}: ${text} → ${r.text}`);
    }
    l.svc.close();
    // Count to 21, played to its end, and rated by the store (as a rated game's end would be).
    const svc = new GameService({ store, clock: new VirtualClock(T0 + 60_000), chat: new FakeChat(), games: [count21 as GameModule<unknown>], renderer: null, logError: () => undefined });
    await svc.startUp();
    assert.equal((await svc.createGame('ch-21', judy, { game: 'count21' })).ok, true);
    assert.equal((await svc.join('ch-21', alice, 'A')).ok, true);
    assert.equal((await svc.join('ch-21', bob, 'B')).ok, true);
    assert.equal((await svc.start('ch-21', judy)).ok, true);
    for (let i = 0; i < 7; i++) {
      const who = i % 2 ? bob : alice;
      assert.equal((await svc.handleMessage({ channelId: 'ch-21', userId: who.id, userName: who.name, text: '【数】3', messageId: `c21-${i}` })).ok, true);
    }
    svc.close();
    const g21 = store.lastGameIn('ch-21')!;
    assert.equal(g21.status, 'ended');
    store.rateGame({ kind: 'count21', gameId: g21.id, channelId: 'ch-21', scope: 'local', at: T0, how: 'count', a: { id: 'local:Alice', name: 'Alice', seat: 'A' }, b: { id: 'local:Bob', name: 'Bob', seat: 'B' }, scoreA: 0 });
    const run = store.liveGameIn('ch-run')!;
    for (const [n, id] of [[1, 'rp-2'], [2, 'rp-1'], [3, 'rp-3']] as const) store.addRequestPost(run.id, { requestId: n, messageId: id, text: `request ${n}`, turn: 2 });
    store.closeRequestPost(run.id, 'rp-1', 'accepted');
    store.setRemindByDm('u-alice', true);
  } finally {
    store.close();
  }
  return path;
}

/** Rows per table of a SQLite file. */
function counts(path: string): Record<string, number> {
  const db = new Database(path, { readonly: true });
  try {
    const out: Record<string, number> = {};
    for (const t of ['games', 'players', 'log', 'snapshots', 'timers', 'request_posts', 'rating_results', 'ratings', 'handled', 'user_prefs']) {
      out[t] = (db.prepare(`SELECT COUNT(*) n FROM ${t}`).get() as { n: number }).n;
    }
    return out;
  } finally {
    db.close();
  }
}

async function copiedAndVerified(src: string, to: string): Promise<void> {
  const want = counts(src);
  assert.deepEqual([want.games, want.rating_results, want.user_prefs, want.request_posts], [5, 1, 1, 3], 'the installation holds what the test means it to');
  assert.ok(want.log! > 20 && want.snapshots! >= 6, JSON.stringify(want));
  const { copied, report } = await dbCopy(`sqlite:${src}`, to, { replay: gameReplayer(REGISTRY) });
  for (const [t, n] of Object.entries(want)) assert.equal(copied![t], n, `${t} rows copied`);
  assert.deepEqual(report.problems, []);
  assert.deepEqual(report.notReplayed, []);
  assert.equal(report.games, 5);
  assert.equal(report.replayed, 5, 'every game replayed to the same state on both sides');
  assert.equal(report.entries, want.log);

  const target: GameStore = await openStore(to);
  try {
    // The copy reads as the original: the running game's log, its open posts in their order, the rating.
    const run = (await target.liveGameIn('ch-run'))!;
    assert.deepEqual((await target.openRequestPosts(run.id)).map((p) => p.messageId), ['rp-2', 'rp-3']);
    assert.equal((await target.rating('count21', 'local:Bob'))!.wins, 1);
    assert.equal(await target.remindByDm('u-alice'), true);
    // The heartbeat is per process (issue 16): this process's key.
    assert.equal(await target.getMeta(`alive_at:${defaultHolder()}`), String(T0 + 60_000), 'the source\'s last sign of life');
  } finally {
    await target.close();
  }
  // Into a store that holds data: refused, nothing written.
  await assert.rejects(dbCopy(`sqlite:${src}`, to, { replay: gameReplayer(REGISTRY) }), /empty database/);
}

/** A changed copy no longer verifies: a count in the count-to-21 log (valid, but another game) and a rating. */
async function tamperedIsCaught(src: string, to: string, raw: (sql: string) => Promise<void>): Promise<void> {
  await raw(`UPDATE log SET entry = REPLACE(entry, '"n":3', '"n":2') WHERE seq = 7 AND game_id = (SELECT id FROM games WHERE channel_id = 'ch-21')`);
  await raw(`UPDATE ratings SET rating = rating + 1 WHERE user_id = 'local:Bob'`);
  const { report } = await dbCopy(`sqlite:${src}`, to, { verifyOnly: true, replay: gameReplayer(REGISTRY) });
  const all = report.problems.join('\n');
  assert.match(all, /^log: |game \d+: log differs/m);
  assert.match(all, /game \d+: entries read back differently/);
  assert.match(all, /game \d+: the state replayed from the log differs/);
  assert.match(all, /ratings: rows differ/);
  assert.equal(report.replayed, 4, 'the other games still agree');
  // New games continue after the copied ids.
  const target = await openStore(to);
  try {
    assert.equal((await target.createGame({ channelId: 'after', mapPath: 'x', mapId: 'x', settings: {}, live: {}, creator: 'u', judges: [], createdAt: T0 })).id, 6);
  } finally {
    await target.close();
  }
}

test('db:copy SQLite → SQLite: every table copied, every game replayed to the same state; a changed copy is caught', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'neuwar-copy-'));
  try {
    const src = await installation(dir);
    const dst = join(dir, 'copy.db');
    await copiedAndVerified(src, `sqlite:${dst}`);
    await tamperedIsCaught(src, `sqlite:${dst}`, async (sql) => {
      const db = new Database(dst);
      try { db.exec(sql); } finally { db.close(); }
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('npm run db:copy: the command copies, says the copy is faithful, and exits 0 (2 on wrong arguments)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'neuwar-copy-cli-'));
  try {
    const src = await installation(dir);
    const run = (...args: string[]) => spawnSync('npm', ['run', '--silent', 'db:copy', '--', ...args], { encoding: 'utf8', env: { ...process.env, DATABASE_URL: '' } });
    const ok = run('--from', `sqlite:${src}`, '--to', `sqlite:${join(dir, 'copy.db')}`);
    assert.equal(ok.status, 0, ok.stderr + ok.stdout);
    // The command replays with the bot's game modules: count to 21 is a test-only game, so it says so.
    assert.match(ok.stdout, /verified 5 games, \d+ log entries; 4 replayed to the same state on both sides/);
    assert.match(ok.stdout, /not replayed: game 5 \(count21\): no game module of kind "count21" here/);
    assert.match(ok.stdout, /the copy is faithful/);
    const bad = run('--from', `sqlite:${src}`);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /usage: npm run db:copy/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('db:copy SQLite → PostgreSQL: every table copied, every game replayed to the same state on both; a changed copy is caught', { skip: PG_SKIP }, async () => {
  const base = process.env.TEST_DATABASE_URL!;
  const name = `neuwar_copy_${process.pid}_${Date.now().toString(36)}`;
  const admin = async (sql: string, url = base) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try { await c.query(sql); } finally { await c.end(); }
  };
  const u = new URL(base);
  u.pathname = `/${name}`;
  const target = u.toString();
  await admin(`CREATE DATABASE ${name}`);
  const dir = mkdtempSync(join(tmpdir(), 'neuwar-copy-pg-'));
  try {
    const src = await installation(dir);
    await copiedAndVerified(src, target);
    await tamperedIsCaught(src, target, (sql) => admin(sql, target));
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
});
