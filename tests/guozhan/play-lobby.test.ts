/**
 * Issue 20: 国战 played in a channel through the live platform — the lobby (/game new game:guozhan with its settings,
 * join and leave, the judge's 【机器人】), public short lines per action, private hands (【手牌】 and the status
 * message's [我的手牌]), timed prompts (who and until when; a timeout's default announced), the autopilot after
 * `autopilotAfter` missed asks and the player taking the seat back, and computer players that play a table on.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GameService } from '../../src/platform/session/index.ts';
import { Store } from '../../src/platform/store/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { neuwar } from '../../src/games/neuwar/module.ts';
import { guozhan, HAND_BUTTON } from '../../src/games/guozhan/module.ts';
import { cardText } from '../../src/games/guozhan/cards.ts';
import { GENERALS } from '../../src/games/guozhan/generals.ts';
import type { State } from '../../src/games/guozhan/types.ts';
import { FakeChat, T0, alice, bob, carol, judy, sam } from '../helpers/live.ts';
import { namesGeneral } from './names.ts';

let n = 0;
const say = (svc: GameService, user: { id: string; name: string }, text: string, ch = 'gz') =>
  svc.handleMessage({ channelId: ch, userId: user.id, userName: user.name, text, messageId: `gzl-${++n}` });

async function service() {
  const clock = new VirtualClock(T0);
  const chat = new FakeChat();
  const svc = new GameService({ store: new Store(':memory:'), clock, chat, games: [neuwar, guozhan], renderer: null, logError: () => undefined });
  await svc.startUp();
  return { svc, chat, clock };
}

test('issue 20 lobby: settings checked in Chinese, join/leave, the judge seats bots with 【机器人】, only a judge may', async () => {
  const { svc } = await service();
  const bad = await svc.createGame('gz', judy, { game: 'guozhan', settings: { players: 12 } });
  assert.equal(bad.ok, false);
  assert.match(bad.text, /players.*3–10.*12/);
  const bad2 = await svc.createGame('gz', judy, { game: 'guozhan', settings: { autopilotAfter: 0 } });
  assert.equal(bad2.ok, false);
  assert.match(bad2.text, /autopilotAfter.*1–50/);
  const made = await svc.createGame('gz', judy, { game: 'guozhan', settings: { players: 4, 'timeout.play': 60, language: 'zh' } });
  assert.equal(made.ok, true, made.text);
  assert.equal((await svc.join('gz', alice, '甲')).ok, true);
  assert.equal((await svc.join('gz', bob, '乙')).ok, true);
  assert.equal((await svc.leave('gz', bob)).ok, true);
  assert.equal((await svc.join('gz', bob, '戊')).ok, false, 'players=4 offers 甲–丁 only');
  const no = await say(svc, alice, '【机器人】丙');
  assert.equal(no.ok, false);
  assert.equal(no.code, 'NOT_JUDGE');
  const typo = await say(svc, judy, '【机器人】');
  assert.equal(typo.code, 'BAD_SYNTAX');
  assert.match(typo.text, /【机器人】乙 丙/);
  const yes = await say(svc, judy, '【机器人】乙 丙');
  assert.equal(yes.ok, true, yes.text);
  assert.equal((await svc.join('gz', carol, '丁')).ok, true);
  assert.equal((await svc.start('gz', judy)).ok, true);
  const s = (await svc.stateOf('gz')) as State;
  assert.equal(s.settings.timeouts.play, 60);
  svc.close();
});

test('issue 20 play: public lines, private hands, the deadline shown, timeouts announced, the autopilot and its return', async () => {
  const { svc, chat, clock } = await service();
  await svc.createGame('gz', judy, { game: 'guozhan', settings: { players: 3 } });
  for (const [u, seat] of [[alice, '甲'], [bob, '乙'], [carol, '丙']] as const) await svc.join('gz', u, seat);
  await svc.start('gz', judy);
  let s = (await svc.stateOf('gz')) as State;
  // The pick prompt says who and until when (a timestamp every reader sees in their own time).
  const deadline = Math.floor(s.ask!.deadline / 1000);
  assert.ok(chat.log.some((p) => p.msg.text.includes(`截止 <t:${deadline}:T>`)), 'the prompt shows its deadline');
  // Each picks privately: the choice never reaches the channel.
  const a = s.players.find((p) => p.name === '甲')!;
  const pair = (() => { for (const x of a.dealt) for (const y of a.dealt) if (x !== y && GENERALS[x]!.kingdom === GENERALS[y]!.kingdom) return [x, y]; return null; })()!;
  chat.clear();
  const pick = await say(svc, alice, `【选择】${GENERALS[pair[0]]!.zh}+${GENERALS[pair[1]]!.zh}`);
  assert.equal(pick.ok, true, pick.text);
  assert.equal(pick.private, true);
  assert.ok(!namesGeneral(chat.posts('gz').join('\n'), pair[0]), 'a pick is private (X1.1)');
  // 【手牌】 and the status message's [我的手牌]: the speaker's own cards and generals, to it alone.
  const mine = await say(svc, alice, '【手牌】');
  assert.equal(mine.private, true);
  s = (await svc.stateOf('gz')) as State;
  for (const id of s.players.find((p) => p.name === '甲')!.hand) assert.ok(mine.text.includes(cardText(id)));
  assert.ok(mine.text.includes(GENERALS[pair[0]]!.zh));
  chat.clear();
  const press = await svc.handleButton({ channelId: 'gz', userId: bob.id, userName: bob.name, buttonId: HAND_BUTTON, interactionId: 'i1' });
  assert.equal(press.ok, true, press.text);
  const bobHand = s.players.find((p) => p.name === '乙')!.hand;
  assert.ok(bobHand.every((id) => press.text.includes(cardText(id))));
  assert.ok(chat.posts('gz').every((t) => !bobHand.some((id) => t.includes(id))), 'nothing of it in the channel');
  const watcher = await svc.handleButton({ channelId: 'gz', userId: sam.id, userName: sam.name, buttonId: HAND_BUTTON, interactionId: 'i2' });
  assert.equal(watcher.ok, false);
  assert.match(watcher.text, /没有座位.*【桌面】/);

  // The pick times out for 乙 and 丙: the default is announced, and turn 1 opens.
  chat.clear();
  await clock.advance(90_000);
  const posted = chat.posts('gz').join('\n');
  assert.match(posted, /⏰ (乙、丙|丙、乙)超时：按发牌顺序取第一对同势力武将/);
  assert.match(posted, /第1回合/);
  s = (await svc.stateOf('gz')) as State;
  assert.equal(s.status, 'running');

  // Whoever acts first misses its asks: after two in a row the autopilot plays that seat, and says so.
  const first = s.players[s.turn.seat]!.name;
  const user = { 甲: alice, 乙: bob, 丙: carol }[first as '甲' | '乙' | '丙'];
  chat.clear();
  for (let k = 0; k < 4 && !chat.posts('gz').join('\n').includes(`${first}连续2次超时`); k++) {
    const st = (await svc.stateOf('gz')) as State;
    await clock.advance(Math.max(1, st.ask!.deadline - clock.now()));
  }
  assert.match(chat.posts('gz').join('\n'), new RegExp(`🤖 ${first}连续2次超时，由机器人代打`));
  // It speaks in the channel as the seat's computer player.
  await svc.idle();
  const status = await svc.gameOf('gz');
  assert.ok(status);
  // The player comes back: anything they say takes the seat back (the autopilot answers their prompts at once, so
  // the first sign of them is any line — here a query).
  chat.clear();
  const r = await say(svc, user, '【状态】');
  assert.equal(r.ok, true, r.text);
  assert.match(chat.posts('gz').join('\n'), new RegExp(`🙋 ${first}回来了，机器人交还控制`));
  s = (await svc.stateOf('gz')) as State;
  if (s.status !== 'ended' && s.ask!.seats.some((i) => s.players[i]!.name === first)) {
    // Now their prompt waits for them: nothing answers it for them.
    const before = s.ask!.id;
    await svc.idle();
    assert.equal(((await svc.stateOf('gz')) as State).ask!.id, before);
  }
  svc.close();
});

test('issue 20 bots: one person and five computer players — the bots play on by themselves until the person is asked', async () => {
  const { svc, chat, clock } = await service();
  await svc.createGame('gz', judy, { game: 'guozhan', settings: { players: 6 } });
  await svc.join('gz', alice, '甲');
  assert.equal((await say(svc, judy, '【机器人】乙 丙 丁 戊 己')).ok, true);
  assert.equal((await svc.start('gz', judy)).ok, true);
  await svc.idle();
  let s = (await svc.stateOf('gz')) as State;
  // The bots picked at once (privately: no general's name of theirs in the channel); only 甲 is waited for.
  assert.equal(s.status, 'picking');
  assert.deepEqual(s.ask!.seats.map((i) => s.players[i]!.name), ['甲']);
  for (let k = 0; k < 5; k++) {
    s = (await svc.stateOf('gz')) as State;
    for (const p of s.players) if (p.name !== '甲' && p.generals) for (const g of p.generals) assert.ok(!chat.posts('gz').some((t) => t.includes(`（${GENERALS[g]!.zh}`) || t.includes(`${GENERALS[g]!.zh}+`)), 'no bot pick shown');
    // 甲 lets every ask of its own time out; the table goes on, the bots answering at once.
    if (s.status === 'ended') break;
    await clock.advance(Math.max(1, s.ask!.deadline - clock.now()));
    await svc.idle();
  }
  s = (await svc.stateOf('gz')) as State;
  assert.ok(s.status === 'ended' || s.turn.n >= 2, `the game went on (turn ${s.turn.n})`);
  assert.match(chat.posts('gz').join('\n'), /🤖 .（机器人）：【/, 'the bots speak in the channel');
  svc.close();
});

test('issue 20 judge: 【暂停】 stops the clock and moves, 【继续】 moves the deadline by the pause, 【撤回】 with nothing done is refused, players may not', async () => {
  const { svc, chat, clock } = await service();
  await svc.createGame('gz', judy, { game: 'guozhan', settings: { players: 3 } });
  for (const [u, seat] of [[alice, '甲'], [bob, '乙'], [carol, '丙']] as const) await svc.join('gz', u, seat);
  await svc.start('gz', judy);
  const deadline = ((await svc.stateOf('gz')) as State).ask!.deadline;
  assert.equal((await say(svc, alice, '【暂停】')).code, 'NOT_JUDGE');
  await clock.advance(30_000);
  const p = await say(svc, judy, '【暂停】');
  assert.equal(p.ok, true, p.text);
  assert.match(chat.posts('gz').join('\n'), /⏸ 裁判.*暂停了国战/);
  // Paused: the deadline passes and nothing times out; a move is refused, a query answered.
  await clock.advance(120_000);
  let s = (await svc.stateOf('gz')) as State;
  assert.equal(s.status, 'picking', 'no timeout while paused');
  const moved = await say(svc, bob, '【选择】1');
  assert.equal(moved.code, 'PAUSED');
  assert.match(moved.text, /【继续】/);
  assert.equal((await say(svc, bob, '【手牌】')).ok, true);
  assert.equal((await say(svc, judy, '【暂停】')).code, 'PAUSED');
  // Nobody acted yet: nothing to take back (play-judge.test.ts tests 【撤回】 itself).
  const u = await say(svc, judy, '【撤回】');
  assert.equal(u.code, 'NOTHING_TO_UNDO');
  // Resumed: the prompt keeps the 60 s it had left.
  assert.equal((await say(svc, judy, '【继续】')).ok, true);
  s = (await svc.stateOf('gz')) as State;
  assert.equal(s.ask!.deadline, deadline + 120_000);
  await clock.advance(59_000);
  assert.equal(((await svc.stateOf('gz')) as State).status, 'picking');
  await clock.advance(1_000);
  assert.equal(((await svc.stateOf('gz')) as State).status, 'running');
  svc.close();
});

test('issue 20 restart: a game with bots and an autopiloted seat rebuilds from its log, and the bots play on', async () => {
  const store = new Store(':memory:');
  const clock = new VirtualClock(T0);
  const svc = new GameService({ store, clock, chat: new FakeChat(), games: [neuwar, guozhan], renderer: null, logError: () => undefined });
  await svc.startUp();
  await svc.createGame('gz', judy, { game: 'guozhan', settings: { players: 4, autopilotAfter: 1 } });
  await svc.join('gz', alice, '甲');
  await svc.join('gz', bob, '乙');
  await say(svc, judy, '【机器人】丙 丁');
  await svc.start('gz', judy);
  // The pick times out for 甲 and 乙: autopilotAfter=1 puts both under the autopilot, and the table plays on.
  await clock.advance(90_000);
  await svc.idle();
  const before = (await svc.stateOf('gz')) as State;
  assert.equal(before.status === 'running' || before.status === 'ended', true);
  const json = JSON.stringify(before);
  svc.close();
  const again = new GameService({ store, clock: new VirtualClock(clock.now()), chat: new FakeChat(), games: [neuwar, guozhan], renderer: null, logError: () => undefined });
  await again.startUp();
  assert.equal(JSON.stringify(await again.stateOf('gz')), json, 'rebuilt from its log');
  const view = (await again.seatView('gz', alice.id)) as { auto: string[]; bots: string[] };
  assert.deepEqual(view.bots.sort(), ['丁', '丙']);
  assert.deepEqual(view.auto.sort(), ['乙', '甲'], 'the autopilot is part of the log too');
  again.close();
});
