/**
 * Old databases keep working: a file written by the single-game code (schema v3, committed as a fixture) opens
 * with today's store, migrates to game kinds and seats, lists and rebuilds as it did, and its running game plays on.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { stateJson } from '../../src/games/neuwar/engine/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { Store, MIGRATIONS } from '../../src/platform/store/index.ts';
import { GameService } from '../../src/games/index.ts';
import { FakeChat, alice, bob, tinyMap } from '../helpers/live.ts';

const FIXTURE = 'tests/fixtures/db/store-v3.db';

interface Expected {
  clock: number;
  games: { channelId: string; status: string; turn: number | null; players: { userId: string; name: string; country: string }[] }[];
  runState: unknown;
}
const expected = JSON.parse(readFileSync('tests/fixtures/db/store-v3.expected.json', 'utf8')) as Expected;

/** The fixture copied to a temp dir: the committed file must never be migrated in place. */
function withCopy(fn: (path: string) => Promise<void>): () => Promise<void> {
  return async () => {
    const dir = mkdtempSync(join(tmpdir(), 'neuwar-migrate-'));
    try {
      const path = join(dir, 'old.db');
      copyFileSync(FIXTURE, path);
      await fn(path);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

const columns = (s: Store, table: string): string[] =>
  (s.db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);

// Read from a copy too: even a read-only open of a WAL database leaves -wal/-shm files beside it.
test('the fixture really is a v3 database (else the migration tests prove nothing)', withCopy(async (path) => {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const versions = (db.prepare('SELECT version FROM schema_version ORDER BY version').all() as { version: number }[]).map((r) => r.version);
    assert.deepEqual(versions, [1, 2, 3]);
    const cols = (db.prepare('PRAGMA table_info(players)').all() as { name: string }[]).map((c) => c.name);
    assert.ok(cols.includes('country') && !cols.includes('seat'));
  } finally {
    db.close();
  }
}));

test('a v3 file migrates to the latest: every game is New European War, players hold seats, ratings exist and are empty', withCopy(async (path) => {
  const s = new Store(path);
  try {
    assert.equal(s.schemaVersion(), MIGRATIONS.at(-1)!.version);
    const games = s.games();
    assert.deepEqual(games.map((g) => [g.channelId, g.kind]), [['ch-old', 'neuwar'], ['ch-run', 'neuwar'], ['ch-open', 'neuwar']]);
    assert.deepEqual(games.map((g) => s.players(g.id).map((p) => [p.seat, p.userId])),
      [[['A', 'u-alice'], ['B', 'u-bob']], [['A', 'u-alice'], ['B', 'u-bob']], [['C', 'u-carol']]]);
    assert.ok(!columns(s, 'players').includes('country'));
    assert.deepEqual(columns(s, 'ratings'), ['game_kind', 'user_id', 'rating', 'games', 'updated_at', 'wins', 'draws', 'losses', 'name']);
    assert.equal((s.db.prepare('SELECT COUNT(*) n FROM ratings').get() as { n: number }).n, 0);
    assert.equal((s.db.prepare('SELECT COUNT(*) n FROM rating_results').get() as { n: number }).n, 0);
    // The renamed column still carries the primary key and the one-seat-per-user index.
    const open = games[2]!;
    assert.throws(() => s.db.prepare('INSERT INTO players (game_id, seat, user_id, name, joined_at) VALUES (?, ?, ?, ?, ?)').run(open.id, 'C', 'u-dave', 'Dave', 1), /UNIQUE|PRIMARY/);
    assert.throws(() => s.db.prepare('INSERT INTO players (game_id, seat, user_id, name, joined_at) VALUES (?, ?, ?, ?, ?)').run(open.id, 'A', 'u-carol', 'Carol', 1), /UNIQUE/);
    // A game created after the migration can name another kind; the default stays New European War.
    const other = s.createGame({ kind: 'duel', channelId: 'ch-new', mapPath: 'x', mapId: 'x', settings: {}, live: {}, creator: 'u1', judges: [], createdAt: 1 });
    assert.equal(s.game(other.id)!.kind, 'duel');
  } finally {
    s.close();
  }
}));

test('opening an already migrated file again changes nothing', withCopy(async (path) => {
  const first = new Store(path);
  const dump = (s: Store) => ({
    versions: s.db.prepare('SELECT version, applied_at FROM schema_version ORDER BY version').all(),
    schema: s.db.prepare("SELECT type, name, sql FROM sqlite_master ORDER BY name").all(),
    games: s.games(),
    players: s.games().map((g) => s.players(g.id)),
  });
  const before = dump(first);
  first.close();
  const again = new Store(path);
  try {
    assert.equal(again.schemaVersion(), MIGRATIONS.at(-1)!.version);
    assert.deepEqual(dump(again), before);
  } finally {
    again.close();
  }
}));

test('the migrated file lists and rebuilds as before, and its running game plays on', withCopy(async (path) => {
  const store = new Store(path);
  const clock = new VirtualClock(expected.clock);
  const chat = new FakeChat();
  const svc = new GameService({ store, clock, chat, renderer: null, logError: () => undefined });
  try {
    await svc.startUp();
    const listed = (await svc.listGames()).map((g) => ({ channelId: g.channelId, status: g.status, turn: g.turn, players: g.players }));
    const want = expected.games;
    assert.deepEqual(
      [...listed].sort((a, b) => a.channelId.localeCompare(b.channelId)),
      [...want].sort((a, b) => a.channelId.localeCompare(b.channelId)),
    );
    assert.deepEqual(stateJson((await svc.stateOf('ch-run'))!, tinyMap(), { withOrders: true }), expected.runState);

    let n = 0;
    const say = (user: { id: string; name: string }, text: string) =>
      svc.handleMessage({ channelId: 'ch-run', userId: user.id, userName: user.name, text, messageId: `after-${++n}` });
    const cmd = await say(bob, '【调兵】乙乡→乙城 2');
    assert.equal(cmd.ok, true, cmd.text);
    assert.equal((await say(alice, '【完成】')).ok, true);
    assert.equal((await svc.stateOf('ch-run'))!.turn, 2, 'one player done: the turn waits');
    assert.equal((await say(bob, '【完成】')).ok, true);
    const s = (await svc.stateOf('ch-run'))!;
    assert.equal(s.turn, 3, 'both done: the turn resolved');
    const bCity = s.territories.b_city;
    assert.ok(bCity && 'armies' in bCity && bCity.armies === 12, 'the order given after the migration was carried out');
  } finally {
    svc.close();
    store.close();
  }
}));
