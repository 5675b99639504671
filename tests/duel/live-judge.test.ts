/**
 * Europe Duel's judge and clock through the unchanged platform: D2.7 【暂停】/【继续】 (the platform's timers follow the
 * game's phase), D10.1 NOT_JUDGE for a player, the platform's /end as D7.6's 【结束】, and a restart after an outage
 * that gives the open turn a fresh full deadline from the restart (logged, so the game rebuilds the same).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GameService } from '../../src/platform/session/index.ts';
import { Store } from '../../src/platform/store/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { neuwar } from '../../src/games/neuwar/module.ts';
import { duel } from '../../src/games/duel/module.ts';
import type { DuelState } from '../../src/games/duel/engine.ts';
import { FakeChat, T0, TINY, alice, bob, judy } from '../helpers/live.ts';

let n = 0;
const say = (svc: GameService, user: { id: string; name: string }, text: string) => svc.handleMessage({ channelId: 'j1', userId: user.id, userName: user.name, text, messageId: `duel-judge-${++n}` });

async function started(store = new Store(':memory:'), clock = new VirtualClock(T0)) {
  const chat = new FakeChat();
  const svc = new GameService({ store, clock, chat, games: [neuwar, duel], renderer: null, logError: () => undefined });
  await svc.startUp();
  assert.equal((await svc.createGame('j1', judy, { game: 'duel', map: TINY })).ok, true);
  await svc.join('j1', alice, '红方');
  await svc.join('j1', bob, '蓝方');
  assert.equal((await svc.start('j1', judy)).ok, true);
  return { svc, chat, store, clock, state: async () => (await svc.stateOf('j1')) as DuelState };
}

test('D2.7 through the platform: the judge pauses (the deadline does not fire), resumes (the deadline moves by the pause); a player\'s 【暂停】 is NOT_JUDGE', async () => {
  const { svc, clock, state } = await started();
  assert.equal((await say(svc, alice, '【暂停】')).code, 'NOT_JUDGE');
  const p = await say(svc, judy, '【暂停】');
  assert.equal(p.ok, true, p.text);
  assert.equal((await state()).pausedAt, T0);
  await clock.advance(120_000);
  assert.equal((await state()).turn, 1, 'paused: the 30 s deadline did not resolve the turn');
  const r = await say(svc, judy, '【继续】');
  assert.equal(r.ok, true, r.text);
  assert.deepEqual([(await state()).pausedAt, (await state()).deadlineAt], [null, T0 + 30_000 + 120_000]);
  await clock.advance(29_999);
  assert.equal((await state()).turn, 1);
  await clock.advance(1);
  assert.equal((await state()).turn, 2, 'the moved deadline resolves it');
  svc.close();
});

test('D7.6 the platform\'s /end is the judge\'s 【结束】: D7.3\'s comparison on the current scores (3 : 3 → a draw, how "judge")', async () => {
  const { svc, state } = await started();
  const r = await svc.end('j1', judy);
  assert.equal(r.ok, true, r.text);
  assert.deepEqual((await state()).outcome, { winner: [], how: 'judge' });
  svc.close();
});

test('D2.7 a restart after an outage gives the open turn a fresh full deadline from the restart; the log rebuilds the same game', async () => {
  const { svc, store, clock, state } = await started();
  const opened = (await state()).openedAt;
  svc.close();
  // Down for 100 s, over the turn's 30 s deadline: downtime never resolves a turn.
  const later = new VirtualClock(clock.now() + 100_000);
  const again = new GameService({ store, clock: later, chat: new FakeChat(), games: [neuwar, duel], renderer: null, logError: () => undefined });
  await again.startUp();
  const s = (await again.stateOf('j1')) as DuelState;
  assert.deepEqual([s.turn, s.openedAt, s.deadlineAt], [1, opened, later.now() + 30_000]);
  const before = JSON.stringify(s);
  again.close();
  const third = new GameService({ store, clock: new VirtualClock(later.now()), chat: new FakeChat(), games: [neuwar, duel], renderer: null, logError: () => undefined });
  await third.startUp();
  assert.equal(JSON.stringify((await third.stateOf('j1'))), before, 'the fresh deadline is an entry of the log (D1.8)');
  third.close();
});
