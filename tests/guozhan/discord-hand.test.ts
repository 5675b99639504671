/**
 * Issue 20, 国战's hand on Discord at discord.js's boundary: [我的手牌] answers only the presser with the hand, its
 * picture and a menu of its cards (≤ 25 options); choosing a 杀 there asks for targets in the same ephemeral message,
 * and choosing one sends 【杀】ID→target as the seat (the table line in the channel); a spectator's choice is refused;
 * `/hand dm:true` sends it by DM and says plainly when Discord refuses the DM (50007); a slow answer is deferred first.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Client } from 'discord.js';
import { GameService } from '../../src/platform/session/index.ts';
import type { GameServiceApi } from '../../src/platform/session/index.ts';
import { Store } from '../../src/platform/store/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { GAMES } from '../../src/games/index.ts';
import { COMMANDS } from '../../commands/index.ts';
import { card } from '../../src/games/guozhan/cards.ts';
import { GENERALS } from '../../src/games/guozhan/generals.ts';
import { HAND_BUTTON } from '../../src/games/guozhan/module.ts';
import type { State } from '../../src/games/guozhan/types.ts';
import { T0, fakeRenderer } from '../helpers/live.ts';
import { APP, CHANNEL, GUILD, answers, bool, click, harness, json, slash, user, type Harness } from '../helpers/discord.ts';

const ALICE = { id: '100000000000000001', name: 'alice' };
const BOB = { id: '100000000000000002', name: 'bob' };
const CAROL = { id: '100000000000000003', name: 'carol' };
const EVE = { id: '100000000000000005', name: 'eve' };
const USERS = { 甲: ALICE, 乙: BOB, 丙: CAROL } as const;

const clients: Client[] = [];
after(async () => { for (const c of clients) await c.destroy(); });

let seq = 0;
/** A choice in a string select (component type 3) on message `messageId`. */
function choose(h: Harness, author: { id: string; name: string }, customId: string, values: string[], messageId: string): string {
  const id = String(400000000000000000n + BigInt(++seq));
  (h.client as unknown as { actions: Record<string, { handle(d: unknown): unknown }> }).actions.InteractionCreate!.handle({
    id, application_id: APP, type: 3, token: `tok-${id}`, version: 1, guild_id: GUILD, channel_id: CHANNEL,
    channel: { id: CHANNEL, type: 0, guild_id: GUILD }, locale: 'zh-CN', app_permissions: '0', entitlements: [], authorizing_integration_owners: {},
    member: { user: user(author.id, author.name), roles: [], permissions: '0', joined_at: new Date().toISOString(), deaf: false, mute: false },
    message: { id: messageId, channel_id: CHANNEL, type: 0, content: '', author: user(APP, 'referee'), timestamp: new Date().toISOString(), attachments: [], embeds: [], mentions: [], mention_roles: [], pinned: false, tts: false, components: [], flags: 64 },
    data: { custom_id: customId, component_type: 3, values },
  });
  return id;
}

type Row = { components: { custom_id: string; type: number; options?: { value: string }[]; max_values?: number }[] };
/** Every answer (follow-ups and edits of the original) of an interaction. */
const sent = (h: Harness, iid: string) => h.discord.calls.filter((c) => c.path.startsWith(`/webhooks/${APP}/tok-${iid}`));
const comps = (body: Record<string, unknown> | null) => ((body?.components as Row[] | undefined) ?? []).flatMap((r) => r.components);

async function setup(wrap?: (svc: GameServiceApi) => GameServiceApi, pick = true) {
  const clock = new VirtualClock(T0);
  let svc!: GameService;
  const renderer = { ...fakeRenderer(), async tablePng() { return Buffer.from('TABLE'); }, async handPng() { return Buffer.from('HAND'); } };
  const h = harness((chat) => { svc = new GameService({ store: new Store(':memory:'), clock, chat, games: GAMES, renderer, logError: () => undefined }); return wrap ? wrap(svc) : svc; }, COMMANDS, clients, { now: () => clock.now() });
  const settle = async () => { await h.bot.idle(); await svc.idle(); };
  const judge = { id: ALICE.id, name: 'alice' };
  assert.ok((await svc.createGame(CHANNEL, judge, { game: 'guozhan', settings: { players: 3, autopilotAfter: 50 } })).ok);
  for (const [seat, u] of Object.entries(USERS)) assert.ok((await svc.join(CHANNEL, u, seat)).ok);
  assert.ok((await svc.start(CHANNEL, judge)).ok);
  // Everyone picks their first pair; then the first seat answers any turn-start question with 【不出】 up to its play phase.
  const state = async () => (await svc.stateOf(CHANNEL)) as State;
  if (!pick) { await settle(); return { h, svc, clock, settle, state, first: '甲' as keyof typeof USERS, user: ALICE }; }
  let n = 0;
  const say = (u: { id: string; name: string }, text: string) => svc.handleMessage({ channelId: CHANNEL, userId: u.id, userName: u.name, text, messageId: `dh-${++n}` });
  for (const [seat, u] of Object.entries(USERS)) {
    const d = ((await svc.stateOf(CHANNEL)) as State).players.find((p) => p.name === seat)!.dealt;
    const pair = d.flatMap((x) => d.filter((y) => y !== x && GENERALS[x]!.kingdom === GENERALS[y]!.kingdom).map((y) => [x, y]))[0]!;
    assert.ok((await say(u, `【选择】${GENERALS[pair[0]!]!.zh}+${GENERALS[pair[1]!]!.zh}`)).ok);
  }
  const s = await state();
  const first = s.players[s.turn.seat]!.name as keyof typeof USERS;
  for (let k = 0; k < 6 && (await state()).ask!.kind !== 'play'; k++) await say(USERS[first], '【不出】');
  await settle();
  return { h, svc, clock, settle, state, first, user: USERS[first] };
}

