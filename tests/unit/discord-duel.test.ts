/**
 * Europe Duel on Discord (duel.md D10.1–D10.3, D9.5) at discord.js's boundary: `/duel` challenges with 接受/拒绝
 * buttons, the thread and the start, decline, expiry, the refusals, the duel's slash commands as the same typed
 * commands, `/move` by the channel's game, ready by the status message's button, private answers.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Client } from 'discord.js';
import { GameService } from '../../src/platform/session/index.ts';
import { Store } from '../../src/platform/store/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { GAMES } from '../../src/games/index.ts';
import { COMMANDS } from '../../commands/index.ts';
import { commandsJson } from '../../src/platform/adapters/discord/index.ts';
import { DuelRules } from '../../src/games/duel/module.ts';
import type { DuelState } from '../../src/games/duel/engine.ts';
import type { GameState } from '../../src/games/neuwar/engine/index.ts';
import { T0, TINY, fakeRenderer } from '../helpers/live.ts';
import { APP, CHANNEL, answers, bool, buttonIds, click, harness, int, slash, str, typed, user, type Harness, type HarnessOptions } from '../helpers/discord.ts';

const ALICE = { id: '100000000000000001', name: 'alice' };
const BOB = { id: '100000000000000002', name: 'bob' };
const EVE = { id: '100000000000000005', name: 'eve' };
const BOTTY = user('100000000000000007', 'helperbot', true);
const MOD = { id: 'mod', name: 'mod', isModerator: true };

const clients: Client[] = [];
after(async () => {
  for (const c of clients) await c.destroy();
});

interface Duelling extends Harness { svc: GameService; clock: VirtualClock; now: { t: number }; timers: { at: number; fn: () => void }[]; settle(): Promise<void> }

function setup(o: HarnessOptions & { threads?: boolean } = {}): Duelling {
  const clock = new VirtualClock(T0);
  const now = { t: T0 };
  const timers: { at: number; fn: () => void }[] = [];
  let svc!: GameService;
  const h = harness((chat) => (svc = new GameService({ store: new Store(':memory:'), clock, chat, games: GAMES, renderer: fakeRenderer(), logError: () => undefined })), COMMANDS, clients, {
    now: () => now.t, timer: (ms, fn) => timers.push({ at: now.t + ms, fn }), ...o,
  });
  if (o.threads === false) h.discord.threadsAllowed = false;
  return { ...h, svc, clock, now, timers, settle: async () => { await h.bot.idle(); await svc.idle(); } };
}

/** The latest challenge posted in the channel. */
const challengePost = (h: Duelling) => h.discord.posts().filter((p) => buttonIds(p).some((id) => id.startsWith('duel-challenge:'))).at(-1);
/** The id Discord gave a posted message. */
const idOf = (_h: Duelling, call: NonNullable<ReturnType<typeof challengePost>>) => call.id!;

async function challenge(h: Duelling, by = ALICE, to = BOB, extra: ReturnType<typeof str>[] = []): Promise<{ iid: string; accept: string; reject: string; messageId: string; text: string }> {
  const iid = slash(h, by, 'duel', [{ name: 'opponent', type: 6, value: to.id }, ...extra], { users: [user(to.id, to.name)] });
  await h.settle();
  const post = challengePost(h);
  assert.ok(post, `the challenge is posted: ${answers(h, iid).texts.join(' | ')}`);
  const [accept, reject] = buttonIds(post);
  return { iid, accept: accept!, reject: reject!, messageId: idOf(h, post!), text: String(post!.body!.content) };
}

