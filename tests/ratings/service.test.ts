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
import { GameService, type GameModule, type Rules } from '../../src/platform/session/index.ts';
import { Store } from '../../src/platform/store/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import type { RatedOutcome } from '../../src/platform/ratings/index.ts';
import { count21, type Count21 } from '../games/count21/module.ts';
import { FakeChat, T0, alice, bob, judy } from '../helpers/live.ts';

/** Count to 21, rated: whoever reaches 21 loses (score 0), the other wins. */
const rated21: GameModule<Count21> = {
  ...count21,
  open(resource: string, root: string): Rules<Count21> {
    const rules = count21.open(resource, root);
    const rated = (g: Count21): RatedOutcome | null => (g.loser === null ? null : { how: 'count', seats: g.seats.map((seat) => ({ seat, score: seat === g.loser ? 0 : 1, bot: null })) });
    return Object.assign(rules, { rated });
  },
};

async function play(mod: GameModule<Count21>, channel: string, store = new Store(':memory:')) {
  const chat = new FakeChat();
  const svc = new GameService({ store, clock: new VirtualClock(T0), chat, games: [mod as GameModule<unknown>], renderer: null, logError: () => undefined, ratingScope: (ch) => (ch.startsWith('g1-') ? 'discord:g1' : null) });
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
  assert.equal(svc.gameOf(channel)?.status, 'ended');
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
