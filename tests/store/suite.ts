/**
 * The store suite, run against each implementation of GameStore (sqlite.test.ts, postgres.test.ts): migrations,
 * commit and read back, all-or-nothing batches, refused duplicates, the reads a game is rebuilt from, ratings
 * (atomic under two processes at once) and per-game leases. Every test starts from an empty database.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  LeaseLostError, MIGRATIONS, PG_MIGRATIONS, isUniqueViolation,
  type Batch, type GameRow, type GameStore, type NewGame, type OpenedStore, type RatedGame, type StoredEntry,
} from '../../src/platform/store/index.ts';
import type { Score } from '../../src/platform/ratings/index.ts';
import { count21, type Count21 } from '../games/count21/module.ts';
import type { Db, Harness } from './harness.ts';

/** Past 2^31 ms: times must survive as BIGINT (PostgreSQL) and come back as numbers. */
const T = 1_796_000_000_000;

const newGame = (channelId: string, extra: Partial<NewGame> = {}): NewGame => ({
  channelId, mapPath: 'tests/fixtures/tiny.json', mapId: 'tiny', settings: { turnSeconds: 300 }, live: { lang: 'zh' }, creator: 'u1', judges: ['j1'], createdAt: T, ...extra,
});

const tick = (at: number) => ({ type: 'tick', at });

/** The error a promise rejects with (fails when it resolves). */
async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  assert.fail('expected the promise to be rejected');
}