test('D10.3: /duel opponent → a challenge only 乙 may answer → accepted: a thread 欧陆对决 #1 甲 vs 乙, the challenger as A, the duel running with its status message', async () => {
  const h = setup();
  const c = await challenge(h);
  assert.match(c.text, new RegExp(`^⚔️ alice 向 <@${BOB.id}> 发起欧陆对决 · 排位 · 30 秒/回合`));
  assert.match(c.text, /5 分钟后（<t:\d+:R>）过期/, 'the message says when it lapses');
  assert.match(c.accept, /^duel-challenge:\d+:accept$/);
  assert.match(c.reject, /^duel-challenge:\d+:reject$/);
  const first = answers(h, c.iid);
  assert.equal(first.ephemeral, true);
  assert.match(first.texts[0]!, /挑战已发出/);
  const ping = challengePost(h)!.body!.allowed_mentions as { users: string[] };
  assert.deepEqual(ping.users, [BOB.id], '乙 is pinged, nobody else');

  // Someone else's press is refused privately and changes nothing.
  const eve = click(h, EVE, c.accept, c.messageId, { content: c.text });
  await h.settle();
  assert.match(answers(h, eve).texts.join('\n'), /NOT_ADDRESSED：只有bob可以接受或拒绝这个挑战/);
  assert.equal((await h.svc.listGames()).length, 0);

  h.discord.clear();
  const yes = click(h, BOB, c.accept, c.messageId, { content: c.text });
  await h.settle();
  const opened = h.discord.find((x) => x.method === 'POST' && x.path === `/channels/${CHANNEL}/messages/${c.messageId}/threads`);
  assert.ok(opened, 'a thread opens on the challenge');
  assert.equal(opened!.body!.name, '欧陆对决 alice vs bob');
  const thread = '910000000000000001';
  const g = (await h.svc.gameOf(thread))!;
  assert.ok(g, 'the duel lives in the thread');
  assert.equal(g.kind, 'duel');
  assert.equal(g.status, 'running');
  assert.deepEqual(g.players.map((p) => [p.country, p.userId]), [['A', ALICE.id], ['B', BOB.id]], 'the challenger is A');
  assert.ok(!g.judges.includes(ALICE.id) && g.creator !== ALICE.id && g.creator !== BOB.id, 'neither player judges (nor can abort) the duel');
  assert.equal(((await h.svc.stateOf(thread)) as DuelState).rated, true, 'two people, Europe, defaults: rated (D9.2)');
  const renamed = h.discord.find((x) => x.method === 'PATCH' && x.path === `/channels/${thread}`);
  assert.equal(renamed?.body?.name, `欧陆对决 #${g.id} alice vs bob`);
  const inThread = h.discord.posts(thread).map((p) => String(p.body!.content)).join('\n');
  assert.match(inThread, /欧陆对决开始/);
  assert.match(inThread, /红方（红色）：alice · 首都 ★/);
  const status = h.discord.posts(thread).find((p) => buttonIds(p).includes('duel:ready'));
  assert.ok(status, 'the status message carries its buttons');
  assert.match(String(status!.body!.content), /^⚔️ 欧陆对决 · 第1\/150回合 · 截止 <t:\d+:R>\n红方 ✗ 未准备 · \d+分 ｜ 蓝方 ✗ 未准备 · \d+分$/);
  assert.deepEqual(buttonIds(status), ['duel:ready', 'duel:map'], 'no [网页] without PUBLIC_URL');
  // The challenge message now says so, without its buttons.
  const edit = h.discord.find((x) => x.method === 'PATCH' && x.path === `/webhooks/${APP}/tok-${yes}/messages/@original`);
  assert.match(String(edit?.body?.content), new RegExp(`✅ bob 接受了挑战 → <#${thread}>`));
  assert.deepEqual(edit?.body?.components, []);

  // The same button again: nothing is open any more.
  const again = click(h, BOB, c.accept, c.messageId, { content: c.text });
  await h.settle();
  assert.match(answers(h, again).texts.join('\n'), /NO_SUCH_REQUEST/);
  assert.equal((await h.svc.listGames()).length, 1, 'no second duel');
});

