/** The store: numbered migrations, WAL, one live game per channel, atomic batches, idempotency rows. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Store, MIGRATIONS } from '../../src/platform/store/index.ts';

const row = (channelId: string) => ({ channelId, mapPath: 'tests/fixtures/tiny.json', mapId: 'tiny', settings: {}, live: {}, creator: 'u1', judges: [], createdAt: 1 });

test('migrations are numbered, applied once, and a reopened file keeps its data (WAL)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'neuwar-store-'));
  try {
    const path = join(dir, 'sub', 'x.db');
    const a = new Store(path);
    assert.equal(a.schemaVersion(), MIGRATIONS.at(-1)!.version);
    assert.equal(a.db.pragma('journal_mode', { simple: true }), 'wal');
    const g = a.createGame(row('c1'));
    a.commit({ gameId: g.id, entries: [{ at: 5, entry: { type: 'tick', at: 5 }, turn: 1 }] });
    a.close();
    const b = new Store(path);
    assert.equal(b.schemaVersion(), MIGRATIONS.at(-1)!.version);
    assert.equal((b.db.prepare('SELECT COUNT(*) n FROM schema_version').get() as { n: number }).n, MIGRATIONS.length);
    assert.deepEqual(b.entries(g.id).map((e) => [e.seq, e.at]), [[1, 5]]);
    b.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('one live game per channel; ended games stay as the archive', () => {
  const s = new Store(':memory:');
  const g = s.createGame(row('c1'));
  assert.throws(() => s.createGame(row('c1')), /UNIQUE/);
  s.commit({ gameId: g.id, game: { status: 'ended', endedAt: 9 } });
  const g2 = s.createGame(row('c1'));
  assert.equal(s.liveGameIn('c1')!.id, g2.id);
  assert.equal(s.games(['ended']).length, 1);
});

test('a batch is all or nothing; message parts are unique; seqs are consecutive', () => {
  const s = new Store(':memory:');
  const g = s.createGame(row('c1'));
  const seqs = s.commit({
    gameId: g.id,
    entries: [0, 1].map((part) => ({ at: 1, entry: { type: 'tick', at: 1 }, messageId: 'm1', part, turn: 1 })),
    handled: { messageId: 'm1', at: 1, reply: { ok: true } },
    snapshots: [{ turn: 2, at: 1, game: '{}' }],
    timers: [{ kind: 'deadline', at: 100, turn: 2 }],
  });
  assert.deepEqual(seqs, [1, 2]);
  assert.deepEqual(s.handled('m1'), { ok: true });
  assert.equal(s.latestSnapshot(g.id)!.seq, 2, 'a snapshot without a seq is taken after the batch');
  // The same message again: the unique index refuses, and nothing of the batch is kept.
  assert.throws(() => s.commit({
    gameId: g.id,
    entries: [{ at: 2, entry: { type: 'tick', at: 2 }, messageId: 'm1', part: 0, turn: 1 }],
    timers: [],
  }));
  assert.equal(s.lastSeq(g.id), 2);
  assert.deepEqual(s.timers(g.id), [{ kind: 'deadline', at: 100, turn: 2 }], 'the failed batch changed no timers');
});

test('a game has a kind (New European War unless told) and its players hold seats', () => {
  const s = new Store(':memory:');
  const g = s.createGame(row('c1'));
  assert.equal(s.game(g.id)!.kind, 'neuwar');
  assert.equal(s.createGame({ ...row('c2'), kind: 'duel' }).kind, 'duel');
  s.commit({ gameId: g.id, players: { set: [{ seat: 'A', userId: 'u1', name: 'Ann', joinedAt: 1 }, { seat: 'B', userId: 'u2', name: 'Ben', joinedAt: 2 }] } });
  // Taking a seat again moves the user: one seat per user, one user per seat.
  s.commit({ gameId: g.id, players: { set: [{ seat: 'C', userId: 'u1', name: 'Ann', joinedAt: 3 }], remove: ['B'] } });
  assert.deepEqual(s.players(g.id).map((p) => [p.seat, p.userId]), [['C', 'u1']]);
  assert.deepEqual(s.gamesOfUser('u1').map((x) => x.seat), ['C']);
});
