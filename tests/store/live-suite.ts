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
import { countingStore, type OpenedStore } from '../../src/platform/store/index.ts';
import { rated21 } from '../games/count21/rated.ts';
import { FakeChat, T0, TINY, alice, bob, carol, judy, tinyMap } from '../helpers/live.ts';
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

    // docs/scale.md: what a command costs in store calls (each a round trip on PostgreSQL), and that the memory
    // which saves them follows every change of what it remembers.
    it('the lease round renews every held lease in one store call, not one a game; a game taken over meanwhile is dropped', async (db) => {
      const { store: s, counts } = countingStore(await db.open());
      const clock = new VirtualClock(T0);
      const svc = service(s, clock, new FakeChat(), 'host-1:1:r');
      await svc.startUp();
      for (let i = 0; i < 50; i++) assert.ok((await svc.createGame(`idle-${i}`, judy, { map: TINY })).ok);
      const ids = (await s.leasesOf('host-1:1:r')).map((l) => l.gameId);
      assert.equal(ids.length, 50);
      // Another process takes one game over once its lease ran out (as if this one had stalled past it).
      const other = await db.open();
      assert.ok(await other.takeLease(ids[7]!, 'host-2:1:r', { now: T0 + s.leaseMs + 1 }));
      await clock.advance(s.leaseMs / 3);
      counts.reset();
      await (svc as unknown as { leaseTick(): Promise<void> }).leaseTick();
      assert.equal(counts.of('renewLease'), 0, `store calls of the round: ${JSON.stringify([...counts.calls])}`);
      assert.equal(counts.of('renewLeases'), 1);
      const after = await s.leasesOf('host-1:1:r');
      assert.equal(after.length, 49);
      assert.ok(after.every((l) => l.expiresAt === T0 + s.leaseMs / 3 + s.leaseMs), 'every lease renewed from now');
      const moved = await say(svc, 'idle-7', judy, '【帮助】', 'lost-1');
      assert.match(JSON.stringify(moved), /GAME_MOVED/, 'the game taken over is not written here');
      await svc.close();
    });

    it('issue 16: a new game is written with its lease in one transaction — another process\'s takeover round between the create and the first command cannot take it', async (db) => {
      const s1 = await db.open();
      const s2 = await db.open();
      const clock = new VirtualClock(T0);
      const other = service(s2, clock, new FakeChat(), 'host-2:1:race');
      await other.startUp();
      // The other process's takeover round runs right after the games row is written, before the creator goes on.
      const racing = new Proxy(s1, {
        get(target, prop, receiver) {
          const v = Reflect.get(target, prop, receiver) as unknown;
          if (prop !== 'createGame') return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
          return async (...args: unknown[]) => {
            const row = await (v as (...a: unknown[]) => Promise<unknown>).apply(target, args);
            await (other as unknown as { leaseTick(): Promise<void> }).leaseTick();
            return row;
          };
        },
        set(target, prop, value) { return Reflect.set(target, prop, value); },
      });
      const svc = service(racing, clock, new FakeChat(), 'host-1:1:race');
      await svc.startUp();
      const made = await svc.createGame('race', judy, { map: TINY });
      assert.equal(made.ok, true, made.text);
      const id = (await s1.liveGameIn('race'))!.id;
      assert.equal((await s1.lease(id))?.holder, 'host-1:1:race', 'the creator holds the new game');
      assert.deepEqual((await other.health()).games, [], 'the other process did not take it');
      await svc.close();
      await other.close();
    });

    it('the status panel of a held game reads no channel row: viewOf, rulesOf, pageOf, judgesOf and seatOf answer from memory', async (db) => {
      const { store: s, counts } = countingStore(await db.open());
      const svc = service(s, new VirtualClock(T0), new FakeChat(), 'host-1:1:e');
      await svc.startUp();
      await twoSeated(svc, 'ch3', { map: TINY });
      // On PostgreSQL, the statements sent (each a round trip): none for the panel, two for a command.
      const trips = () => (s.driver === 'postgres' ? (s as unknown as { roundTrips: number }).roundTrips : 0);
      const trips0 = trips();
      counts.reset();
      // What LocalServer.pushStatus asks for one channel with ten viewers.
      const view = await svc.viewOf('ch3', null);
      assert.equal((await svc.rulesOf('ch3'))?.resourceId, view?.info.mapId);
      assert.ok(await svc.pageOf('ch3'));
      assert.deepEqual(await svc.judgesOf('ch3'), [judy.id]);
      for (let i = 0; i < 10; i++) assert.equal(await svc.seatOf('ch3', i % 2 ? alice.id : bob.id), i % 2 ? 'A' : 'B');
      assert.equal(view?.info.status, 'running');
      assert.equal(counts.of('liveGameIn'), 0, `channel rows read: ${JSON.stringify([...counts.calls])}`);
      assert.equal(trips() - trips0, 0, 'the panel of a held game: no round trip (players are remembered under the lease)');
      // A command: one read of `handled` (under the game's lock), one commit, no channel row.
      counts.reset();
      assert.equal((await say(svc, 'ch3', alice, '【调兵】甲乡→中原 5', 'n-1')).ok, true);
      assert.equal(counts.of('handled'), 1);
      assert.equal(counts.of('liveGameIn'), 0);
      assert.equal(counts.of('commit'), 1);
      // The next one (the game's open request posts now remembered too): two round trips on PostgreSQL.
      const trips1 = trips();
      assert.equal((await say(svc, 'ch3', bob, '【调兵】乙乡→中原 2', 'n-2')).ok, true);
      if (s.driver === 'postgres') assert.equal(trips() - trips1, 2, 'a command: its handled read and one statement for the commit');
      // Its repeat is still a duplicate, answered the same.
      assert.equal((await say(svc, 'ch3', alice, '【调兵】甲乡→中原 5', 'n-1')).duplicate, true);
      await svc.close();
    });

    it('what liveIn remembers follows judges, seats, the end, a new game in the channel, and a lease that ran out', async (db) => {
      const s = await db.open();
      const clock = new VirtualClock(T0);
      const svc = service(s, clock, new FakeChat(), 'host-1:1:f');
      await svc.startUp();
      await twoSeated(svc, 'ch4', { map: TINY });
      const first = (await s.liveGameIn('ch4'))!.id;
      // Judges: granted and removed.
      assert.equal((await svc.addJudge('ch4', judy, carol.id)).ok, true);
      assert.deepEqual(await svc.judgesOf('ch4'), [judy.id, carol.id]);
      assert.equal((await svc.viewOf('ch4', carol.id))?.judge, true);
      assert.equal((await svc.removeJudge('ch4', judy, carol.id)).ok, true);
      assert.deepEqual(await svc.judgesOf('ch4'), [judy.id]);
      assert.equal((await svc.viewOf('ch4', carol.id))?.judge, false);
      // Seats: Bob's country goes to Carol.
      assert.equal((await svc.replacePlayer('ch4', judy, 'B', carol)).ok, true);
      assert.equal(await svc.seatOf('ch4', carol.id), 'B');
      assert.equal(await svc.seatOf('ch4', bob.id), null);
      // The end: the channel's game is the archived one; then a new game there is the channel's.
      assert.equal((await svc.end('ch4', judy)).ok, true);
      assert.equal((await svc.viewOf('ch4', null))?.info.status, 'ended');
      assert.equal((await say(svc, 'ch4', alice, '【完成】', 'o-1')).ok, false);
      assert.equal((await svc.createGame('ch4', judy, { map: TINY })).ok, true);
      const second = (await svc.viewOf('ch4', null))!.info;
      assert.notEqual(second.id, first);
      assert.equal(second.status, 'open');
      assert.equal((await svc.join('ch4', alice, 'A')).ok, true);
      assert.equal(await svc.seatOf('ch4', alice.id), 'A');
      assert.equal((await svc.join('ch4', bob, 'B')).ok, true);
      assert.equal((await svc.start('ch4', judy)).ok, true);
      assert.equal((await svc.viewOf('ch4', null))?.info.status, 'running');
      // A lease past its end by this process's clock is not trusted: the store is read again, and once another
      // process holds the game a command is refused as moved, not written.
      const { store: counted, counts } = countingStore(s);
      const svc2 = service(counted, clock, new FakeChat(), 'host-1:1:f');
      (svc2 as unknown as { games: unknown }).games = (svc as unknown as { games: unknown }).games;
      (svc2 as unknown as { leaseUntil: unknown }).leaseUntil = (svc as unknown as { leaseUntil: unknown }).leaseUntil;
      await svc2.viewOf('ch4', null);
      assert.equal(counts.of('liveGameIn'), 0, 'a fresh lease: from memory');
      await clock.advance(s.leaseMs + 1);
      await svc2.viewOf('ch4', null);
      assert.ok(counts.of('liveGameIn') > 0, 'a lease past its end: read again');
      const other = await db.open();
      assert.ok(await other.takeLease(second.id, 'host-2:2:g', { now: clock.now() }), 'another process takes the game over');
      const moved = await say(svc, 'ch4', alice, '【调兵】甲乡→中原 5', 'o-2');
      assert.equal(moved.code, 'GAME_MOVED', moved.text);
      assert.equal((await s.entries(second.id)).some((e) => e.messageId === 'o-2'), false, 'nothing written by the process that lost the lease');
      await svc.close();
    });

    it('a commit carries the timers only when they changed, and the stored timers stay those of the game', async (db) => {
      const { store: s, counts } = countingStore(await db.open(), true);
      const clock = new VirtualClock(T0);
      const svc = service(s, clock, new FakeChat(), 'host-1:1:h');
      await svc.startUp();
      await twoSeated(svc, 'ch5', { map: TINY });
      const id = (await s.liveGameIn('ch5'))!.id;
      const opening = await s.timers(id);
      assert.ok(opening.length > 0);
      counts.reset();
      assert.equal((await say(svc, 'ch5', alice, '【调兵】甲乡→中原 5', 'p-1')).ok, true);
      assert.equal((await say(svc, 'ch5', bob, '【调兵】乙乡→中原 3', 'p-2')).ok, true);
      assert.equal((await say(svc, 'ch5', alice, '【状态】', 'p-3')).ok, true);
      assert.deepEqual(counts.batches.map((b) => 'timers' in b), [false, false, false], 'orders and queries move no deadline');
      assert.deepEqual(await s.timers(id), opening);
      // Both done: the turn resolves and its deadlines move; the commit that moves them writes them.
      assert.equal((await say(svc, 'ch5', alice, '【完成】', 'p-4')).ok, true);
      assert.equal((await say(svc, 'ch5', bob, '【完成】', 'p-5')).ok, true);
      await svc.idle();
      assert.equal((await svc.stateOf('ch5'))!.turn, 2);
      const next = await s.timers(id);
      assert.ok(counts.batches.some((b) => b.timers !== undefined), 'the resolution wrote the new timers');
      assert.notDeepEqual(next, opening);
      assert.ok(next.every((t) => t.turn === 2), JSON.stringify(next));
      // A restarted process writes them on its first commit (it cannot know what is stored), then no more.
      await svc.close();
      counts.reset();
      const svc2 = service(s, clock, new FakeChat(), 'host-1:1:h2');
      await svc2.startUp();
      assert.equal((await say(svc2, 'ch5', alice, '【状态】', 'p-6')).ok, true);
      assert.equal((await say(svc2, 'ch5', bob, '【状态】', 'p-7')).ok, true);
      const cmds = counts.batches.filter((b) => b.handled?.messageId.startsWith('p-'));
      assert.deepEqual(cmds.map((b) => 'timers' in b), [true, false]);
      assert.deepEqual(await s.timers(id), next);
      await svc2.close();
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
