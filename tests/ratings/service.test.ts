/**
 * Ratings through the live service (duel.md D9.6): a game's end that its rules call rated writes both ratings and
 * the result row in the transaction that stores the end; an unrated game changes nothing; a fault between the two
 * ratings' writes (the process killed inside the transaction) leaves neither, nor the end itself.
 * Count to 21 (the platform's test game) stands in for a rated game, with a `rated` hook added here.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GameService, type Entry, type GameModule } from '../../src/platform/session/index.ts';
import { Store } from '../../src/platform/store/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { count21, type Count21 } from '../games/count21/module.ts';
import { rated21 } from '../games/count21/rated.ts';
import { FakeChat, T0, alice, bob, carol, judy } from '../helpers/live.ts';

const scopeOf = (ch: string) => (ch.startsWith('g1-') ? 'discord:g1' : null);

async function play(mod: GameModule<Count21>, channel: string, store = new Store(':memory:')) {
  const chat = new FakeChat();
  const svc = new GameService({ store, clock: new VirtualClock(T0), chat, games: [mod as GameModule<unknown>], renderer: null, logError: () => undefined, ratingScope: scopeOf });
  await svc.startUp();
  assert.equal((await svc.createGame(channel, judy, { game: 'count21' })).ok, true);
  assert.equal((await svc.join(channel, alice, 'A')).ok, true);
  assert.equal((await svc.join(channel, bob, 'B')).ok, true);
  assert.equal((await svc.start(channel, judy)).ok, true);
  let n = 0;
  // 3 each, A first: the 7th count (A's 4th) brings the total to 21, and A loses.
  for (let i = 0; i < 7; i++) {
    const who = i % 2 === 0 ? alice : bob;
    const r = await svc.handleMessage({ channelId: channel, userId: who.id, userName: who.name, text: '【数】3', messageId: `${channel}-${++n}` });
    assert.equal(r.ok, true, r.text);
  }
  assert.equal((await svc.gameOf(channel))?.status, 'ended');
  svc.close();
  return store;
}

test('D9.6 a rated end writes both ratings and the result row with the end (identities by channel, the server\'s scope)', async () => {
  const store = await play(rated21, 'g1-room');
  const gameId = store.games()[0]!.id;
  const row = store.ratingOfGame('count21', gameId)!;
  assert.deepEqual([row.a, row.b, row.result, row.how, row.scope, row.aDelta, row.bDelta], ['discord:u-alice', 'discord:u-bob', 'b', 'count', 'discord:g1', -32, 32]);
  assert.equal(store.rating('count21', 'discord:u-alice')!.rating, 968);
  assert.equal(store.rating('count21', 'discord:u-bob')!.rating, 1032);
  // The result row went in with the entry that ended the game.
  const last = store.entries(gameId).at(-1)!;
  assert.equal(row.at, last.at);
  // A local game: local:<name> identities, the local board.
  const local = await play(rated21, 'local-room');
  const lrow = local.ratingOfGame('count21', local.games()[0]!.id)!;
  assert.deepEqual([lrow.a, lrow.b, lrow.scope], ['local:Alice', 'local:Bob', 'local']);
});

test('D9 an unrated game changes no rating (a game whose rules rate nothing)', async () => {
  const store = await play(count21, 'g1-plain');
  assert.equal((store.db.prepare('SELECT COUNT(*) n FROM ratings').get() as { n: number }).n, 0);
  assert.equal((store.db.prepare('SELECT COUNT(*) n FROM rating_results').get() as { n: number }).n, 0);
});

test('D9.6 atomic: killed between the two ratings\' writes, the store holds neither rating, no result row and not the end', () => {
  const dir = mkdtempSync(join(tmpdir(), 'neuwar-rating-'));
  try {
    const run = (db: string, fault: string) => spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'fault-child.ts')], { env: { ...process.env, DATABASE_PATH: db, NEUWAR_FAULT: fault }, encoding: 'utf8' });
    const killed = run(join(dir, 'killed.db'), 'mid-rating:1');
    assert.equal(killed.signal, 'SIGKILL', killed.stderr);
    const s = new Store(join(dir, 'killed.db'));
    try {
      assert.equal(s.rating('duel', 'discord:a'), null);
      assert.equal(s.rating('duel', 'discord:b'), null);
      assert.equal((s.db.prepare('SELECT COUNT(*) n FROM rating_results').get() as { n: number }).n, 0);
      assert.equal(s.entries(s.games()[0]!.id).length, 0, 'the ending entry went with them');
      assert.equal(s.games()[0]!.status, 'open');
    } finally {
      s.close();
    }
    // The same run without the fault writes everything.
    const ok = run(join(dir, 'ok.db'), '');
    assert.equal(ok.status, 0, ok.stderr);
    const t = new Store(join(dir, 'ok.db'));
    try {
      // Both provisional, A resigned: 64 × (0 − 0.5) = −32 / +32.
      assert.deepEqual([t.rating('duel', 'discord:a')!.rating, t.rating('duel', 'discord:b')!.rating], [968, 1032]);
      assert.equal(t.ratingOfGame('duel', t.games()[0]!.id)!.how, 'resign');
      assert.equal(t.games()[0]!.status, 'ended');
    } finally {
      t.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('D9.6 the service answers boards and cards: /leaderboard (server, global, local), /rating with its chart, and a game\'s 【排行】/【等级分】', async () => {
  const store = await play(rated21, 'g1-one');
  await play(rated21, 'other-two', store);
  await play(rated21, 'local-three', store);
  const svc = new GameService({ store, clock: new VirtualClock(T0 + 1e6), chat: new FakeChat(), games: [rated21 as GameModule<unknown>], renderer: null, logError: () => undefined, ratingScope: scopeOf });
  await svc.startUp();
  // Bob won twice on Discord (in server g1, then in a channel of no known server), both provisional (K 64): 1000 → 1032;
  // then E = 1/(1 + 10^(−64/400)) = 0.5911, 64 × 0.4089 = 26.17 → +26 → 1058 (Alice 968 → 942).
  const server = (await svc.leaderboard('count21', 'g1-x', carol, 'server'));
  assert.ok(server.ok);
  assert.deepEqual(server.value.board.top.map((l) => l.id), ['discord:u-bob', 'discord:u-alice']);
  assert.equal(server.value.board.own, null, 'Carol has no rated game');
  assert.match(server.text, /^🏆 排行榜（本服务器）\n1\. Bob 1058\? · 2局 · 2胜0平0负\n2\. Alice 942\? · 2局 · 0胜0平2负/);
  const global = (await svc.leaderboard('count21', 'g1-x', alice, 'global', 'en'));
  assert.ok(global.ok);
  assert.equal(global.value.board.total, 4, 'two Discord and two local identities');
  assert.equal(global.value.board.own?.id, 'discord:u-alice');
  const local = (await svc.leaderboard('count21', 'local-x', { id: 'web-1', name: 'Bob' }, 'server'));
  assert.ok(local.ok);
  assert.deepEqual(local.value.board.top.map((l) => l.id), ['local:Bob', 'local:Alice']);
  assert.equal(local.value.board.own?.id, 'local:Bob');
  const card = (await svc.ratingCard('count21', 'g1-x', bob, 'en'));
  assert.ok(card.ok);
  assert.match(card.text, /^Bob: rating 1058\? · rank 1 of 4 · 2 games 2-0-0\nLast 2:\n· #\d+ W vs Alice \(count\) \+26 → 1058\n· #\d+ W vs Alice \(count\) \+32 → 1032$/);
  assert.deepEqual(card.value.history.map((p) => p.rating), [1000, 1032, 1058]);
  const png = await svc.ratingChart('count21', 'g1-x', bob);
  assert.ok(png.ok && png.value.subarray(1, 4).toString() === 'PNG');
  // In a game: the query is the game's (logged), the answer the platform's, to the speaker alone.
  assert.equal((await svc.createGame('g1-live', judy, { game: 'count21' })).ok, true);
  assert.equal((await svc.join('g1-live', alice, 'A')).ok, true);
  assert.equal((await svc.join('g1-live', bob, 'B')).ok, true);
  assert.equal((await svc.start('g1-live', judy)).ok, true);
  const b = await svc.handleMessage({ channelId: 'g1-live', userId: alice.id, userName: alice.name, text: '【排行】', messageId: 'q1' });
  assert.equal(b.private, true);
  assert.match(b.text, /^🏆 排行榜（本服务器）\n1\. Bob 1058\?/);
  const c = await svc.handleMessage({ channelId: 'g1-live', userId: alice.id, userName: alice.name, text: '【等级分】', messageId: 'q2' });
  assert.match(c.text, /^Alice：等级分 942\? · 第4名（共4人）/);
  assert.equal(store.entries(store.liveGameIn('g1-live')!.id).filter((e) => (e.entry as Entry).type === 'query').length, 2);
  svc.close();
});