test('D10.3: a declined challenge says so and loses its buttons; no game is made', async () => {
  const h = setup();
  const c = await challenge(h);
  const no = click(h, BOB, c.reject, c.messageId, { content: c.text });
  await h.settle();
  const edit = h.discord.find((x) => x.method === 'PATCH' && x.path === `/webhooks/${APP}/tok-${no}/messages/@original`);
  assert.match(String(edit?.body?.content), /❌ bob 拒绝了挑战/);
  assert.deepEqual(edit?.body?.components, []);
  assert.ok(!h.discord.find((x) => /\/threads$/.test(x.path)), 'no thread');
  assert.equal((await h.svc.listGames()).length, 0);
  // Accepting it afterwards: NO_SUCH_REQUEST, privately.
  const late = click(h, BOB, c.accept, c.messageId, { content: c.text });
  await h.settle();
  const a = answers(h, late);
  assert.match(a.texts.join('\n'), /NO_SUCH_REQUEST/);
});

test('D10.3: a challenge lapses after challengeSeconds = 300: its buttons go, the message says so, a late accept is NO_SUCH_REQUEST', async () => {
  const h = setup();
  const c = await challenge(h);
  assert.equal(h.timers.length, 1);
  assert.equal(h.timers[0]!.at - T0, 300_000);
  h.now.t = T0 + 300_000;
  h.timers[0]!.fn();
  await h.settle();
  await new Promise((r) => setTimeout(r, 20));
  const edit = h.discord.find((x) => x.method === 'PATCH' && x.path === `/channels/${CHANNEL}/messages/${c.messageId}`);
  assert.ok(edit, 'the challenge message is edited');
  assert.match(String(edit!.body!.content), /⌛ 挑战已过期：5 分钟内没有回应/);
  assert.deepEqual(edit!.body!.components, [], 'its buttons are removed');
  const late = click(h, BOB, c.accept, c.messageId, { content: c.text });
  await h.settle();
  assert.match(answers(h, late).texts.join('\n'), /NO_SUCH_REQUEST/);
  assert.equal((await h.svc.listGames()).length, 0);
  // A press that comes after the deadline but before the timer ran finds it lapsed too.
  const d = await challenge(h, ALICE, EVE);
  h.now.t += 301_000;
  const early = click(h, EVE, d.accept, d.messageId, { content: d.text });
  await h.settle();
  assert.match(answers(h, early).texts.join('\n'), /NO_SUCH_REQUEST：这个挑战已经过期了/);
  const removed = h.discord.find((x) => x.method === 'PATCH' && x.path === `/webhooks/${APP}/tok-${early}/messages/@original`);
  assert.deepEqual(removed?.body?.components, [], 'its buttons go');
});

