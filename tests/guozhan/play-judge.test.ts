/**
 * Issue 20, the judge in a 国战 channel: 【撤回】 takes back the last action a person took (the table rebuilt from
 * its log without it, the same wherever it is rebuilt), announced, refused in Chinese to a non-judge and when there
 * is nothing to take back; /judge replace moves the seat's private view to the new player; a spectator sees no hand.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GameService } from '../../src/platform/session/index.ts';
import { Store } from '../../src/platform/store/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { neuwar } from '../../src/games/neuwar/module.ts';
import { guozhan, HAND_BUTTON } from '../../src/games/guozhan/module.ts';
import { GENERALS } from '../../src/games/guozhan/generals.ts';
import type { State } from '../../src/games/guozhan/types.ts';
import { FakeChat, T0, alice, bob, carol, judy, sam } from '../helpers/live.ts';
import { namesGeneral } from './names.ts';

const dave = { id: 'u-dave', name: 'Dave' };
let n = 0;
const say = (svc: GameService, user: { id: string; name: string }, text: string) =>
  svc.handleMessage({ channelId: 'gz', userId: user.id, userName: user.name, text, messageId: `gzj-${++n}` });

function service(store = new Store(':memory:'), clock = new VirtualClock(T0)) {
  const chat = new FakeChat();
  const svc = new GameService({ store, clock, chat, games: [neuwar, guozhan], renderer: null, logError: () => undefined });
  return { svc, chat, clock, store };
}
/** A copy: the service hands out its live state. */
const state = async (svc: GameService) => structuredClone((await svc.stateOf('gz')) as State);
/** The table without the record and the prompt's clock: what an undo must give back exactly. */
const table = (s: State) => JSON.stringify({ ...s, commands: s.commands.filter((c) => c.kind !== 'undo').length, log: s.log, ask: s.ask ? { ...s.ask, deadline: 0, openedAt: 0 } : null });
const pairOf = (s: State, seat: string) => {
  const d = s.players.find((p) => p.name === seat)!.dealt;
  for (const x of d) for (const y of d) if (x !== y && GENERALS[x]!.kingdom === GENERALS[y]!.kingdom) return `【选择】${GENERALS[x]!.zh}+${GENERALS[y]!.zh}`;
  throw new Error('no pair');
};

test('issue 20 judge 【撤回】: refused to players and with nothing to undo; takes back a private pick and a play, announced; the same after a restart', async () => {
  const { svc, chat, clock, store } = service();
  await svc.startUp();
  await svc.createGame('gz', judy, { game: 'guozhan', settings: { players: 3 } });
  for (const [u, seat] of [[alice, '甲'], [bob, '乙'], [carol, '丙']] as const) await svc.join('gz', u, seat);
  await svc.start('gz', judy);
  const none = await say(svc, judy, '【撤回】');
  assert.equal(none.ok, false);
  assert.equal(none.code, 'NOTHING_TO_UNDO');
  assert.match(none.text, /没有可以撤回的玩家动作/);
  const notJudge = await say(svc, alice, '【撤回】');
  assert.equal(notJudge.code, 'NOT_JUDGE');
  assert.match(notJudge.text, /只有裁判.*【撤回】/);

  // A private pick is taken back without saying which generals.
  const before = await state(svc);
  const pick = pairOf(before, '甲');
  assert.equal((await say(svc, alice, pick)).ok, true);
  chat.clear();
  await clock.advance(5_000);
  const u1 = await say(svc, judy, '【撤回】');
  assert.equal(u1.ok, true, u1.text);
  const posted = chat.posts('gz').join('\n');
  assert.match(posted, /↩️ 裁判Judy撤回了甲的上一步（私密）/);
  const s1 = await state(svc);
  assert.ok(!namesGeneral(posted, s1.players[0]!.dealt[0]!) && !s1.players.some((p) => p.dealt.some((g) => namesGeneral(posted, g))), 'the pick stays private');
  assert.ok(table(s1) === table(before), 'the table is as before the pick');
  assert.deepEqual(s1.ask!.seats.length, 3, 'all three pick again');
  assert.equal(s1.ask!.deadline, T0 + 5_000 + 90_000, 'the reopened prompt has its whole time again from the undo');

  // Everyone picks; the first player's action is taken back, with its effects, and the prompt is posted again.
  for (const [u, seat] of [[alice, '甲'], [bob, '乙'], [carol, '丙']] as const) assert.equal((await say(svc, u, pairOf(await state(svc), seat))).ok, true);
  let running = await state(svc);
  assert.equal(running.status, 'running');
  const first = running.players[running.turn.seat]!.name;
  const user = { 甲: alice, 乙: bob, 丙: carol }[first as '甲' | '乙' | '丙'];
  // The turn start's reveal prompt and any skill's question: not now.
  for (let k = 0; k < 6 && running.ask!.kind !== 'play'; k++) { assert.equal((await say(svc, user, '【不出】')).ok, true); running = await state(svc); }
  assert.equal(running.ask!.kind, 'play');
  const end = await say(svc, user, '【结束】');
  assert.equal(end.ok, true, end.text);
  assert.ok(table(await state(svc)) !== table(running));
  chat.clear();
  const u2 = await say(svc, judy, '【撤回】');
  assert.equal(u2.ok, true, u2.text);
  const posted2 = chat.posts('gz').join('\n');
  assert.match(posted2, new RegExp(`↩️ 裁判Judy撤回了${first}的【结束】`));
  assert.match(posted2, /截止 <t:\d+:T>/, 'the reopened prompt is shown again');
  const s2 = await state(svc);
  assert.ok(table(s2) === table(running), 'the same table');
  // The game is its log: rebuilt in another process from the store, the table is the same.
  const json = JSON.stringify(s2);
  await svc.close();
  const again = service(store, new VirtualClock(clock.now()));
  await again.svc.startUp();
  assert.ok(JSON.stringify(await state(again.svc)) === json, 'rebuilt from the store');
  // Undo again after the restart: the action before (a 【不出】 at the turn start, or else 丙's pick, privately).
  again.chat.clear();
  assert.equal((await say(again.svc, judy, '【撤回】')).ok, true);
  assert.match(again.chat.posts('gz').join('\n'), /撤回了(.的【不出】|丙的上一步（私密）)/);
  assert.ok((await state(again.svc)).commands.filter((c) => c.ok && c.kind !== 'undo').length < s2.commands.filter((c) => c.ok && c.kind !== 'undo').length);
  await again.svc.close();
});

