/** The turn clock with the virtual clock: deadline, grace, reminders, pause, extend, restart after a missed deadline. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { VirtualClock, defaultLiveSettings } from '../../src/platform/clock/index.ts';
import { restartShift } from '../../src/games/neuwar/live/schedule.ts';
import { stateJson, type GameEvent } from '../../src/games/neuwar/engine/index.ts';
import { GameService } from '../../src/games/index.ts';
import { rebuildGame } from '../../src/games/neuwar/rebuild.ts';
import { FakeChat, liveSetup, twoPlayerGame, say, alice, bob, judy, T0, tinyMap, fakeRenderer } from '../helpers/live.ts';

const S = 1000;
const lateOf = (evs: GameEvent[]) => evs.filter((e) => e.type === 'score' && e.reason === 'late').map((e) => (e as { country: string }).country).sort();

test('virtual clock fires timers in time order, including ones set while firing', async () => {
  const c = new VirtualClock(0);
  const fired: string[] = [];
  c.at(30, () => fired.push('b'));
  c.at(10, () => { fired.push('a'); c.at(20, () => fired.push('a2')); });
  const stop = c.every(25, () => fired.push('tick'));
  await c.advance(50);
  assert.deepEqual(fired, ['a', 'a2', 'tick', 'b', 'tick']);
  assert.equal(c.now(), 50);
  stop();
  const id = c.at(60, () => fired.push('never'));
  c.cancel(id);
  await c.advance(100);
  assert.equal(fired.includes('never'), false);
});

test('deadline then grace: the turn resolves exactly at the hard close, and the uncommitted pay lateness', async () => {
  const l = await liveSetup();
  await twoPlayerGame(l);
  await say(l, 'ch1', alice, '【完成】');
  await l.clock.advance(300 * S);
  assert.equal((await l.svc.stateOf('ch1'))!.turn, 1, 'the deadline alone resolves nothing (grace)');
  await l.clock.advance(359 * S);
  assert.equal((await l.svc.stateOf('ch1'))!.turn, 1, '1 s before the hard close');
  await l.clock.advance(1 * S);
  const s = (await l.svc.stateOf('ch1'))!;
  assert.equal(s.turn, 2, 'resolved at deadline + grace');
  assert.deepEqual(lateOf(s.lastEvents), ['B'], 'only Bob (not committed) pays R3.3 lateness');
  assert.equal(s.clock.openedAt, T0 + 660 * S);
  assert.equal(s.clock.deadlineAt, T0 + 960 * S);
  const post = l.chat.posts('ch1').find((p) => p.includes('第1回合结算'))!;
  assert.match(post, /乙国 -10分（超时罚分）/);
  assert.doesNotMatch(post, /甲国 -10分（超时罚分）/);
  // The ticks are in the log like any entry.
  const [g] = l.store.games();
  const ticks = l.store.entries(g!.id).filter((e) => (e.entry as { type: string }).type === 'tick').map((e) => e.at - T0);
  assert.deepEqual(ticks, [300 * S, 660 * S]);
  assert.deepEqual(l.store.timers(g!.id).find((t) => t.kind === 'hardClose'), { kind: 'hardClose', at: T0 + 1320 * S, turn: 2 });
});

test('reminders name exactly the countries that have not committed', async () => {
  const l = await liveSetup();
  await twoPlayerGame(l, 'ch1', {}, { reminderOffsets: [120, 60] });
  await say(l, 'ch1', alice, '【完成】');
  await l.clock.advance(179 * S);
  assert.equal(l.chat.posts('ch1').filter((p) => p.startsWith('⏰')).length, 0);
  await l.clock.advance(1 * S);
  let rem = l.chat.posts('ch1').filter((p) => p.startsWith('⏰'));
  assert.equal(rem.length, 1);
  assert.match(rem[0]!, /还有2分钟截止/);
  assert.match(rem[0]!, /尚未【完成】：乙国\n<@u-bob>$/, 'the countries named, and exactly their players mentioned');
  await say(l, 'ch1', alice, '【取消完成】');
  await l.clock.advance(60 * S);
  rem = l.chat.posts('ch1').filter((p) => p.startsWith('⏰'));
  assert.equal(rem.length, 2);
  assert.match(rem[1]!, /尚未【完成】：甲国、乙国\n<@u-alice> <@u-bob>$/);
});

test('a player who chose reminders by direct message also gets them privately; the others only in the channel', async () => {
  const l = await liveSetup();
  await twoPlayerGame(l, 'ch1', {}, { reminderOffsets: [60] });
  assert.equal((await l.svc.setReminderDm(bob, true)).ok, true);
  assert.equal((await l.svc.remindsByDm(bob.id)), true);
  assert.equal((await l.svc.remindsByDm(alice.id)), false);
  await l.clock.advance(240 * S);
  const posted = l.chat.posts('ch1').filter((p) => p.startsWith('⏰'));
  assert.equal(posted.length, 1);
  assert.match(posted[0]!, /<@u-alice>$/, 'Alice is mentioned in the channel; Bob, who chose DMs, is not');
  assert.doesNotMatch(posted[0]!, /u-bob/);
  const toBob = l.chat.privates(bob.id).filter((p) => p.msg.text.startsWith('⏰'));
  assert.equal(toBob.length, 1);
  assert.match(toBob[0]!.msg.text, /尚未【完成】：甲国、乙国/);
  assert.equal(l.chat.privates(alice.id).filter((p) => p.msg.text.startsWith('⏰')).length, 0, 'Alice keeps the channel mention');
  await l.svc.setReminderDm(bob, false);
  assert.equal((await l.svc.remindsByDm(bob.id)), false);
});

test('pause stops the clock; resume moves the deadline by the pause; extend adds to it', async () => {
  const l = await liveSetup();
  await twoPlayerGame(l);
  await l.clock.advance(100 * S);
  assert.equal((await say(l, 'ch1', judy, '【暂停】')).ok, true);
  await l.clock.advance(5000 * S);
  assert.equal((await l.svc.stateOf('ch1'))!.turn, 1, 'nothing resolves while paused');
  assert.match(l.chat.posts('ch1').join('\n'), /裁判暂停了游戏/);
  await l.clock.advance(900 * S); // resumed at 6000 s
  assert.equal((await say(l, 'ch1', judy, '【继续】')).ok, true);
  const s = (await l.svc.stateOf('ch1'))!;
  assert.equal(s.clock.deadlineAt, T0 + (300 + 5900) * S);
  assert.equal((await say(l, 'ch1', judy, '【延时】5分钟')).ok, true);
  assert.equal((await l.svc.stateOf('ch1'))!.clock.deadlineAt, T0 + (300 + 5900 + 300) * S);
  // Bob commits before the extended deadline: not late. Alice never commits: late at the hard close.
  await l.clock.advance(6400 * S - 6000 * S);
  await say(l, 'ch1', bob, '【完成】');
  await l.clock.advance((6500 + 360 - 6400) * S - 1);
  assert.equal((await l.svc.stateOf('ch1'))!.turn, 1);
  await l.clock.advance(1);
  const after = (await l.svc.stateOf('ch1'))!;
  assert.equal(after.turn, 2);
  assert.deepEqual(lateOf(after.lastEvents), ['A']);
});

test('restart after a missed deadline: moved to restart + window, announced, nobody pays lateness, replay exact', async () => {
  const first = await liveSetup();
  await twoPlayerGame(first);
  await say(first, 'ch1', alice, '【调兵】甲乡→中原 5');
  await first.clock.advance(100 * S); // the sweep's heartbeat says we were alive at 90 s
  first.svc.close();

  // Down from ~100 s to 2000 s: past the deadline (300 s) and the hard close (660 s).
  const clock = new VirtualClock(T0 + 2000 * S);
  const chat = new FakeChat();
  const svc = new GameService({ store: first.store, clock, chat, renderer: fakeRenderer(), logError: () => undefined });
  await svc.startUp();
  let s = (await svc.stateOf('ch1'))!;
  assert.equal(s.turn, 1, 'the outage resolved nothing');
  assert.equal(s.clock.deadlineAt, T0 + 2060 * S, 'deadline = restart + restartWindowSeconds (60)');
  assert.equal(s.clock.pausedAt, null);
  assert.match(chat.posts('ch1').join('\n'), /停机不算任何人超时/);
  const l2 = { ...first, svc, clock, chat };
  await clock.advance(30 * S);
  await say(l2, 'ch1', alice, '【完成】');
  await say(l2, 'ch1', bob, '【完成】');
  s = (await svc.stateOf('ch1'))!;
  assert.equal(s.turn, 2);
  assert.deepEqual(lateOf(s.lastEvents), [], 'no lateness for our outage');
  // The shift is logged as judge "clock" pause/resume entries, so the log alone rebuilds the same state.
  const [g] = first.store.games();
  const map = tinyMap();
  const fromLog = rebuildGame(first.store, g!.id, map, false).game!;
  assert.deepEqual(stateJson(fromLog.state, map), stateJson(s, map));
  const clockEntries = first.store.entries(g!.id).filter((e) => (e.entry as { speaker?: { name?: string } }).speaker?.name === 'clock');
  assert.deepEqual(clockEntries.map((e) => (e.entry as { command: { kind: string } }).command.kind), ['pause', 'resume']);
  svc.close();
});

test('restartShift: only a deadline or hard close that fell in the outage moves', () => {
  const live = defaultLiveSettings();
  const l = { clock: { openedAt: 0, deadlineAt: 300_000, extendedSeconds: 0, pausedAt: null }, status: 'running', settings: { graceSeconds: 360 } };
  const st = l as unknown as Parameters<typeof restartShift>[0];
  assert.equal(restartShift(st, 200_000, 100_000, live), null, 'deadline still ahead');
  assert.deepEqual(restartShift(st, 400_000, 250_000, live), { pauseAt: 240_000, newDeadline: 460_000 });
  // Alive past the deadline (a real lateness), back before the hard close is near: nothing moves.
  assert.equal(restartShift(st, 400_000, 350_000, live), null);
  // Alive past the deadline but the hard close fell in the outage: the hard close moves to restart + window.
  const r = restartShift(st, 700_000, 350_000, live)!;
  assert.equal(r.newDeadline + 360_000, 760_000);
});