test('D10.3 refusals: oneself or a bot user NOT_ALLOWED; someone in a running duel ALREADY_IN_DUEL; accepting with nothing open NO_SUCH_REQUEST; rated where D9.2 forbids it NOT_ALLOWED; the agent without weights AGENT_UNAVAILABLE; opponent and bot both or neither BAD_SYNTAX', async () => {
  const h = setup();
  const said = (iid: string) => answers(h, iid).texts.join('\n');
  const self = slash(h, ALICE, 'duel', [{ name: 'opponent', type: 6, value: ALICE.id }], { users: [user(ALICE.id, ALICE.name)] });
  const botUser = slash(h, ALICE, 'duel', [{ name: 'opponent', type: 6, value: BOTTY.id }], { users: [BOTTY] });
  const nothing = click(h, BOB, 'duel-challenge:123456789:accept', '800000000000000077', { content: 'old challenge' });
  const both = slash(h, ALICE, 'duel', [{ name: 'opponent', type: 6, value: BOB.id }, str('bot', 'greedy')], { users: [user(BOB.id, BOB.name)] });
  const neither = slash(h, ALICE, 'duel', []);
  const seeded = slash(h, ALICE, 'duel', [{ name: 'opponent', type: 6, value: BOB.id }, int('seed', 7), bool('rated', true)], { users: [user(BOB.id, BOB.name)] });
  const agent = slash(h, ALICE, 'duel', [str('bot', 'agent')]);
  await h.settle();
  assert.match(said(self), /❌ NOT_ALLOWED：不能挑战自己/);
  assert.match(said(botUser), /❌ NOT_ALLOWED：不能挑战机器人用户/);
  assert.match(said(nothing), /❌ NO_SUCH_REQUEST：没有等待你回答的挑战/);
  const stale = h.discord.find((x) => x.method === 'PATCH' && x.path === `/webhooks/${APP}/tok-${nothing}/messages/@original`);
  assert.deepEqual(stale?.body?.components, [], 'the stale buttons are removed');
  assert.match(said(both), /❌ BAD_SYNTAX/);
  assert.match(said(neither), /❌ BAD_SYNTAX/);
  assert.match(said(seeded), /❌ NOT_ALLOWED：这局不能作为排位赛：指定了种子/);
  assert.match(said(agent), /❌ AGENT_UNAVAILABLE/);
  assert.ok(!challengePost(h), 'nothing was posted');
  assert.equal((await h.svc.listGames()).length, 0);

  // Alice plays the greedy bot: she may not challenge, nor be challenged, until that duel ends (D9.5).
  await h.settle();
  slash(h, ALICE, 'duel', [str('bot', 'greedy')]);
  await h.settle();
  assert.equal((await h.svc.listGames({ status: ['running'] })).length, 1);
  const mine = slash(h, ALICE, 'duel', [{ name: 'opponent', type: 6, value: BOB.id }], { users: [user(BOB.id, BOB.name)] });
  const theirs = slash(h, EVE, 'duel', [{ name: 'opponent', type: 6, value: ALICE.id }], { users: [user(ALICE.id, ALICE.name)] });
  await h.settle();
  assert.match(said(mine), /❌ ALREADY_IN_DUEL：你已经在一局进行中的欧陆对决里了/);
  assert.match(said(theirs), /❌ ALREADY_IN_DUEL：alice已经在一局进行中的欧陆对决里了/);
  assert.ok(!challengePost(h));
  // A challenge open before she started playing cannot be accepted into a second duel either.
  const h2 = setup();
  const c = await challenge(h2, BOB, ALICE);
  slash(h2, ALICE, 'duel', [str('bot', 'lander')]);
  await h2.settle();
  const accept = click(h2, ALICE, c.accept, c.messageId, { content: c.text });
  await h2.settle();
  assert.match(answers(h2, accept).texts.join('\n'), /ALREADY_IN_DUEL/);
  assert.equal((await h2.svc.listGames({ status: ['running'] })).length, 1);
});