export function storeSuite(h: Harness): void {
  /** A test on a fresh database; `s` is the first store opened on it. */
  // Skipped test by test, so the run's summary counts them as skipped (a skipped suite would count none).
  const opts = h.skip ? { skip: 'TEST_DATABASE_URL not set' } : {};
  const it = (name: string, fn: (s: OpenedStore, db: Db) => Promise<void>) =>
    test(name, opts, async () => {
      const db = await h.fresh();
      try {
        await fn(await db.open(), db);
      } finally {
        await db.cleanup();
      }
    });

  describe(`store suite on ${h.name}${h.skip ? ` — SKIPPED: ${h.skip}` : ''}`, () => {
    test('the PostgreSQL migrations are SQLite\'s, version for version', opts, () => {
      assert.deepEqual(PG_MIGRATIONS.map((m) => m.version), MIGRATIONS.map((m) => m.version));
      assert.deepEqual(MIGRATIONS.map((m) => m.version), MIGRATIONS.map((_, i) => i + 1), 'numbered 1, 2, 3 … without gaps');
    });

    it('migrations: every version once, in order; opening again (two processes at once) applies none twice and keeps the data', async (s, db) => {
      const all = MIGRATIONS.map((m) => m.version);
      assert.equal(s.driver, h.name);
      assert.deepEqual(await s.schemaVersions(), all);
      assert.equal(await s.schemaVersion(), all.at(-1));
      const g = await s.createGame(newGame('c1'));
      await s.commit({ gameId: g.id, entries: [{ at: T + 5, entry: tick(T + 5), turn: 1 }] });
      await s.close();
      const [a, b] = await Promise.all([db.open(), db.open()]);
      for (const x of [a, b]) {
        assert.deepEqual(await x.schemaVersions(), all, 'no version applied twice');
        assert.deepEqual((await x.entries(g.id)).map((e) => [e.seq, e.at]), [[1, T + 5]]);
        assert.equal((await x.game(g.id))!.channelId, 'c1');
      }
      // Opening ran the migrations' CREATE statements at most once: a second game in the same tables works.
      assert.equal((await b.createGame(newGame('c2'))).id, g.id + 1);
    });

    it('commit then read back, by the store that wrote and by one opened afterwards: entries, snapshots, timers, the game, players, handled', async (s, db) => {
      const g = await s.createGame(newGame('c1', { kind: 'duel' }));
      assert.deepEqual(g, {
        id: g.id, kind: 'duel', channelId: 'c1', mapPath: 'tests/fixtures/tiny.json', mapId: 'tiny', settings: { turnSeconds: 300 }, live: { lang: 'zh' },
        status: 'open', creator: 'u1', judges: ['j1'], createdAt: T, startedAt: null, endedAt: null, statusMessageId: null,
      });
      const batch: Batch = {
        gameId: g.id,
        entries: [
          { at: T + 10, entry: { type: 'start', at: T + 10, seats: ['A', 'B'], note: '中文 ✓' }, userId: 'u1', messageId: 'm1', part: 0, turn: 0 },
          { at: T + 11, entry: { type: 'command', at: T + 11, command: { kind: 'move', n: 2.5 } }, userId: 'u2', messageId: 'm1', part: 1, turn: 1 },
        ],
        snapshots: [{ turn: 1, at: T + 11, game: '{"turn":1}' }],
        timers: [{ kind: 'hardClose', at: T + 400_000, turn: 1 }, { kind: 'deadline', at: T + 300_000, turn: 1 }],
        game: { status: 'running', startedAt: T + 10, judges: ['j1', 'j2'], settings: { turnSeconds: 60 }, live: { lang: 'en' }, statusMessageId: 'st1' },
        players: { set: [{ seat: 'A', userId: 'u1', name: 'Ann', joinedAt: T + 1 }, { seat: 'B', userId: 'u2', name: 'Бен', joinedAt: T + 2 }] },
        handled: { messageId: 'm1', at: T + 11, reply: { ok: true, text: '好' } },
      };
      assert.deepEqual(await s.commit(batch), [1, 2]);
      // Read by the store that wrote and by one opened afterwards (a process that starts and loads the game).
      for (const x of [s, await db.open()]) {
        assert.deepEqual(await x.entries(g.id), [
          { seq: 1, at: T + 10, entry: batch.entries![0]!.entry, userId: 'u1', messageId: 'm1', part: 0, undone: false, turn: 0 },
          { seq: 2, at: T + 11, entry: batch.entries![1]!.entry, userId: 'u2', messageId: 'm1', part: 1, undone: false, turn: 1 },
        ] satisfies StoredEntry[]);
        assert.deepEqual((await x.entries(g.id, 1)).map((e) => e.seq), [2]);
        assert.equal(await x.lastSeq(g.id), 2);
        assert.deepEqual(await x.latestSnapshot(g.id), { seq: 2, turn: 1, at: T + 11, game: '{"turn":1}' }, 'a snapshot without a seq is taken after the batch');
        assert.deepEqual(await x.timers(g.id), [{ kind: 'deadline', at: T + 300_000, turn: 1 }, { kind: 'hardClose', at: T + 400_000, turn: 1 }], 'by time');
        const row: GameRow = (await x.game(g.id))!;
        assert.deepEqual([row.status, row.startedAt, row.judges, row.settings, row.live, row.statusMessageId], ['running', T + 10, ['j1', 'j2'], { turnSeconds: 60 }, { lang: 'en' }, 'st1']);
        assert.deepEqual(await x.players(g.id), [{ seat: 'A', userId: 'u1', name: 'Ann', joinedAt: T + 1 }, { seat: 'B', userId: 'u2', name: 'Бен', joinedAt: T + 2 }]);
        assert.deepEqual(await x.handled('m1'), { ok: true, text: '好' });
        assert.equal(await x.handled('m2'), null);
      }
      // The next batch's timers replace the running ones; an empty list clears them.
      await s.commit({ gameId: g.id, timers: [] });
      // Taking a seat again moves the user: one seat per user, one user per seat; a removed seat is gone.
      await s.commit({ gameId: g.id, players: { set: [{ seat: 'C', userId: 'u1', name: 'Ann', joinedAt: T + 3 }], remove: ['B'] } });
      assert.deepEqual((await s.players(g.id)).map((p) => [p.seat, p.userId]), [['C', 'u1']]);
      const other = await db.open();
      assert.deepEqual(await other.timers(g.id), []);
      assert.deepEqual((await other.players(g.id)).map((p) => [p.seat, p.userId]), [['C', 'u1']]);
      assert.deepEqual(await other.gamesOfUser('u1'), [{ gameId: g.id, channelId: 'c1', seat: 'C', joinedAt: T + 3 }]);
      assert.deepEqual(await other.gamesOfUser('u2'), []);
    });

    it('request posts: open ones oldest first (posting one again makes it the newest), closed ones leave the list; meta and preferences', async (s, db) => {
      const g = await s.createGame(newGame('c1'));
      for (const [n, id] of [[1, 'p1'], [2, 'p2'], [3, 'p3']] as const) await s.addRequestPost(g.id, { requestId: n, messageId: id, text: `ask ${n}`, turn: 1 });
      await s.addRequestPost(g.id, { requestId: 1, messageId: 'p1', text: 'ask 1 again', turn: 2 });
      assert.deepEqual((await s.openRequestPosts(g.id)).map((p) => p.messageId), ['p2', 'p3', 'p1']);
      await s.closeRequestPost(g.id, 'p2', 'accepted');
      const other = await db.open();
      assert.deepEqual(await other.openRequestPosts(g.id), [
        { requestId: 3, messageId: 'p3', text: 'ask 3', turn: 1 }, { requestId: 1, messageId: 'p1', text: 'ask 1 again', turn: 2 },
      ]);
      assert.deepEqual((await s.openRequestPosts(g.id)).map((p) => p.messageId), ['p3', 'p1']);

      assert.equal(await s.getMeta('alive_at'), null);
      await s.setMeta('alive_at', '1');
      await s.setMeta('alive_at', String(T));
      assert.equal(await other.getMeta('alive_at'), String(T));
      assert.match((await s.getMeta('opened_at'))!, /^\d+$/, 'opening writes (and so checks that writing works)');

      assert.equal(await s.remindByDm('u1'), false);
      await s.setRemindByDm('u1', true);
      assert.equal(await other.remindByDm('u1'), true);
      await s.setRemindByDm('u1', false);
      assert.equal(await other.remindByDm('u1'), false);
    });

    it('a batch is all or nothing; a message handled twice is refused, and the refusal is told apart as a unique violation', async (s) => {
      const g = await s.createGame(newGame('c1'));
      assert.deepEqual(await s.commit({
        gameId: g.id,
        entries: [0, 1].map((part) => ({ at: T, entry: tick(T), messageId: 'm1', part, turn: 1 })),
        handled: { messageId: 'm1', at: T, reply: { ok: true } },
        timers: [{ kind: 'deadline', at: T + 100, turn: 2 }],
      }), [1, 2]);
      // The same message's part again: the log's unique index refuses it, and nothing of the batch stays.
      const dupEntry = await rejection(s.commit({
        gameId: g.id,
        entries: [{ at: T + 1, entry: tick(T + 1), messageId: 'm1', part: 0, turn: 1 }],
        timers: [], game: { status: 'running' }, players: { set: [{ seat: 'A', userId: 'u9', name: 'x', joinedAt: 1 }] },
      }));
      assert.ok(s.isUniqueViolation(dupEntry) && isUniqueViolation(dupEntry), String(dupEntry));
      // The same message id handled again (after an entry of its own was written in the same batch).
      const dupHandled = await rejection(s.commit({ gameId: g.id, entries: [{ at: T + 2, entry: tick(T + 2), messageId: 'm2', turn: 1 }], handled: { messageId: 'm1', at: T + 2, reply: { ok: false } } }));
      assert.ok(s.isUniqueViolation(dupHandled), String(dupHandled));
      assert.equal(await s.lastSeq(g.id), 2);
      assert.deepEqual((await s.entries(g.id)).map((e) => e.seq), [1, 2]);
      assert.deepEqual(await s.timers(g.id), [{ kind: 'deadline', at: T + 100, turn: 2 }], 'the failed batches changed no timers');
      assert.equal((await s.game(g.id))!.status, 'open');
      assert.deepEqual(await s.players(g.id), []);
      assert.deepEqual(await s.handled('m1'), { ok: true }, 'the first answer stands');
      // A failure of another kind is not a duplicate.
      const fk = await rejection(s.commit({ gameId: 999_999, players: { set: [{ seat: 'A', userId: 'u1', name: 'x', joinedAt: 1 }] } }));
      assert.equal(s.isUniqueViolation(fk), false, String(fk));
      // The log goes on where it was.
      assert.deepEqual(await s.commit({ gameId: g.id, entries: [{ at: T + 3, entry: tick(T + 3), messageId: 'm3', turn: 1 }] }), [3]);
      // A handled row without a game (a once-only key) refuses a second write too.
      await s.commit({ gameId: null, handled: { messageId: 'once:x', at: T, reply: 1 } });
      assert.ok(s.isUniqueViolation(await rejection(s.commit({ gameId: null, handled: { messageId: 'once:x', at: T, reply: 2 } }))));
      assert.equal(await s.handled('once:x'), 1);
    });

    it('one live game per channel (a second one is a unique violation); ended games stay as the archive', async (s) => {
      const g = await s.createGame(newGame('c1'));
      assert.equal(g.kind, 'neuwar', 'New European War unless told');
      const dup = await rejection(s.createGame(newGame('c1')));
      assert.ok(s.isUniqueViolation(dup), String(dup));
      await s.commit({ gameId: g.id, game: { status: 'ended', endedAt: T + 9 } });
      const g2 = await s.createGame(newGame('c1', { kind: 'duel' }));
      assert.equal((await s.liveGameIn('c1'))!.id, g2.id);
      assert.equal((await s.lastGameIn('c1'))!.id, g2.id);
      assert.equal(await s.liveGameIn('c2'), null);
      assert.deepEqual((await s.games(['ended'])).map((x) => [x.id, x.endedAt]), [[g.id, T + 9]]);
      assert.deepEqual((await s.games()).map((x) => x.id), [g.id, g2.id]);
      await s.commit({ gameId: g2.id, game: { status: 'ended', endedAt: T + 10 } });
      assert.equal(await s.liveGameIn('c1'), null);
      assert.equal((await s.lastGameIn('c1'))!.id, g2.id, 'the most recent of the archive');
    });

    it('a damaged game row is read with what can be read and says what is damaged', async (s, db) => {
      const g = await s.createGame(newGame('c1'));
      await db.raw(`UPDATE games SET settings = '{not json' WHERE id = ${g.id}`);
      const row = (await (await db.open()).game(g.id))!;
      assert.match(row.broken ?? '', /settings/);
      assert.deepEqual(row.settings, {});
      assert.deepEqual(row.live, { lang: 'zh' });
    });

    it('an undo marks the undone entries; resolutionOpening passes over the undo snapshot and undone resolutions', async (s) => {
      const g = await s.createGame(newGame('c1'));
      const cmd = (kind: string, at: number) => ({ type: 'command', at, command: { kind } });
      await s.commit({ gameId: g.id, entries: [{ at: T + 1, entry: cmd('move', T + 1), turn: 1 }] });
      await s.commit({ gameId: g.id, entries: [{ at: T + 2, entry: tick(T + 2), turn: 1 }], snapshots: [{ turn: 2, at: T + 2, game: 'opening 2' }] });
      await s.commit({ gameId: g.id, entries: [{ at: T + 3, entry: cmd('move', T + 3), turn: 2 }] });
      await s.commit({ gameId: g.id, entries: [{ at: T + 4, entry: cmd('commit', T + 4), turn: 2 }], snapshots: [{ turn: 3, at: T + 4, game: 'opening 3' }] });
      // The judge's 【撤回】 of turn 2 (seq 5): turns 2+ before it are undone, and the reopened turn 2 is snapshot.
      await s.commit({ gameId: g.id, entries: [{ at: T + 5, entry: cmd('undo', T + 5), turn: 3 }], undoneFromTurn: 2, undoneBeforeSeq: 5, snapshots: [{ turn: 2, at: T + 5, game: 'reopened 2' }] });
      assert.deepEqual((await s.entries(g.id)).map((e) => [e.seq, e.undone]), [[1, false], [2, false], [3, true], [4, true], [5, false]]);
      assert.equal((await s.snapshotOpening(g.id, 2))!.game, 'reopened 2');
      assert.equal((await s.resolutionOpening(g.id, 2))!.game, 'opening 2');
      assert.equal(await s.resolutionOpening(g.id, 3), null, 'the resolution of turn 2 was undone');
      assert.deepEqual((await s.snapshots(g.id)).map((x) => [x.seq, x.turn, x.game]), [[2, 2, 'opening 2'], [4, 3, 'opening 3'], [5, 2, 'reopened 2']]);
      assert.equal((await s.latestSnapshot(g.id))!.game, 'reopened 2');
    });

    it('rebuild from the log: a real game (count to 21) folded from the entries read back, or from its latest snapshot on, is the game played', async (s, db) => {
      const rules = count21.open('count21', '.');
      const g = await s.createGame(newGame('c1', { kind: 'count21' }));
      let game: Count21 | null = null;
      const play = async (entry: { type: string; at: number; [k: string]: unknown }, snapshot: boolean) => {
        game = rules.apply(game, entry).game;
        await s.commit({ gameId: g.id, entries: [{ at: entry.at, entry, turn: game ? rules.turn(game) : 0 }], ...(snapshot && game ? { snapshots: [{ turn: rules.turn(game), at: entry.at, game: rules.snapshot(game) }] } : {}) });
      };
      await play(rules.setup(['A', 'B'], { language: 'en' }, 7, T), true);
      const counts = [3, 1, 2, 3, 3, 1, 2, 3, 2, 1];
      for (const [i, n] of counts.entries()) await play({ type: 'count', at: T + 1000 * (i + 1), seat: i % 2 ? 'B' : 'A', n }, i === 4);
      const played = rules.snapshot(game!);
      assert.equal(JSON.parse(played).loser, 'B', 'the game was played to its end (B brought the total to 21)');
      const reader: GameStore = await db.open();
      const log = await reader.entries(g.id);
      assert.equal(log.length, 1 + counts.length);
      let fromLog: Count21 | null = null;
      for (const e of log) fromLog = rules.apply(fromLog, e.entry as { type: string; at: number }).game;
      assert.equal(rules.snapshot(fromLog!), played);
      const snap = (await reader.latestSnapshot(g.id))!;
      assert.equal(snap.seq, 6);
      let fromSnap: Count21 | null = rules.restore(snap.game);
      for (const e of await reader.entries(g.id, snap.seq)) fromSnap = rules.apply(fromSnap, e.entry as { type: string; at: number }).game;
      assert.equal(rules.snapshot(fromSnap!), played);
    });

    const rated = async (s: GameStore, a: string, b: string, scoreA: Score, opts: { scope?: string | null; at?: number; gameId?: number } = {}): Promise<RatedGame> => {
      const gameId = opts.gameId ?? (await s.createGame(newGame(`r-${a}-${b}-${Math.random()}`, { kind: 'duel' }))).id;
      return { kind: 'duel', gameId, channelId: 'c', scope: opts.scope ?? null, at: opts.at ?? T, how: 'capital', a: { id: a, name: a.split(':')[1]!, seat: 'A' }, b: { id: b, name: b.split(':')[1]!, seat: 'B' }, scoreA };
    };

    it('ratings: a rated game writes both standings and one result row, once; boards, scopes and history read back', async (s, db) => {
      const r = await rated(s, 'discord:1', 'discord:2', 1, { scope: 'discord:g1' });
      const row = (await s.rateGame(r))!;
      assert.deepEqual([row.a, row.b, row.result, row.how, row.aBefore, row.bBefore, row.aDelta, row.bDelta, row.at, row.scope], ['discord:1', 'discord:2', 'a', 'capital', 1000, 1000, 32, -32, T, 'discord:g1']);
      assert.equal(await s.rateGame(r), null, 'a game is rated once');
      const other = await db.open();
      const a = (await other.rating('duel', 'discord:1'))!, b = (await other.rating('duel', 'discord:2'))!;
      assert.deepEqual([a.rating, a.games, a.wins, a.draws, a.losses, a.name, a.updatedAt], [1032, 1, 1, 0, 0, '1', T]);
      assert.deepEqual([b.rating, b.games, b.wins, b.draws, b.losses], [968, 1, 0, 0, 1]);
      assert.equal(await other.rating('other', 'discord:1'), null, 'kept per game kind');
      assert.deepEqual(await other.ratingOfGame('duel', r.gameId), row);
      // Two more: a draw elsewhere and a loss here; the boards order by rating, the history newest first.
      await s.rateGame(await rated(s, 'discord:3', 'discord:1', 0.5, { scope: 'discord:g2', at: T + 1 }));
      await s.rateGame(await rated(s, 'discord:1', 'discord:2', 0, { scope: 'discord:g1', at: T + 2 }));
      // 1032/968, then 3 (new, 1000) draws 1 (1032): +3/−3, then 1 (1029) loses to 2 (968): −38/+38.
      assert.deepEqual((await other.ratingBoard('duel')).map((x) => [x.id, x.rating, x.games]), [['discord:2', 1006, 2], ['discord:3', 1003, 1], ['discord:1', 991, 3]]);
      assert.deepEqual((await other.ratingBoard('duel', 'discord:g1')).map((x) => x.id).sort(), ['discord:1', 'discord:2']);
      assert.deepEqual((await other.ratingBoard('duel', 'discord:g2')).map((x) => x.id).sort(), ['discord:1', 'discord:3']);
      assert.deepEqual(await other.ratingBoard('duel', 'nowhere'), []);
      assert.deepEqual((await other.ratingResults('duel', 'discord:1')).map((x) => x.at), [T + 2, T + 1, T]);
      assert.deepEqual((await other.ratingResults('duel', 'discord:1', 2)).map((x) => x.at), [T + 2, T + 1]);
      assert.equal((await other.rating('duel', 'discord:1'))!.games, 3);
      // The same identity on both sides is refused, and leaves nothing.
      await rejection(s.rateGame(await rated(s, 'discord:9', 'discord:9', 1)));
      assert.equal(await s.rating('duel', 'discord:9'), null);
    });

    it('ratings in the batch that ends the game: written with it, or (the batch refused) not at all', async (s) => {
      const g = await s.createGame(newGame('c1', { kind: 'duel' }));
      await s.commit({ gameId: g.id, handled: { messageId: 'm1', at: T, reply: 1 } });
      const r = await rated(s, 'discord:a', 'discord:b', 1, { gameId: g.id });
      const refused = await rejection(s.commit({ gameId: g.id, entries: [{ at: T, entry: tick(T), turn: 1 }], game: { status: 'ended', endedAt: T }, rating: r, handled: { messageId: 'm1', at: T, reply: 2 } }));
      assert.ok(s.isUniqueViolation(refused));
      assert.equal(await s.rating('duel', 'discord:a'), null);
      assert.equal(await s.ratingOfGame('duel', g.id), null);
      assert.equal((await s.game(g.id))!.status, 'open');
      await s.commit({ gameId: g.id, entries: [{ at: T, entry: tick(T), turn: 1 }], game: { status: 'ended', endedAt: T }, rating: r, handled: { messageId: 'm2', at: T, reply: 2 } });
      assert.equal((await s.rating('duel', 'discord:a'))!.rating, 1032);
      assert.equal((await s.ratingOfGame('duel', g.id))!.aDelta, 32);
      // Retried, the end does not rate twice (and the rest of the batch still commits).
      await s.commit({ gameId: g.id, rating: r, handled: { messageId: 'm3', at: T, reply: 3 } });
      assert.equal((await s.rating('duel', 'discord:a'))!.games, 1);
      assert.deepEqual(await s.handled('m3'), 3);
    });

    it('ratings are atomic: two processes rating games of the same identity at once apply them one after the other; a game rated by both counts once', async (s, db) => {
      const p2 = await db.open();
      const games: RatedGame[] = [];
      for (let i = 0; i < 16; i++) games.push(await rated(s, 'discord:hub', `discord:o${i}`, i % 3 === 0 ? 0 : 1, { at: T + i }));
      // Every game rated by both processes at once: 32 transactions racing for the hub's standing.
      const outcomes = await Promise.all(games.flatMap((g, i) => (i % 2 ? [s.rateGame(g), p2.rateGame(g)] : [p2.rateGame(g), s.rateGame(g)])));
      assert.equal(outcomes.filter((o) => o !== null).length, games.length, 'each game rated exactly once');
      const hub = (await s.rating('duel', 'discord:hub'))!;
      assert.equal(hub.games, 16);
      assert.equal(hub.wins + hub.losses, 16);
      // In the order they were applied (result ids), each starts from the rating the previous one left.
      const rows = (await p2.ratingResults('duel', 'discord:hub')).sort((x, y) => x.id - y.id);
      assert.equal(rows.length, 16);
      let r = 1000;
      for (const row of rows) {
        assert.equal(row.aBefore, r, `game ${row.gameId} started from the rating the one before left (a lost update otherwise)`);
        r += row.aDelta;
      }
      assert.equal(hub.rating, r);
    });

    it('leases: taken by A, refused to B until it expires; then B takes the game over, and A can neither renew nor write', async (a, db) => {
      const b = await db.open();
      const g = await a.createGame(newGame('c1'));
      assert.deepEqual(await a.takeLease(g.id, 'A', { now: T, ttlMs: 1000 }), { gameId: g.id, holder: 'A', takenAt: T, expiresAt: T + 1000 });
      assert.equal(await b.takeLease(g.id, 'B', { now: T + 500, ttlMs: 1000 }), null);
      assert.equal((await b.lease(g.id))!.holder, 'A');
      assert.equal(await a.renewLease(g.id, 'A', { now: T + 900, ttlMs: 1000 }), true);
      assert.equal(await b.takeLease(g.id, 'B', { now: T + 1500, ttlMs: 1000 }), null, 'renewed: still A\'s');
      assert.deepEqual(await a.takeLease(g.id, 'A', { now: T + 1600, ttlMs: 1000 }), { gameId: g.id, holder: 'A', takenAt: T, expiresAt: T + 2600 }, 'taking one\'s own lease again renews it');
      assert.deepEqual(await a.commit({ gameId: g.id, lease: 'A', entries: [{ at: T, entry: tick(T), turn: 1 }] }), [1]);
      // A stops renewing (it died, or stalled): at expiry B takes the game over.
      assert.deepEqual(await b.takeLease(g.id, 'B', { now: T + 2600, ttlMs: 1000 }), { gameId: g.id, holder: 'B', takenAt: T + 2600, expiresAt: T + 3600 });
      assert.equal(await a.renewLease(g.id, 'A', { now: T + 2700 }), false, 'A learns it lost the game');
      const lost = await rejection(a.commit({ gameId: g.id, lease: 'A', entries: [{ at: T + 1, entry: tick(T + 1), turn: 1 }], handled: { messageId: 'late', at: T, reply: 1 } }));
      assert.ok(lost instanceof LeaseLostError && lost.heldBy === 'B' && lost.gameId === g.id, String(lost));
      assert.equal(a.isUniqueViolation(lost), false);
      assert.deepEqual((await b.entries(g.id)).map((e) => e.seq), [1], 'nothing of A\'s late batch was written');
      assert.equal(await b.handled('late'), null);
      assert.deepEqual(await b.commit({ gameId: g.id, lease: 'B', entries: [{ at: T + 2, entry: tick(T + 2), turn: 1 }] }), [2]);
      assert.deepEqual((await b.leasesOf('B')).map((l) => l.gameId), [g.id]);
      assert.deepEqual(await a.leasesOf('A'), []);
      // B hands the game back (a graceful shutdown); A takes it again and writes after B's entries, not over them.
      assert.equal(await a.releaseLease(g.id, 'A'), false, 'not A\'s to release');
      assert.equal(await b.releaseLease(g.id, 'B'), true);
      assert.equal(await a.lease(g.id), null);
      assert.ok(await a.takeLease(g.id, 'A', { now: T + 2800 }));
      assert.deepEqual(await a.commit({ gameId: g.id, lease: 'A', entries: [{ at: T + 3, entry: tick(T + 3), turn: 1 }] }), [3]);
      // A batch naming a lease nobody holds is refused too.
      await a.releaseLease(g.id, 'A');
      assert.ok((await rejection(a.commit({ gameId: g.id, lease: 'A', entries: [{ at: T + 4, entry: tick(T + 4), turn: 1 }] }))) instanceof LeaseLostError);
    });

    it('leases renewed in one call: every game still the holder\'s is extended, one taken over is left out (and not given back)', async (a, db) => {
      const b = await db.open();
      const gs = [];
      for (let i = 0; i < 5; i++) gs.push(await a.createGame(newGame(`r${i}`)));
      for (const g of gs) assert.ok(await a.takeLease(g.id, 'A', { now: T, ttlMs: 1000 }));
      // B takes one over once A's lease ran out; another was released.
      assert.ok(await b.takeLease(gs[1]!.id, 'B', { now: T + 1000, ttlMs: 5000 }));
      assert.equal(await a.releaseLease(gs[2]!.id, 'A'), true);
      assert.deepEqual(await a.renewLeases([], 'A', { now: T + 1100 }), []);
      const ids = gs.map((g) => g.id);
      assert.deepEqual(await a.renewLeases(ids, 'A', { now: T + 1100, ttlMs: 1000 }), [ids[0], ids[3], ids[4]]);
      for (const i of [0, 3, 4]) assert.equal((await b.lease(ids[i]!))!.expiresAt, T + 2100, `game ${i} renewed`);
      assert.equal((await b.lease(ids[1]!))!.holder, 'B', 'B\'s lease untouched');
      assert.equal((await b.lease(ids[1]!))!.expiresAt, T + 6000);
      assert.equal(await b.lease(ids[2]!), null, 'a released game is not taken back by renewing');
      assert.deepEqual(await b.takeLease(ids[0]!, 'B', { now: T + 2000 }), null, 'renewed: still A\'s');
    });

    it('takeover candidates: no lease, an expired one, another holder\'s on this host — not another host\'s running lease, not one\'s own, not an ended game', async (a, db) => {
      const b = await db.open();
      const gs = [];
      for (let i = 0; i < 6; i++) gs.push(await a.createGame(newGame(`t${i}`)));
      const ids = gs.map((g) => g.id);
      // t0 has no lease; t1 is held on host far until T + 5000, t2 on far until T + 1000; t3 by another process on
      // host near (it may be dead: near's processes look at it); t4 ended; t5 is near:1:q's own (being created).
      assert.ok(await b.takeLease(ids[1]!, 'far:7:x', { now: T, ttlMs: 5000 }));
      assert.ok(await b.takeLease(ids[2]!, 'far:8:y', { now: T, ttlMs: 1000 }));
      assert.ok(await b.takeLease(ids[3]!, 'near:9:z', { now: T, ttlMs: 5000 }));
      await a.commit({ gameId: ids[4]!, game: { status: 'ended', endedAt: T } });
      assert.ok(await a.takeLease(ids[5]!, 'near:1:q', { now: T, ttlMs: 5000 }));
      const cand = async (holder: string, now: number) => (await a.takeoverCandidates(holder, { now })).map((g) => g.id);
      // At T + 999 t2's lease still runs; at T + 1000 it has expired (a lease ends at its expiry, takeLease's rule).
      assert.deepEqual(await cand('near:1:q', T + 999), [ids[0], ids[3]]);
      assert.deepEqual(await cand('near:1:q', T + 1000), [ids[0], ids[2], ids[3]]);
      // Its own lease, once expired, is a candidate like any other.
      assert.deepEqual(await cand('near:1:q', T + 5000), [ids[0], ids[1], ids[2], ids[3], ids[5]]);
      // Seen from host far: its other process's leases and near's expired ones only; a host that is a prefix of
      // another's name ("ne") is another host.
      assert.deepEqual(await cand('far:7:x', T + 500), [ids[0], ids[2]]);
      assert.deepEqual(await cand('ne:2:w', T + 500), [ids[0]]);
      // A candidate can be taken now unless its holder is alive (t3: near's process decides; t2: expired).
      assert.ok(await a.takeLease(ids[2]!, 'near:1:q', { now: T + 1000 }));
      assert.equal(await a.takeLease(ids[1]!, 'near:1:q', { now: T + 1000 }), null);
    });

    it('leases on the real clock: a lease not renewed runs out after its timeout; release of every lease at shutdown', async (a, db) => {
      const b = await db.open();
      const [g1, g2] = [await a.createGame(newGame('c1')), await a.createGame(newGame('c2'))];
      a.leaseMs = 1000;
      const l = (await a.takeLease(g1.id, 'A'))!;
      assert.ok(l.expiresAt - l.takenAt === 1000 && Math.abs(l.takenAt - Date.now()) < 5_000, 'now and the store\'s timeout by default');
      assert.ok(await a.takeLease(g2.id, 'A'));
      assert.equal(await b.takeLease(g1.id, 'B'), null);
      await new Promise((r) => setTimeout(r, Math.max(0, l.expiresAt - Date.now()) + 50));
      assert.equal((await b.takeLease(g1.id, 'B'))?.holder, 'B', 'expired: B may take it');
      assert.equal(await a.releaseLeases('A'), 1, 'only g2 was still A\'s');
      assert.equal(await a.lease(g2.id), null);
      assert.equal((await a.lease(g1.id))!.holder, 'B');
    });

    /** Runs tests/store/child.ts on this database; it must die by SIGKILL. */
    const crash = (db: Db, mode: string, gameId: number, fault?: string) => {
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'tests/store/child.ts', db.url, db.schema ?? '-', mode, String(gameId)], {
        encoding: 'utf8', env: { ...process.env, NEUWAR_FAULT: fault ?? '' },
      });
      assert.equal(r.signal, 'SIGKILL', `the child was killed (status ${r.status}: ${r.stdout}${r.stderr})`);
      return r.stdout;
    };

    it('a process killed inside a commit leaves none of the batch: a crash is a rollback', async (s, db) => {
      const g = await s.createGame(newGame('c1'));
      await s.commit({ gameId: g.id, entries: [{ at: 0, entry: tick(0), turn: 1 }], timers: [{ kind: 'deadline', at: 5, turn: 1 }] });
      crash(db, 'commit', g.id, 'mid-commit:1');
      const after = await db.open();
      assert.deepEqual((await after.entries(g.id)).map((e) => e.seq), [1], 'the log insert before the kill is gone');
      assert.equal(await after.handled('crash'), null);
      assert.deepEqual(await after.timers(g.id), [{ kind: 'deadline', at: 5, turn: 1 }]);
      // The same message again is not a duplicate: it was never handled.
      assert.deepEqual(await after.commit({ gameId: g.id, entries: [{ at: 1, entry: tick(1), messageId: 'crash', turn: 1 }], handled: { messageId: 'crash', at: 1, reply: 1 } }), [2]);
    });

    it('a process killed between the two standings of a rating leaves neither, nor the result row', async (s, db) => {
      const g = await s.createGame(newGame('c1', { kind: 'duel' }));
      crash(db, 'rate', g.id, 'mid-rating:1');
      const after = await db.open();
      assert.equal(await after.rating('duel', 'discord:a'), null);
      assert.equal(await after.rating('duel', 'discord:b'), null);
      assert.equal(await after.ratingOfGame('duel', g.id), null);
    });

    it('a process that dies holding a lease loses it after the timeout, and another takes the game over', async (s, db) => {
      const g = await s.createGame(newGame('c1'));
      assert.match(crash(db, 'lease', g.id), /taken/);
      const held = (await s.lease(g.id))!;
      assert.equal(held.holder, 'child');
      if (Date.now() < held.expiresAt - 100) assert.equal(await s.takeLease(g.id, 'B'), null, 'the dead holder\'s lease still runs');
      await new Promise((r) => setTimeout(r, Math.max(0, held.expiresAt - Date.now()) + 50));
      assert.equal((await s.takeLease(g.id, 'B'))?.holder, 'B');
      assert.deepEqual(await s.commit({ gameId: g.id, lease: 'B', entries: [{ at: 1, entry: tick(1), turn: 1 }] }), [1]);
    });

    it('leases: two processes taking a free game at the same instant, exactly one gets it', async (a, db) => {
      const b = await db.open();
      for (let i = 0; i < 8; i++) {
        const g = await a.createGame(newGame(`c${i}`));
        const [x, y] = await Promise.all(i % 2 ? [a.takeLease(g.id, 'A', { now: T }), b.takeLease(g.id, 'B', { now: T })] : [b.takeLease(g.id, 'B', { now: T }), a.takeLease(g.id, 'A', { now: T })]);
        assert.equal([x, y].filter((l) => l !== null).length, 1, `game ${g.id}: ${JSON.stringify([x, y])}`);
        const winner = (x ?? y)!.holder;
        assert.equal((await a.lease(g.id))!.holder, winner);
      }
    });
  });
}