test('issue 20 Discord hand: [我的手牌] is an ephemeral panel with the picture and a card menu; a 杀 chosen asks for targets, then is used as the seat', async () => {
  const { h, settle, state, first, user: me } = await setup();
  const s = await state();
  assert.equal(s.ask!.kind, 'play');
  const hand = s.players.find((p) => p.name === first)!.hand;
  h.discord.clear();
  const press = click(h, me, HAND_BUTTON, '800000000000000999');
  await settle();
  const reply = sent(h, press)[0]!;
  assert.equal((reply.body as { flags: number }).flags & 64, 64, 'only the presser sees it');
  assert.deepEqual(reply.files.length, 1, 'the hand\'s picture');
  assert.equal(reply.data[0]!.toString(), 'HAND');
  const menu = comps(reply.body).find((c) => c.custom_id === 'gz:h:card')!;
  assert.ok(menu, 'a menu of the cards');
  assert.equal(menu.type, 3);
  assert.deepEqual(menu.options!.map((o) => o.value), hand.slice(0, 25));
  assert.ok(comps(reply.body).some((c) => c.custom_id === 'gz:h:end'), '结束出牌');
  assert.deepEqual(h.discord.posts().map((p) => String(p.body?.content)), [], 'nothing in the channel');

  // A spectator's choice in someone's menu is refused.
  const eve = choose(h, EVE, 'gz:h:card', [hand[0]!], reply.id ?? '1');
  await settle();
  assert.match(sent(h, eve).map((c) => String(c.body?.content)).join('\n'), /没有座位/);

  const slashId = hand.find((id) => card(id).name === '杀' || card(id).name === '雷杀' || card(id).name === '火杀');
  if (slashId) {
    const pick = choose(h, me, 'gz:h:card', [slashId], reply.id ?? '1');
    await settle();
    const edit = sent(h, pick).find((c) => c.method === 'PATCH')!;
    assert.ok(edit, 'the same message is edited');
    const targets = comps(edit.body).find((c) => c.custom_id === `gz:h:tgt:${slashId}`)!;
    assert.ok(targets, 'a menu of targets');
    const other = targets.options!.map((o) => o.value).find((x) => x !== first)!;
    h.discord.clear();
    const go = choose(h, me, `gz:h:tgt:${slashId}`, [other], reply.id ?? '1');
    await settle();
    const row = (await state()).commands.find((c) => c.text === `【${card(slashId).name}】${slashId}→${other}`);
    assert.ok(row, 'sent as the seat\'s command');
    const after = String(sent(h, go).find((c) => c.method === 'PATCH')!.body!.content);
    if (row.ok) assert.match(h.discord.posts().map((p) => String(p.body?.content)).join('\n'), new RegExp(`${first}.*${other}`), 'the table line in the channel');
    else assert.match(after, /✗|❌/, 'the refusal in the panel');
  } else {
    const end = click(h, me, 'gz:h:end', reply.id ?? '1');
    await settle();
    assert.ok((await state()).commands.some((c) => c.text === '【结束】' && c.ok));
    assert.ok(sent(h, end).some((c) => c.method === 'PATCH'));
  }
});