test('D10.2: /duel bot starts at once (in the channel itself where no thread may be opened); /order is the typed 【调兵】, answered only to you; /move in a duel is /order; /war is WRONG_GAME', async () => {
  const h = setup({ threads: false });
  const start = slash(h, ALICE, 'duel', [str('bot', 'greedy'), int('turn_seconds', 60), int('seed', 7)]);
  await h.settle();
  assert.match(answers(h, start).texts[0]!, new RegExp(`✅ 对决开始：<#${CHANNEL}>`));
  const g = (await h.svc.gameOf(CHANNEL))!;
  assert.equal(g.kind, 'duel');
  assert.deepEqual(g.players.map((p) => [p.country, p.userId]), [['A', ALICE.id], ['B', 'bot:B:greedy']]);
  const s = (await h.svc.stateOf(CHANNEL)) as DuelState;
  assert.equal(s.settings.turnSeconds, 60);
  assert.equal(s.seed, 7, 'the chosen seed draws');
  assert.equal(s.rated, false, 'the scripted bot and a chosen seed: unrated');
  assert.equal(s.bots.B, 'greedy');
  const rules = (await h.svc.rulesOf(CHANNEL)) as unknown as DuelRules;
  const from = s.capitals.A;
  const to = rules.g.landNbrs.get(from)![0]!;
  const zh = (id: string) => rules.map.territory.get(id)!.name.zh;
  const entries = async () => {
    const e = (await h.svc.export(CHANNEL, MOD));
    assert.ok(e.ok);
    return e.value.log.map((l) => l.entry as { type: string; side?: string; command?: unknown; text?: string }).filter((x) => x.type === 'command');
  };

  // Typed in the channel: taken privately (the message deleted, the answer by DM).
  const typedId = typed(h, ALICE, `【调兵】${zh(from)}→${zh(to)} 一半`);
  await h.settle();
  assert.ok(h.discord.find((c) => c.method === 'DELETE' && c.path === `/channels/${CHANNEL}/messages/${typedId}`));
  const byText = (await entries()).at(-1)!;
  slash(h, ALICE, 'cancel', [str('target', 'all')]);
  await h.settle();
  assert.deepEqual(((await entries()).at(-1)!.command as { kind: string }).kind, 'cancel');

  h.discord.clear();
  const order = slash(h, ALICE, 'order', [str('from', from), str('to', to), str('amount', 'half')]);
  await h.settle();
  const bySlash = (await entries()).at(-1)!;
  const pick = (x: typeof byText) => ({ type: x.type, side: x.side, command: x.command, text: x.text });
  assert.deepEqual(pick(bySlash), pick(byText), '/order is the same entry as the typed command');
  const a = answers(h, order);
  assert.equal(a.ephemeral, true, 'answered only to the player');
  assert.match(a.texts[0]!, new RegExp(`✅ ${zh(from)} → ${zh(to)}：一半`));
  assert.ok(!h.discord.posts().some((p) => String(p.body!.content).includes(zh(to))), 'nothing of it in the channel');

  slash(h, ALICE, 'cancel', [str('target', zh(from))]);
  await h.settle();
  const move = slash(h, ALICE, 'move', [str('from', from), str('to', to), str('count', 'half')]);
  await h.settle();
  assert.deepEqual(pick((await entries()).at(-1)!), pick(byText), '/move in a duel is /order');
  assert.equal(answers(h, move).ephemeral, true);
  const five = slash(h, ALICE, 'move', [str('from', from), str('to', to), str('count', '5')]);
  const war = slash(h, ALICE, 'war', [str('target', 'B')]);
  const done = slash(h, ALICE, 'done', []);
  await h.settle();
  assert.match(answers(h, five).texts.join('\n'), /COUNT_NOT_ALLOWED|全部|一半/);
  assert.match(answers(h, war).texts.join('\n'), /WRONG_GAME：\/war 是新欧洲战争的命令，本频道的游戏是欧陆对决/);
  assert.equal(((await h.svc.stateOf(CHANNEL)) as DuelState).turn, 2, '/done in a duel is /ready: with the bot ready, the turn resolved');
  const map = slash(h, ALICE, 'map', []);
  await h.settle();
  const picture = h.discord.calls.find((x) => x.path === `/webhooks/${APP}/tok-${map}/messages/@original`);
  assert.equal(answers(h, map).ephemeral, true);
  assert.equal(picture?.files.length, 1, '/map in a duel: the duel\'s map, only to the asker');
  assert.match(answers(h, done).texts.join('\n'), /红方已准备/);
});

