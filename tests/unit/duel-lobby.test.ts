/**
 * Europe Duel's lobby on the local page (duel.md D10.6; src/platform/adapters/local/duels.ts) against the real
 * service on a virtual clock, without a browser: a challenge made with both seats (the creator as A, the second
 * seat's token to send), taken by the link and started; a seat restored by its token alone; wrong tokens; the seat
 * tokens kept out of the game's log and export; D9.2 (a challenge between two people is rated, a game against a
 * scripted bot is not and changes no rating); D9.3 at the end (±32 while provisional); D9.5 (one duel at a time; an
 * untaken challenge is withdrawn by the next); D2.8 still counting for a side whose page is closed (the helper plays
 * it, and three idle turns lose the game); the agent only with weights.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Store } from '../../src/platform/store/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { newSecret } from '../../src/platform/session/index.ts';
import { GameService, GAMES } from '../../src/games/index.ts';
import { DuelLobby, LOBBY } from '../../src/platform/adapters/local/duels.ts';
import { FakeChat, T0 } from '../helpers/live.ts';

interface PublicView { status: string; rated: boolean; turn: number; winner: string[] | null; result: { how: string } | null; sides: Record<'A' | 'B', { bot: string | null; idle: number; ready: boolean }>; lastEvents: { type: string; side?: string; by?: string }[] }

async function setup() {
  const store = new Store(':memory:');
  const clock = new VirtualClock(T0);
  const chat = new FakeChat();
  const svc = new GameService({ store, clock, chat, games: GAMES, renderer: null, logError: () => undefined });
  await svc.startUp();
  let n = 0;
  const lobby = new DuelLobby(svc, 'local-', () => `local-t${++n}`, () => clock.now());
  return { store, clock, svc, lobby, chat };
}

const person = (name: string) => ({ name, secret: newSecret() });
const view = async (svc: GameService, ch: string) => (await svc.seatView(ch, null)) as PublicView;
const say = (svc: GameService, ch: string, userId: string, text: string, n: number) =>
  svc.handleMessage({ channelId: ch, userId, userName: '?', text, messageId: `m${n}-${userId}`, deliver: true });

test('D10.6 challenge a friend: both seats made, the creator as A; the second seat taken by its link starts a rated game; seats restore by token alone', async () => {
  const { svc, lobby, store, chat } = await setup();
  const jia = person('甲'), yi = person('乙');
  const made = await lobby.create('friend', undefined, jia, {});
  assert.ok(made.ok, !made.ok ? made.text : '');
  const { channelId: ch, gameId, token: tA, invite } = made.value;
  assert.match(invite!, new RegExp(`^/duel/${gameId}#seat=[A-Za-z0-9_-]{22}$`));
  const tB = invite!.split('#seat=')[1]!;
  let g = (await svc.gameOf(ch))!;
  assert.equal(g.status, 'open', 'waiting for the friend');
  // The lobby seats both players itself: its first message tells nobody to /join or /start.
  assert.doesNotMatch(chat.posts(ch).join('\n'), /\/join|\/start/);
  assert.deepEqual(g.players.map((p) => [p.country, p.name]), [['A', '甲']]);
  assert.deepEqual((await svc.judgesOf(ch)), [LOBBY.id], 'the lobby organizes: neither player judges (no abort of a rated game)');
  assert.equal(await lobby.managed(gameId), true);

  // Wrong tokens open nothing; no token is a spectator.
  const bad = await lobby.open(gameId, newSecret(), yi);
  assert.equal(!bad.ok && bad.code, 'BAD_TOKEN');
  const spectator = await lobby.open(gameId, undefined, undefined);
  assert.ok(spectator.ok && spectator.value.hold === null);
  // The creator opening the link meant for the friend is told so.
  const self = await lobby.open(gameId, tB, jia);
  assert.equal(!self.ok && self.code, 'SAME_PLAYER');

  const took = await lobby.open(gameId, tB, yi);
  assert.ok(took.ok && took.value.hold, !took.ok ? took.text : '');
  assert.equal(took.value.hold!.seat, 'B');
  g = (await svc.gameOf(ch))!;
  assert.equal(g.status, 'running', 'the game starts when the second seat is taken');
  const v = (await view(svc, ch));
  assert.equal(v.rated, true, 'D9.2: two different people on Europe with default settings: rated');
  assert.deepEqual([v.sides.A.bot, v.sides.B.bot], [null, null]);

  // The token alone restores the seat (another tab or device: no identity sent).
  const back = await lobby.open(gameId, tB, undefined);
  assert.ok(back.ok && back.value.hold && back.value.hold.seat === 'B' && back.value.hold.name === '乙');
  const backA = await lobby.open(gameId, tA, undefined);
  assert.ok(backA.ok && backA.value.hold?.seat === 'A');

  // D10.6: the tokens are stored with the game (hashed) but never in its log or export.
  const dump = JSON.stringify((await svc.export(ch, LOBBY))) + JSON.stringify(store.entries(g.id));
  for (const t of [tA, tB, jia.secret, yi.secret]) assert.ok(!dump.includes(t), 'no token or identity secret in the log or export');
  assert.ok(await svc.getMeta(`seats:${gameId}`), 'the seats are kept in the meta table');

  // 【认输】 ends it, rated (D9.4: resignation counts even on turn 1).
  // D9.3, both new (provisional: fewer than 10 rated games, K = 64) at 1000: E = 1 / (1 + 10^((1000 − 1000)/400)) = 0.5;
  // the winner Δ = round(64 × (1 − 0.5)) = +32, the loser Δ = round(64 × (0 − 0.5)) = −32.
  const r = await say(svc, ch, took.value.hold!.userId, '【认输】', 1);
  assert.ok(r.ok, r.text);
  assert.equal((await svc.gameOf(ch))!.status, 'ended');
  const info = (await lobby.info(ch, 'A'))!;
  assert.deepEqual([info.sides.A!.rating, info.sides.A!.delta, info.sides.B!.rating, info.sides.B!.delta], [1032, 32, 968, -32]);
  assert.equal(info.rated, true);
  // D10.3 step 4: the end message gives the rating changes (乙 resigned: 甲 +32, 乙 −32).
  assert.match(chat.posts(ch).join('\n'), /等级分：红方 甲 1000→1032（\+32） · 蓝方 乙 1000→968（−32）/);
});

test('D10.6 play a bot: started at once, unrated (D9.2), played to its end with no rating changed; the agent only with weights', async () => {
  const { svc, lobby, store, chat } = await setup();
  const bing = person('丙');
  const made = await lobby.create('bot', 'greedy', bing, { turnLimit: 4 });
  assert.ok(made.ok, !made.ok ? made.text : '');
  const { channelId: ch } = made.value;
  assert.equal(made.value.invite, undefined, 'no second link against a bot');
  let v = (await view(svc, ch));
  assert.equal((await svc.gameOf(ch))!.status, 'running', 'started at once');
  assert.equal(v.sides.B.bot, 'greedy');
  assert.equal(v.sides.B.ready, true, 'the bot is ready at the opening');
  assert.equal(v.rated, false, 'a scripted bot never plays rated');
  const a = (await svc.gameOf(ch))!.players.find((p) => p.country === 'A')!;
  for (let i = 0; i < 10 && (await svc.gameOf(ch))!.status === 'running'; i++) assert.ok((await say(svc, ch, a.userId, '【准备】', i)).ok);
  v = (await view(svc, ch));
  assert.equal(v.status, 'ended', 'played to its end');
  assert.ok(v.result && ['capital', 'score'].includes(v.result.how), `ended by ${v.result?.how}`);
  assert.equal(store.ratingBoard('duel').length, 0, 'no rating anywhere');
  assert.equal((await lobby.info(ch, 'A'))!.sides.A!.delta, null);
  assert.match(chat.posts(ch).join('\n'), /对决结束/);
  assert.doesNotMatch(chat.posts(ch).join('\n'), /等级分：/, 'an unrated end announces no rating change');

  // Unrated even with default settings against a scripted bot; the agent is offered only with a weights file.
  const offers = lobby.botOffers();
  assert.deepEqual(offers.map((o) => o.id), ['greedy', 'lander', 'agent']);
  const agent = offers.find((o) => o.id === 'agent')!;
  if (!agent.available) {
    assert.match(agent.note!, /^AGENT_UNAVAILABLE/);
    const r = await lobby.create('bot', 'agent', bing, {});
    assert.equal(!r.ok && r.code, 'AGENT_UNAVAILABLE');
  }
  const unknown = await lobby.create('bot', 'chess', bing, {});
  assert.equal(!unknown.ok && unknown.code, 'UNKNOWN_BOT');
  const lander = await lobby.create('bot', 'lander', bing, {});
  assert.ok(lander.ok);
  assert.equal((await view(svc, lander.value.channelId)).rated, false);
});

test('D9.5 and the challenge\'s life: one duel at a time, an untaken challenge withdrawn by the next one or by its creator; a taken name needs its secret', async () => {
  const { svc, lobby } = await setup();
  const ding = person('丁'), wu = person('戊');
  const c1 = await lobby.create('friend', undefined, ding, {});
  assert.ok(c1.ok);
  const c2 = await lobby.create('friend', undefined, ding, {});
  assert.ok(c2.ok, 'a new challenge while the first waits');
  assert.equal((await svc.gameOf(c1.value.channelId))!.status, 'ended', 'the untaken challenge was withdrawn');
  const late = await lobby.open(c1.value.gameId, c1.value.invite!.split('#seat=')[1], wu);
  assert.equal(!late.ok && late.code, 'CHALLENGE_CLOSED');
  // Only the creator withdraws, only before the start.
  const tB = c2.value.invite!.split('#seat=')[1]!;
  assert.equal((await lobby.withdraw(c2.value.gameId, tB)).ok, false);
  assert.ok((await lobby.withdraw(c2.value.gameId, c2.value.token)).ok);
  assert.equal((await svc.gameOf(c2.value.channelId))!.status, 'ended');
  // A running duel: no second one (D9.5) — neither a new challenge nor a friend's link.
  const c3 = await lobby.create('bot', 'greedy', ding, {});
  assert.ok(c3.ok);
  const again = await lobby.create('friend', undefined, ding, {});
  assert.equal(!again.ok && again.code, 'ALREADY_IN_DUEL');
  assert.match(!again.ok ? again.text : '', /继续/);
  const c4 = await lobby.create('friend', undefined, wu, {});
  assert.ok(c4.ok);
  const busy = await lobby.open(c4.value.gameId, c4.value.invite!.split('#seat=')[1], ding);
  assert.equal(!busy.ok && busy.code, 'ALREADY_IN_DUEL');
  // The name 丁 is registered to 丁's secret: someone else calling themselves 丁 is refused.
  const impostor = await lobby.create('friend', undefined, { name: '丁', secret: newSecret() }, {});
  assert.equal(!impostor.ok && impostor.code, 'IDENTITY_TAKEN');
  const impostor2 = await lobby.open(c4.value.gameId, c4.value.invite!.split('#seat=')[1], { name: '丁', secret: newSecret() });
  assert.equal(!impostor2.ok && impostor2.code, 'IDENTITY_TAKEN');
});

test('D10.6 with D2.8: while a side\'s page is closed the helper plays for it and its idle turns still count; three lose the game (technical, rated)', async () => {
  const { svc, lobby, clock } = await setup();
  const ji = person('己'), geng = person('庚');
  const made = await lobby.create('friend', undefined, ji, {});
  assert.ok(made.ok);
  const ch = made.value.channelId;
  const took = await lobby.open(made.value.gameId, made.value.invite!.split('#seat=')[1], geng);
  assert.ok(took.ok);
  const a = (await svc.gameOf(ch))!.players.find((p) => p.country === 'A')!;
  // 庚 (B) closes the page; 己 (A) acts every turn; each turn resolves at its 30-second deadline.
  for (let turn = 1; turn <= 2; turn++) {
    assert.ok((await say(svc, ch, a.userId, '【准备】', turn)).ok);
    await clock.advance(30_000);
    const v = (await view(svc, ch));
    assert.equal(v.turn, turn + 1, `turn ${turn} resolved at its deadline`);
    assert.equal(v.sides.B.idle, turn, `B's idle counter: ${turn}`);
    assert.equal(v.sides.A.idle, 0);
    assert.ok(v.lastEvents.some((e) => e.type === 'move' && e.side === 'B' && e.by === 'helper'), 'the helper moved for the absent side');
  }
  // The seat is still there to take back by the link (and a page would warn at idle = 2).
  const back = await lobby.open(made.value.gameId, made.value.invite!.split('#seat=')[1], undefined);
  assert.ok(back.ok && back.value.hold?.seat === 'B');
  assert.ok((await say(svc, ch, a.userId, '【准备】', 3)).ok);
  await clock.advance(30_000);
  const v = (await view(svc, ch));
  assert.equal(v.status, 'ended');
  assert.deepEqual([v.winner, v.result?.how], [['A'], 'technical'], 'D7.4: three idle turns are a technical defeat');
  const info = (await lobby.info(ch, null))!;
  assert.deepEqual([info.sides.A!.delta, info.sides.B!.delta], [32, -32], 'a technical defeat is rated (D9.4)');
});
