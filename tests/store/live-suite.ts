/**
 * The live service on each store (issue 16): the store suite (suite.ts) proves the store's own contract; this proves
 * that a whole game played through GameService comes out the same on SQLite and on PostgreSQL — a turn resolved by
 * the hard close, a message id applied once, the game rebuilt by another process (another connection) after a
 * restart, a rated end writing both ratings, a judge's end archiving the game and releasing its lease.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { stateJson } from '../../src/games/neuwar/engine/index.ts';
import { neuwar } from '../../src/games/neuwar/module.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { GameService } from '../../src/games/host.ts';
import type { GameModule, GameServiceOptions } from '../../src/platform/session/index.ts';
import type { OpenedStore } from '../../src/platform/store/index.ts';
import { rated21 } from '../games/count21/rated.ts';
import { FakeChat, T0, TINY, alice, bob, judy, tinyMap } from '../helpers/live.ts';
import type { Db, Harness } from './harness.ts';

type User = { id: string; name: string };

function service(store: OpenedStore, clock: VirtualClock, chat: FakeChat, holder: string, games: GameModule<unknown>[] = [neuwar as GameModule<unknown>], extra: Partial<GameServiceOptions> = {}): GameService {
  return new GameService({ store, clock, chat, games, renderer: null, holder, logError: () => undefined, ...extra });
}

/** Judy creates a game in `ch`, Alice takes A and Bob B, Judy starts it. */
async function twoSeated(svc: GameService, ch: string, create: Parameters<GameService['createGame']>[2]): Promise<void> {
  assert.ok((await svc.createGame(ch, judy, create)).ok);
  assert.ok((await svc.join(ch, alice, 'A')).ok);
  assert.ok((await svc.join(ch, bob, 'B')).ok);
  assert.ok((await svc.start(ch, judy)).ok);
}

const say = (svc: GameService, ch: string, u: User, text: string, messageId: string) =>
  svc.handleMessage({ channelId: ch, userId: u.id, userName: u.name, text, messageId });

export function liveSuite(h: Harness): void {
  const opts = h.skip ? { skip: 'TEST_DATABASE_URL not set' } : {};
  const it = (name: string, fn: (db: Db) => Promise<void>) =>
    test(name, opts, async () => {
      const db = await h.fresh();
      try { await fn(db); } finally { await db.cleanup(); }
    });

  describe(`live service on ${h.name}${h.skip ? ` — SKIPPED: ${h.skip}` : ''}`, () => {
    it('a turn plays, a repeated message id is applied once, and another process rebuilds the game exactly after a restart', async (db) => {
      const s1 = await db.open();
      const clock = new VirtualClock(T0);
      const chat = new FakeChat();
      const svc = service(s1, clock, chat, 'host-1:1:a');
      await svc.startUp();
      await twoSeated(svc, 'ch1', { map: TINY });
      const id = (await s1.liveGameIn('ch1'))!.id;

      const first = await say(svc, 'ch1', alice, '【宣战】甲国向乙国宣战；【调兵】甲乡→中原 5', 'm-1');
      assert.equal(first.ok, true, first.text);
      const logged = (await s1.entries(id)).length;
      // The same platform message id again (Discord redelivers): answered as before, nothing written.
      const again = await say(svc, 'ch1', alice, '【宣战】甲国向乙国宣战；【调兵】甲乡→中原 5', 'm-1');
      assert.equal(again.duplicate, true);
      assert.equal((await s1.entries(id)).length, logged, 'no entry written for the repeat');
      assert.equal((await say(svc, 'ch1', alice, '【完成】', 'm-2')).ok, true);
      await clock.advance(50_000);
      const before = stateJson((await svc.stateOf('ch1'))!, tinyMap(), { withOrders: true });
      await svc.close();

      // Another process on its own connection: the game comes back from the store alone.
      const s2 = await db.open();
      const clock2 = new VirtualClock(T0 + 60_000);
      const chat2 = new FakeChat();
      const svc2 = service(s2, clock2, chat2, 'host-2:1:b');
      await svc2.startUp();
      assert.deepEqual(stateJson((await svc2.stateOf('ch1'))!, tinyMap(), { withOrders: true }), before, 'rebuilt exactly');
      // The hard close (tiny map: 600 s + 60 s grace from T0) resolves the turn: Bob never finished, 10 points off.
      await clock2.advance(660_000 - 60_000 - 1);
      assert.equal((await svc2.stateOf('ch1'))!.turn, 1);
      await clock2.advance(1);
      // The timer's resolution commits through the store: on a server that takes a few round trips, so wait for it.
      for (let i = 0; i < 200 && (await svc2.stateOf('ch1'))!.turn === 1; i++) await new Promise((r) => setTimeout(r, 25));
      await svc2.idle();
      assert.equal((await svc2.stateOf('ch1'))!.turn, 2, 'the rescheduled hard close resolved the turn');
      for (let i = 0; i < 200 && !/乙国 -10分（超时罚分）/.test(chat2.posts('ch1').join('\n')); i++) await new Promise((r) => setTimeout(r, 25));
      assert.match(chat2.posts('ch1').join('\n'), /乙国 -10分（超时罚分）/);
      // Every entry is in the log once, in order, with no gap.
      const seqs = (await s2.entries(id)).map((e) => e.seq);
      assert.deepEqual(seqs, seqs.map((_, i) => seqs[0]! + i));
      await svc2.close();
    });

    it('D9.6 a rated end writes both ratings with the end: Alice reaches 21 and loses, 1000 → 968 and 1000 → 1032 (K = 32 × (1 − ½))', async (db) => {
      const s = await db.open();
      const svc = service(s, new VirtualClock(T0), new FakeChat(), 'host-1:1:c', [rated21 as GameModule<unknown>], { ratingScope: () => 'discord:g1' });
      await svc.startUp();
      await twoSeated(svc, 'g1-room', { game: 'count21' });
      // 3 each, A first: A's 4th count (the 7th) makes 21.
      for (let i = 0; i < 7; i++) assert.equal((await say(svc, 'g1-room', i % 2 === 0 ? alice : bob, '【数】3', `c-${i}`)).ok, true);
      assert.equal((await svc.gameOf('g1-room'))?.status, 'ended');
      // Expected score 0.5 each at equal ratings: the loser 32 × (0 − 0.5) = −16 … doubled while provisional (D9.3) → −32.
      assert.equal((await s.rating('count21', 'discord:u-alice'))?.rating, 968);
      assert.equal((await s.rating('count21', 'discord:u-bob'))?.rating, 1032);
      assert.deepEqual((await s.ratingBoard('count21', 'discord:g1')).map((r) => r.id), ['discord:u-bob', 'discord:u-alice']);
      await svc.close();
    });

    it('a judge\'s end archives the game (read-only after) and gives up its lease', async (db) => {
      const s = await db.open();
      const chat = new FakeChat();
      const svc = service(s, new VirtualClock(T0), chat, 'host-1:1:d');
      await svc.startUp();
      await twoSeated(svc, 'ch2', { map: TINY });
      const id = (await s.liveGameIn('ch2'))!.id;
      assert.deepEqual((await svc.health()).games.map((g) => g.id), [id]);
      assert.equal((await svc.end('ch2', judy)).ok, true);
      assert.equal((await s.game(id))?.status, 'ended');
      assert.equal((await s.liveGameIn('ch2')), null);
      assert.deepEqual((await svc.health()).games, [], 'no longer held');
      const late = await say(svc, 'ch2', alice, '【完成】', 'late-1');
      assert.equal(late.ok, false);
      assert.match(late.text, /已经结束并存档/);
      await svc.close();
    });
  });
}