test('D10.3.2: ready by the status message\'s [准备] (the rules\' press), which stays; a spectator is refused privately; [地图] asks the map privately; [网页] with PUBLIC_URL', async () => {
  const h = setup({ publicUrl: 'https://duel.example.org/' });
  const c = await challenge(h);
  click(h, BOB, c.accept, c.messageId, { content: c.text });
  await h.settle();
  const thread = '910000000000000001';
  const status = h.discord.posts(thread).find((p) => buttonIds(p).includes('duel:ready'))!;
  assert.deepEqual(buttonIds(status), ['duel:ready', 'duel:map', 'page:duel'], 'PUBLIC_URL: [网页] too');
  const statusId = idOf(h, status);
  h.discord.clear();

  const ready = click(h, ALICE, 'duel:ready', statusId, { channel: thread });
  await h.settle();
  assert.equal(((await h.svc.stateOf(thread)) as DuelState).ready.A, true);
  const edited = h.discord.calls.filter((x) => x.method === 'PATCH' && x.path === `/channels/${thread}/messages/${statusId}`).at(-1);
  assert.match(String(edited?.body?.content), /红方 ✓ 已准备/);
  assert.deepEqual(buttonIds(edited), ['duel:ready', 'duel:map', 'page:duel'], 'the buttons stay');
  assert.ok(!h.discord.find((x) => x.path === `/webhooks/${APP}/tok-${ready}/messages/@original`), 'the press does not strip the status message');
  assert.match(h.discord.posts(thread).map((p) => String(p.body!.content)).join('\n'), /红方已准备/);

  const eve = click(h, EVE, 'duel:ready', statusId, { channel: thread });
  await h.settle();
  const refusedEve = h.discord.find((x) => x.method === 'POST' && x.path === `/webhooks/${APP}/tok-${eve}`);
  assert.equal((refusedEve!.body as { flags: number }).flags & 64, 64);
  assert.match(String(refusedEve!.body!.content), /没有一方/);

  // Both ready: the turn resolves and the status message shows turn 2.
  click(h, BOB, 'duel:ready', statusId, { channel: thread });
  await h.settle();
  assert.equal(((await h.svc.stateOf(thread)) as DuelState).turn, 2);
  const latest = h.discord.calls.filter((x) => x.method === 'PATCH' && x.path === `/channels/${thread}/messages/${statusId}`).at(-1);
  assert.match(String(latest?.body?.content), /第2\/150回合/);

  const map = click(h, EVE, 'duel:map', statusId, { channel: thread });
  await h.settle();
  const mapAnswer = h.discord.find((x) => x.method === 'POST' && x.path === `/webhooks/${APP}/tok-${map}`);
  assert.ok(mapAnswer, 'answered');
  assert.equal((mapAnswer!.body as { flags: number }).flags & 64, 64, 'only the asker sees it');
  assert.equal(mapAnswer!.files.length, 1, 'with the map picture');
  assert.ok(!h.discord.posts(thread).some((p) => p.files.length && p.at > mapAnswer!.at), 'not posted in the thread');
  const page = click(h, BOB, 'page:duel', statusId, { channel: thread });
  await h.settle();
  const link = h.discord.find((x) => x.method === 'POST' && x.path === `/webhooks/${APP}/tok-${page}`);
  assert.match(String(link?.body?.content), new RegExp(`https://duel\\.example\\.org/duel/${(await h.svc.gameOf(thread))!.id}`));
  const dl = slash(h, BOB, 'duel-link', [], { channel: thread });
  await h.settle();
  assert.match(answers(h, dl).texts[0]!, /https:\/\/duel\.example\.org\/duel\/\d+/);
  assert.equal(answers(h, dl).ephemeral, true);
});

test('D10.2: in a New European War channel /move stays its own and the duel\'s commands are WRONG_GAME; /map and /status answer for the channel\'s game', async () => {
  const h = setup();
  const judge = { id: ALICE.id, name: 'alice' };
  assert.ok((await h.svc.createGame(CHANNEL, judge, { map: TINY })).ok);
  assert.ok((await h.svc.join(CHANNEL, ALICE, 'A')).ok);
  assert.ok((await h.svc.join(CHANNEL, BOB, 'B')).ok);
  assert.ok((await h.svc.start(CHANNEL, judge)).ok);
  await h.settle();
  const move = slash(h, ALICE, 'move', [str('from', 'a_cap'), str('to', 'a_land'), str('count', '5')]);
  const order = slash(h, ALICE, 'order', [str('from', 'a_cap'), str('to', 'a_land')]);
  const ready = slash(h, ALICE, 'ready', []);
  const status = slash(h, ALICE, 'status', []);
  await h.settle();
  const orders = ((await h.svc.stateOf(CHANNEL)) as GameState).orders.A ?? [];
  assert.equal(orders.length, 1, 'the war mode took /move');
  assert.match(answers(h, move).texts[0]!, /甲都/);
  assert.match(answers(h, order).texts[0]!, /WRONG_GAME：\/order 是欧陆对决的命令，本频道的游戏是新欧洲战争/);
  assert.match(answers(h, ready).texts[0]!, /WRONG_GAME/);
  assert.doesNotMatch(answers(h, status).texts[0]!, /WRONG_GAME/);
  // The duel's `target` on the shared /cancel is refused here rather than read as "cancel all".
  const cancel = slash(h, ALICE, 'cancel', [str('target', 'a_cap')]);
  await h.settle();
  assert.match(answers(h, cancel).texts[0]!, /BAD_SYNTAX：target 只用于欧陆对决/);
  assert.equal((((await h.svc.stateOf(CHANNEL)) as GameState).orders.A ?? []).length, 1, 'the order stays');
  // Autocomplete of a duel option in a war channel suggests nothing; of /move, the war map's names.
  const ac = slash(h, ALICE, 'order', [{ name: 'from', type: 3, value: '甲', focused: true }], { type: 4 });
  const acMove = slash(h, ALICE, 'move', [{ name: 'from', type: 3, value: '甲都', focused: true }], { type: 4 });
  await h.settle();
  const choices = (iid: string) => (h.discord.find((x) => x.path === `/interactions/${iid}/tok-${iid}/callback`)!.body as { data: { choices: { value: string }[] } }).data.choices.map((x) => x.value);
  assert.deepEqual(choices(ac), []);
  assert.equal(choices(acMove)[0], 'a_cap');
});