test('issue 20 Discord: the dealt generals are an ephemeral menu — two chosen, then a button per order (主将 first) picks them as the seat', async () => {
  const { h, settle, state } = await setup(undefined, false);
  const s = await state();
  assert.equal(s.status, 'picking');
  const dealt = s.players.find((p) => p.name === '乙')!.dealt;
  h.discord.clear();
  const press = click(h, BOB, HAND_BUTTON, '800000000000000999');
  await settle();
  const reply = sent(h, press)[0]!;
  assert.equal((reply.body as { flags: number }).flags & 64, 64, 'only 乙 sees its dealt generals');
  assert.match(String(reply.body?.content), /待选：/);
  const menu = comps(reply.body).find((c) => c.custom_id === 'gz:h:pick')!;
  assert.ok(menu, 'a menu of the dealt generals');
  assert.deepEqual(menu.options!.map((o) => o.value), dealt);
  assert.equal(menu.max_values, 2);
  assert.ok(!comps(reply.body).some((c) => c.custom_id === 'gz:h:pass'), 'no 不出 while picking');
  assert.deepEqual(h.discord.posts().map((p) => String(p.body?.content)), [], 'nothing in the channel');
  // Two of one kingdom, in the menu's order; the next step asks which is the main general (G2.4).
  const [x, y] = dealt.flatMap((a) => dealt.filter((b) => b !== a && GENERALS[a]!.kingdom === GENERALS[b]!.kingdom).map((b) => [a, b]))[0]!;
  const chose = choose(h, BOB, 'gz:h:pick', [x!, y!], reply.id ?? '1');
  await settle();
  const step = sent(h, chose).find((c) => c.method === 'PATCH')!;
  assert.ok(step, 'the same message is edited');
  const orders = comps(step.body).filter((c) => c.custom_id.startsWith('gz:h:pair:')).map((c) => c.custom_id);
  assert.deepEqual(orders, [`gz:h:pair:${x}:${y}`, `gz:h:pair:${y}:${x}`]);
  // 乙 takes the second general as its main general.
  const go = click(h, BOB, orders[1]!, reply.id ?? '1');
  await settle();
  const after = await state();
  assert.deepEqual(after.commands.at(-1)!.text, `【选择】${GENERALS[y!]!.zh}+${GENERALS[x!]!.zh}`);
  assert.equal(after.commands.at(-1)!.ok, true);
  assert.match(String(sent(h, go).find((c) => c.method === 'PATCH')!.body!.content), /✅/);
  // 乙 is no longer asked; 甲 and 丙 still are (the pick waits for all).
  assert.deepEqual(after.ask!.seats.map((i) => after.players[i]!.name).sort(), ['甲', '丙'].sort());
  // A spectator's choice in the menu is refused.
  const eve = choose(h, EVE, 'gz:h:pick', [x!, y!], reply.id ?? '1');
  await settle();
  assert.match(sent(h, eve).map((c) => String(c.body?.content)).join('\n'), /没有座位/);
});

test('issue 20 Discord hand: /hand dm:true sends it by DM; Discord\'s 50007 is told plainly', async () => {
  const { h, settle, user: me } = await setup();
  const ok = slash(h, me, 'hand', [bool('dm', true)]);
  await settle();
  assert.ok(h.discord.calls.some((c) => c.method === 'POST' && c.path === `/channels/dm-${me.id}/messages`), 'a DM');
  assert.match(answers(h, ok).texts.join('\n'), /也私信给你了/);
  assert.equal(answers(h, ok).ephemeral, true);
  h.discord.answer = (c) => (c.path.startsWith('/channels/dm-') ? json({ message: 'Cannot send messages to this user', code: 50007 }, 403) : undefined);
  const no = slash(h, me, 'hand', [bool('dm', true)]);
  await settle();
  const text = answers(h, no).texts.join('\n');
  assert.match(text, /无法私信你（Discord 50007/);
  assert.match(text, /你的手牌/, 'the hand is still answered here');
});

test('issue 20 Discord: a slow answer is deferred first — the press and /hand are acknowledged before the service answers', async () => {
  let open!: () => void;
  let gate = new Promise<void>((r) => (open = r));
  const { h, settle, user: me } = await setup((svc) => new Proxy(svc, {
    get(t, k, r) {
      const v = Reflect.get(t, k, r);
      if (k !== 'handleButton' && k !== 'handleMessage') return typeof v === 'function' ? v.bind(t) : v;
      return async (...a: unknown[]) => { await gate; return (v as (...x: unknown[]) => unknown).apply(t, a); };
    },
  }));
  open();
  for (const start of [() => click(h, me, HAND_BUTTON, '800000000000000999'), () => slash(h, me, 'hand', [])]) {
    gate = new Promise<void>((r) => (open = r));
    const iid = start();
    for (let k = 0; k < 20; k++) await new Promise((r) => setImmediate(r));
    assert.ok(h.discord.find((c) => c.path === `/interactions/${iid}/tok-${iid}/callback`), 'deferred while the work is still running');
    assert.equal(sent(h, iid).length, 0, 'no answer yet');
    open();
    await settle();
    assert.ok(sent(h, iid).some((c) => /你的手牌/.test(String(c.body?.content))), 'then answered');
  }
});