test('issue 20 judge 【撤回】 at a table with bots: the computers\' moves after it go too and they answer the reopened table again', async () => {
  const { svc, chat } = service();
  await svc.startUp();
  await svc.createGame('gz', judy, { game: 'guozhan', settings: { players: 3 } });
  await svc.join('gz', alice, '甲');
  await say(svc, judy, '【机器人】乙 丙');
  await svc.start('gz', judy);
  await svc.idle();
  const s0 = await state(svc);
  assert.deepEqual(s0.ask!.seats.map((i) => s0.players[i]!.name), ['甲'], 'the bots picked at once');
  assert.equal((await say(svc, alice, pairOf(s0, '甲'))).ok, true);
  await svc.idle();
  const moved = await state(svc);
  assert.ok(moved.commands.length > s0.commands.length + 1, 'the bots played on');
  chat.clear();
  assert.equal((await say(svc, judy, '【撤回】')).ok, true);
  await svc.idle();
  assert.match(chat.posts('gz').join('\n'), /撤回了甲的上一步（私密）(，以及之后的\d+步)?/);
  const back = await state(svc);
  assert.equal(back.status, 'picking');
  assert.deepEqual(back.ask!.seats.map((i) => back.players[i]!.name), ['甲']);
  // 甲 picks again: the bots answer the same asks as before (their keys are new after the undo), the table moves on.
  assert.equal((await say(svc, alice, pairOf(back, '甲'))).ok, true);
  await svc.idle();
  const after = await state(svc);
  assert.equal(after.status === 'ended' || after.ask!.seats.some((i) => after.players[i]!.name === '甲'), true, 'the bots did not stall');
  assert.ok(table(after) === table(moved), 'the same table as before the undo (deterministic bots, same seed)');
  await svc.close();
});

test('issue 20 judge: /judge replace gives the seat\'s private view to the new player and takes it from the old; a spectator sees no hand', async () => {
  const { svc, chat } = service();
  await svc.startUp();
  await svc.createGame('gz', judy, { game: 'guozhan', settings: { players: 3 } });
  for (const [u, seat] of [[alice, '甲'], [bob, '乙'], [carol, '丙']] as const) await svc.join('gz', u, seat);
  await svc.start('gz', judy);
  for (const [u, seat] of [[alice, '甲'], [bob, '乙'], [carol, '丙']] as const) await say(svc, u, pairOf(await state(svc), seat));
  const s = await state(svc);
  const hand = s.players.find((p) => p.name === '甲')!.hand;
  type V = { me: string | null; seats: { name: string; hand?: string[]; generals: { general: string | null; revealed: boolean }[] | null }[] };
  const seesHand = (v: V) => v.seats.some((x) => x.hand !== undefined);
  // A spectator: the public view, no hand and no hidden general of anyone; its 【手牌】 and [我的手牌] are refused.
  const spect = (await svc.seatView('gz', sam.id)) as V;
  assert.equal(spect.me, null);
  assert.equal(seesHand(spect), false);
  assert.ok(spect.seats.every((x) => (x.generals ?? []).every((g) => g.revealed || g.general === null)));
  assert.equal((await say(svc, sam, '【手牌】')).ok, false);
  const press = await svc.handleButton({ channelId: 'gz', userId: sam.id, userName: sam.name, buttonId: HAND_BUTTON, interactionId: 'j1' });
  assert.equal(press.ok, false);
  assert.equal((await say(svc, sam, '【结束】')).ok, false);
  const mine = (await svc.seatView('gz', alice.id)) as V;
  assert.equal(mine.me, '甲');
  assert.deepEqual(mine.seats.find((x) => x.name === '甲')!.hand, hand);
  // The judge replaces 甲's player: Dave sees 甲's hand and generals, Alice nothing private any more.
  const r = await svc.replacePlayer('gz', judy, '甲', dave);
  assert.equal(r.ok, true, r.text);
  assert.match(chat.posts('gz').join('\n'), /甲的玩家由Alice换为Dave/);
  const dv = (await svc.seatView('gz', dave.id)) as V;
  assert.equal(dv.me, '甲');
  assert.deepEqual(dv.seats.find((x) => x.name === '甲')!.hand, hand);
  assert.ok(dv.seats.find((x) => x.name === '甲')!.generals!.every((g) => g.general !== null), 'and its hidden generals');
  const av = (await svc.seatView('gz', alice.id)) as V;
  assert.equal(av.me, null);
  assert.equal(seesHand(av), false);
  const old = await say(svc, alice, '【手牌】');
  assert.equal(old.ok, false, 'Alice has no seat now');
  const now = await say(svc, dave, '【手牌】');
  assert.equal(now.ok, true, now.text);
  assert.ok(now.private);
  await svc.close();
});