test('D10.2: duel options complete from the duel\'s map — own places first, a list option\'s last piece, /cancel\'s targets', async () => {
  const h = setup({ threads: false });
  slash(h, ALICE, 'duel', [str('bot', 'lander')]);
  await h.settle();
  const s = (await h.svc.stateOf(CHANNEL)) as DuelState;
  const rules = (await h.svc.rulesOf(CHANNEL)) as unknown as DuelRules;
  const capital = rules.map.territory.get(s.capitals.A)!;
  const choices = (iid: string) => (h.discord.find((x) => x.path === `/interactions/${iid}/tok-${iid}/callback`)!.body as { data: { choices: { name: string; value: string }[] } }).data.choices;
  const from = slash(h, ALICE, 'order', [{ name: 'from', type: 3, value: '', focused: true }], { type: 4 });
  const named = slash(h, ALICE, 'order', [{ name: 'to', type: 3, value: capital.name.en.slice(0, 4), focused: true }], { type: 4 });
  const points = slash(h, ALICE, 'route', [{ name: 'points', type: 3, value: `${capital.name.zh}→${capital.name.zh.slice(0, 1)}`, focused: true }], { type: 4 });
  const cancel = slash(h, ALICE, 'cancel', [{ name: 'target', type: 3, value: '', focused: true }], { type: 4 });
  const region = slash(h, ALICE, 'helper', [str('mode', 'rally'), { name: 'region', type: 3, value: '巴尔', focused: true }], { type: 4 });
  await h.settle();
  assert.equal(choices(from)[0]!.value, s.capitals.A, 'the own territory first');
  assert.ok(choices(from).length <= 25);
  assert.ok(choices(named).some((c) => c.value === capital.id));
  assert.ok(choices(points).every((c) => c.value.startsWith(`${capital.name.zh}→`)), 'what was typed before the last arrow is kept');
  assert.deepEqual(choices(cancel).slice(0, 2).map((c) => c.value), ['all', 'routes']);
  assert.equal(choices(region)[0]!.value, 'balkans');
});

test('D10.2 definitions: the duel\'s commands are registered once each, with Chinese names unique across every command (Discord refuses a clash)', () => {
  const all = commandsJson(COMMANDS) as { name: string; name_localizations?: Record<string, string>; options?: { name: string }[] }[];
  for (const want of ['duel', 'order', 'stand', 'route', 'cancel', 'helper', 'rally', 'ready', 'unready', 'resign', 'map', 'status', 'duel-link', 'move', 'done']) {
    assert.equal(all.filter((c) => c.name === want).length, 1, `/${want}`);
  }
  const zh = all.map((c) => c.name_localizations!['zh-CN']!);
  assert.deepEqual(zh.filter((z, i) => zh.indexOf(z) !== i), []);
  assert.deepEqual(all.find((c) => c.name === 'cancel')!.options!.map((o) => o.name), ['from', 'to', 'target'], '/cancel: the war mode\'s options and the duel\'s target');
  assert.deepEqual(all.find((c) => c.name === 'duel')!.options!.map((o) => o.name), ['opponent', 'bot', 'start_armies', 'turn_seconds', 'turn_limit', 'seed', 'rated']);
});
