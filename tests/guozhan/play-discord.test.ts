/**
 * Issue 20, 国战 on Discord at discord.js's boundary: the status message carries [我的手牌] [桌面]; a seat's press and
 * `/hand` are answered ephemerally with its own cards and generals (nothing in the channel), a spectator's press is
 * refused ephemerally; `/table` answers the picture ephemerally; the channel sees the prompt with its deadline and
 * the announced default when it times out; in another game's channel `/hand` is WRONG_GAME.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Client } from 'discord.js';
import { GameService } from '../../src/platform/session/index.ts';
import { Store } from '../../src/platform/store/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { GAMES } from '../../src/games/index.ts';
import { COMMANDS } from '../../commands/index.ts';
import { cardText } from '../../src/games/guozhan/cards.ts';
import { HAND_BUTTON, TABLE_BUTTON } from '../../src/games/guozhan/module.ts';
import type { State } from '../../src/games/guozhan/types.ts';
import { T0, TINY, fakeRenderer } from '../helpers/live.ts';
import { APP, CHANNEL, answers, buttonIds, click, harness, slash, str } from '../helpers/discord.ts';
import { GENERALS } from '../../src/games/guozhan/generals.ts';
import { namesGeneral } from './names.ts';

const ALICE = { id: '100000000000000001', name: 'alice' };
const BOB = { id: '100000000000000002', name: 'bob' };
const CAROL = { id: '100000000000000003', name: 'carol' };
const EVE = { id: '100000000000000005', name: 'eve' };

const clients: Client[] = [];
after(async () => { for (const c of clients) await c.destroy(); });

function setup() {
  const clock = new VirtualClock(T0);
  let svc!: GameService;
  const renderer = { ...fakeRenderer(), async tablePng() { return Buffer.from('TABLE'); } };
  const h = harness((chat) => (svc = new GameService({ store: new Store(':memory:'), clock, chat, games: GAMES, renderer, logError: () => undefined })), COMMANDS, clients, { now: () => clock.now() });
  return { ...h, svc, clock, settle: async () => { await h.bot.idle(); await svc.idle(); } };
}

test('issue 20 on Discord: [我的手牌] and /hand ephemeral with the seat\'s own cards, a spectator refused, /table ephemeral with the picture, prompts with deadlines and announced timeouts', async () => {
  const h = setup();
  const judge = { id: ALICE.id, name: 'alice' };
  assert.ok((await h.svc.createGame(CHANNEL, judge, { game: 'guozhan', settings: { players: 3, autopilotAfter: 50 } })).ok);
  for (const [u, seat] of [[ALICE, '甲'], [BOB, '乙'], [CAROL, '丙']] as const) assert.ok((await h.svc.join(CHANNEL, u, seat)).ok);
  assert.ok((await h.svc.start(CHANNEL, judge)).ok);
  await h.settle();
  const status = h.discord.posts().find((p) => buttonIds(p).includes(HAND_BUTTON));
  assert.ok(status, 'the status message has the buttons');
  assert.deepEqual(buttonIds(status), [HAND_BUTTON, TABLE_BUTTON]);
  const s = (await h.svc.stateOf(CHANNEL)) as State;
  const bob = s.players.find((p) => p.name === '乙')!;
  assert.ok(h.discord.posts().some((p) => /截止 <t:\d+:T>/.test(String(p.body?.content))), 'the pick prompt shows its deadline');

  h.discord.clear();
  const press = click(h, BOB, HAND_BUTTON, status!.id!);
  await h.settle();
  const reply = h.discord.find((x) => x.method === 'POST' && x.path === `/webhooks/${APP}/tok-${press}`);
  assert.ok(reply, 'answered');
  assert.equal((reply!.body as { flags: number }).flags & 64, 64, 'only the presser sees it');
  for (const id of bob.hand) assert.ok(String(reply!.body!.content).includes(cardText(id)));
  assert.match(String(reply!.body!.content), /待选：/, 'the dealt generals during the pick');
  assert.deepEqual(h.discord.posts().map((p) => String(p.body?.content)), [], "nothing in the channel");

  const eve = click(h, EVE, HAND_BUTTON, status!.id!);
  await h.settle();
  const no = h.discord.find((x) => x.method === 'POST' && x.path === `/webhooks/${APP}/tok-${eve}`);
  assert.equal((no!.body as { flags: number }).flags & 64, 64);
  assert.match(String(no!.body!.content), /没有座位/);

  const hand = slash(h, CAROL, 'hand', []);
  await h.settle();
  const a = answers(h, hand);
  assert.equal(a.ephemeral, true);
  const carol = s.players.find((p) => p.name === '丙')!;
  for (const id of carol.hand) assert.ok(a.texts.join('\n').includes(cardText(id)));
  for (const id of bob.hand) assert.ok(!a.texts.join('\n').includes(id), 'not another seat\'s card');

  const table = slash(h, EVE, 'table', []);
  await h.settle();
  const t = answers(h, table);
  assert.equal(t.ephemeral, true);
  const files = h.discord.calls.filter((c) => c.path.startsWith(`/webhooks/${APP}/tok-${table}`)).flatMap((c) => c.files);
  assert.equal(files.length, 1, 'the table picture');
  assert.equal(h.discord.posts().filter((p) => p.files.length).length, 0, 'not posted in the channel');

  // /guozhan: the general pick sent privately — answered ephemerally, never shown in the channel.
  let pair: [string, string] | null = null;
  for (const x of bob.dealt) for (const y of bob.dealt) if (!pair && x !== y && GENERALS[x]!.kingdom === GENERALS[y]!.kingdom) pair = [x, y];
  h.discord.clear();
  const pick = slash(h, BOB, 'guozhan', [str('command', `【选择】${GENERALS[pair![0]]!.zh}+${GENERALS[pair![1]]!.zh}`)]);
  await h.settle();
  assert.equal(answers(h, pick).ephemeral, true);
  assert.match(answers(h, pick).texts.join('\n'), /已选择武将/);
  assert.ok(!h.discord.posts().some((p) => namesGeneral(String(p.body?.content), pair![0])), 'the pick is not in the channel');
  const picked = (await h.svc.stateOf(CHANNEL)) as State;
  assert.ok(!picked.ask!.seats.some((i) => picked.players[i]!.name === '乙'), '乙 has picked');

  // The pick times out for the others: the default is announced in the channel.
  h.discord.clear();
  await h.clock.advance(90_000);
  await h.settle();
  assert.match(h.discord.posts().map((p) => String(p.body?.content)).join('\n'), /⏰ .*超时：按发牌顺序取第一对同势力武将/);
});

test('issue 20 on Discord: /hand in a New European War channel is WRONG_GAME', async () => {
  const h = setup();
  assert.ok((await h.svc.createGame(CHANNEL, { id: ALICE.id, name: 'alice' }, { map: TINY })).ok);
  const r = slash(h, ALICE, 'hand', []);
  await h.settle();
  assert.match(answers(h, r).texts.join('\n'), /WRONG_GAME|国战/);
});
