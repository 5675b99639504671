/**
 * The Discord adapter at discord.js's boundary: real discord.js objects built from raw gateway payloads
 * (client.actions.*.handle, as the gateway handlers do), and the client's REST with a stubbed request
 * function that records what would be sent to Discord and answers like Discord.
 */
import { after, test } from 'node:test';
import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import assert from 'node:assert/strict';
import { Client, Collection, PermissionFlagsBits, Partials, SnowflakeUtil, type Message, type TextChannel } from 'discord.js';
import type { ButtonPress, Incoming, Reply } from '../../src/platform/chat/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import type { ExportData, GameServiceApi } from '../../src/platform/session/index.ts';
import { GameService } from '../../src/games/index.ts';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { parseMessage } from '../../src/games/neuwar/parse/index.ts';
import { Store } from '../../src/platform/store/index.ts';
import { COMMANDS } from '../../commands/index.ts';
import { DiscordBot, DiscordChat, FILE_LIMIT, commandsJson, deployCommands, isModerator, splitMessage, toParts } from '../../src/platform/adapters/discord/index.ts';
import { completeNames } from '../../src/games/neuwar/slash/index.ts';
import { NeuwarRules } from '../../src/games/neuwar/module.ts';
import { fakeRenderer, T0 } from '../helpers/live.ts';
import { APP, CHANNEL, FakeDiscord, GUILD } from '../helpers/discord.ts';

const TINY = 'tests/fixtures/tiny.json';
const tiny = loadMapFile(TINY);
const MOD_ROLE = '900000000000000004';
const ALICE = '100000000000000001'; // plays 甲国 (A)
const BOB = '100000000000000002'; // plays 乙国 (B)
const EVE = '100000000000000005'; // spectator
const MODDY = '100000000000000009'; // has the moderator role

// ── the stubbed Discord (tests/helpers/discord.ts's FakeDiscord answers the REST calls) ───────────────────

const role = (id: string, name: string, permissions = '0') => ({ id, name, permissions, position: id === GUILD ? 0 : 1, color: 0, hoist: false, managed: false, mentionable: false });

const clients: Client[] = [];
after(async () => {
  for (const c of clients) await c.destroy();
});

function makeClient(discord: FakeDiscord): Client {
  const client = new Client({ intents: [], partials: [Partials.Channel], rest: { makeRequest: discord.makeRequest as never, retries: 0 } });
  client.rest.setToken('test-token');
  clients.push(client);
  // Logged in as the bot (discord.js compares authors with it).
  (client as unknown as { user: { id: string } }).user = { id: APP };
  (client as unknown as { guilds: { _add(d: unknown): unknown } }).guilds._add({
    id: GUILD, name: 'Server', owner_id: '100000000000000099',
    roles: [role(GUILD, '@everyone'), role(MOD_ROLE, 'Referee')],
    channels: [{ id: CHANNEL, type: 0, name: 'new-european-war', guild_id: GUILD, position: 0 }],
    members: [],
  });
  return client;
}

interface Harness { discord: FakeDiscord; client: Client; chat: DiscordChat; bot: DiscordBot }

function harness(service: GameServiceApi | ((chat: DiscordChat) => GameServiceApi), opts: { now?: () => number; modRole?: string } = {}): Harness & { service: GameServiceApi } {
  const discord = new FakeDiscord();
  const client = makeClient(discord);
  const chat = new DiscordChat(client.rest);
  const svc = typeof service === 'function' ? service(chat) : service;
  const bot = new DiscordBot({ client, service: svc, chat, commands: COMMANDS, modRole: opts.modRole ?? MOD_ROLE, log: () => undefined, ...(opts.now ? { now: opts.now } : {}) }).attach();
  chat.decorate = (ch, m) => bot.mentionLaggards(ch, m);
  return { discord, client, chat, bot, service: svc };
}

const actions = (client: Client) => (client as unknown as { actions: Record<string, { handle(d: unknown): unknown }> }).actions;
const user = (id: string, name: string) => ({ id, username: name, discriminator: '0', global_name: name });

let msgSeq = 0;
function typed(h: Harness, author: string, content: string, o: { id?: string; dm?: boolean; roles?: string[]; at?: number } = {}): string {
  // A message's time is in its snowflake id, as on Discord.
  const id = o.id ?? (o.at !== undefined ? SnowflakeUtil.generate({ timestamp: o.at, increment: BigInt(++msgSeq) }).toString() : String(700000000000000000n + BigInt(++msgSeq)));
  const base = {
    id, author: user(author, author === ALICE ? 'alice' : author === BOB ? 'bob' : 'someone'), content, type: 0,
    timestamp: new Date(o.at ?? Date.now()).toISOString(), attachments: [], embeds: [], mentions: [], mention_roles: [], pinned: false, tts: false,
  };
  actions(h.client).MessageCreate!.handle(o.dm
    ? { ...base, channel_id: `dm-${author}`, channel_type: 1 }
    : { ...base, channel_id: CHANNEL, guild_id: GUILD, member: { roles: o.roles ?? [], joined_at: new Date().toISOString(), deaf: false, mute: false } });
  return id;
}

let intSeq = 0;
type Opt = { name: string; type: number; value?: string | number; focused?: boolean; options?: Opt[] };
function slash(h: Harness, author: string, name: string, options: Opt[], o: { permissions?: bigint; roles?: string[]; type?: number; id?: string } = {}): string {
  const id = o.id ?? String(600000000000000000n + BigInt(++intSeq));
  actions(h.client).InteractionCreate!.handle({
    id, application_id: APP, type: o.type ?? 2, token: `tok-${id}`, version: 1, guild_id: GUILD, channel_id: CHANNEL,
    channel: { id: CHANNEL, type: 0, guild_id: GUILD }, locale: 'zh-CN', guild_locale: 'zh-CN', app_permissions: '0', entitlements: [], authorizing_integration_owners: {},
    member: { user: user(author, 'x'), roles: o.roles ?? [], permissions: String(o.permissions ?? 0n), joined_at: new Date().toISOString(), deaf: false, mute: false },
    data: { id: '1', name, type: 1, options },
  });
  return id;
}

function click(h: Harness, author: string, customId: string, messageId: string): string {
  const id = String(500000000000000000n + BigInt(++intSeq));
  actions(h.client).InteractionCreate!.handle({
    id, application_id: APP, type: 3, token: `tok-${id}`, version: 1, guild_id: GUILD, channel_id: CHANNEL,
    channel: { id: CHANNEL, type: 0, guild_id: GUILD }, locale: 'zh-CN', app_permissions: '0', entitlements: [], authorizing_integration_owners: {},
    member: { user: user(author, 'x'), roles: [], permissions: '0', joined_at: new Date().toISOString(), deaf: false, mute: false },
    message: {
      id: messageId, channel_id: CHANNEL, type: 0, content: 'request', author: user(APP, 'referee'), timestamp: new Date().toISOString(),
      attachments: [], embeds: [], mentions: [], mention_roles: [], pinned: false, tts: false, components: [], flags: 0,
    },
    data: { custom_id: customId, component_type: 2 },
  });
  return id;
}

const str = (name: string, value: string): Opt => ({ name, type: 3, value });

// ── a recording fake service (where the real one is not needed) ─────────────────────────────────────────

class FakeService {
  incoming: Incoming[] = [];
  presses: ButtonPress[] = [];
  events: string[] = [];
  reply: (inc: Incoming) => Reply = () => ok('ok');
  async handleMessage(inc: Incoming): Promise<Reply> {
    this.incoming.push(inc);
    this.events.push(`handleMessage:${inc.text}`);
    return this.reply(inc);
  }
  async handleButton(p: ButtonPress): Promise<Reply> {
    this.presses.push(p);
    return { handled: true, ok: false, code: 'NOT_ADDRESSED', text: '只有乙国的玩家可以回答这个请求', private: true, items: [] };
  }
  gameOf() {
    return { id: 1, kind: 'neuwar', channelId: CHANNEL, status: 'running' as const, mapPath: TINY, mapId: 'tiny', language: 'zh' as const, creator: ALICE, judges: [], players: [{ userId: ALICE, name: 'alice', country: 'A' }], createdAt: 0, startedAt: 0, endedAt: null, turn: 1, deadlineAt: null, winner: null };
  }
  rulesOf() { return new NeuwarRules(tiny); }
  stateOf() { return null; }
  seatOf(_c: string, u: string) { return u === ALICE ? 'A' : null; }
  viewOf() { return { info: this.gameOf(), seat: null, judge: false, laggards: [] }; }
  listGames() { return [this.gameOf()]; }
  history: (ch: string, turn: number) => Promise<never> = async () => { throw new Error('unset'); };
}
const fake = () => new FakeService();
const asApi = (f: FakeService) => f as unknown as GameServiceApi;
const ok = (text: string, priv = false): Reply => ({ handled: true, ok: true, text, private: priv, items: [{ ok: true, text, private: priv }] });
const refused = (code: string, text: string): Reply => ({ handled: true, ok: false, code, text: `✗ ${text}`, private: false, items: [{ ok: false, code, text, private: false }] });

// ── the real service on the stubbed Discord ─────────────────────────────────────────────────────────────

async function realGame(): Promise<Harness & { service: GameService; store: Store }> {
  const store = new Store(':memory:');
  const h = harness((chat) => new GameService({ store, clock: new VirtualClock(T0), chat, renderer: fakeRenderer(), logError: () => undefined }));
  const svc = h.service as GameService;
  await svc.startUp();
  assert.ok((await svc.createGame(CHANNEL, { id: ALICE, name: 'alice' }, { map: TINY })).ok);
  assert.ok((await svc.join(CHANNEL, { id: ALICE, name: 'alice' }, 'A')).ok);
  assert.ok((await svc.join(CHANNEL, { id: BOB, name: 'bob' }, 'B')).ok);
  assert.ok((await svc.start(CHANNEL, { id: ALICE, name: 'alice' })).ok);
  await svc.idle();
  h.discord.clear();
  return { ...h, service: svc, store };
}

// ── tests ───────────────────────────────────────────────────────────────────────────────────────────────

test('splitMessage: pieces of at most 2,000 characters, cut at line boundaries', () => {
  const lines = Array.from({ length: 300 }, (_, i) => `第${i}行：法国向德国宣战，下回合起可进攻`);
  const text = lines.join('\n');
  assert.ok(text.length > 4000);
  const parts = splitMessage(text);
  assert.ok(parts.length >= 3);
  for (const p of parts) assert.ok(p.length <= 2000, `piece of ${p.length}`);
  assert.equal(parts.join('\n'), text, 'cut only at line ends, nothing lost');
  const long = 'x'.repeat(4500);
  const cut = splitMessage(long);
  assert.deepEqual(cut.map((p) => p.length), [2000, 2000, 500]);
  assert.deepEqual(splitMessage('short'), ['short']);
});

test('DiscordChat.post: a long text becomes several messages; buttons on the last; only <@id> mentions ping', async () => {
  const discord = new FakeDiscord();
  const chat = new DiscordChat(makeClient(discord).rest);
  const text = `<@${BOB}> @everyone\n` + Array.from({ length: 200 }, (_, i) => `line ${i} ${'.'.repeat(20)}`).join('\n');
  const id = await chat.post(CHANNEL, { text, buttons: [{ id: 'req:4:accept', label: '同意', style: 'primary' }, { id: 'req:4:reject', label: '拒绝', style: 'danger' }], images: [{ name: 'map.png', png: Buffer.from('PNG') }] });
  const posts = discord.posts();
  assert.ok(posts.length >= 3);
  assert.equal(id, '800000000000000001', 'the first message id is returned');
  for (const p of posts) assert.ok(String(p.body!.content).length <= 2000);
  assert.deepEqual((posts[0]!.body!.allowed_mentions as { users: string[]; parse: string[] }), { parse: [], users: [BOB] });
  const last = posts.at(-1)!;
  const row = (last.body!.components as { components: { custom_id: string; style: number }[] }[])[0]!;
  assert.deepEqual(row.components.map((b) => b.custom_id), ['req:4:accept', 'req:4:reject']);
  assert.deepEqual(last.files, ['map.png']);
  assert.ok(posts.slice(0, -1).every((p) => !(p.body!.components as unknown[]).length));
});

test('toParts: an image over the upload limit is shrunk or dropped with a note, never sent too big', async () => {
  const big = Buffer.alloc(2048, 1);
  const parts = await toParts({ text: 'turn', images: [{ name: 'map.png', png: big }] }, { fileLimit: 1024 });
  assert.equal(parts.flatMap((p) => p.files).length, 0);
  assert.match(parts.map((p) => p.content).join('\n'), /map\.png/);
});

test('text command → GameService → ✅ reaction; the public echo is the service\'s own post', async () => {
  const h = await realGame();
  const id = typed(h, ALICE, '【宣战】甲国向乙国宣战');
  await h.bot.idle();
  await h.service.idle();
  assert.ok(h.discord.find((c) => c.method === 'PUT' && c.path === `/channels/${CHANNEL}/messages/${id}/reactions/✅/@me`), 'reacted ✅');
  assert.ok(!h.discord.find((c) => c.path.includes('/reactions/❌')));
  assert.ok(h.discord.posts().some((p) => /宣战/.test(String(p.body!.content))), 'the declaration is announced in the channel');
  assert.ok(!h.discord.posts().some((p) => (p.body!.message_reference as { message_id?: string } | undefined)?.message_id === id), 'no reply to an accepted command');
});

test('item 29: a 【地图】 typed in the channel is answered there with its picture, as a reply to the message', async () => {
  const h = await realGame();
  const id = typed(h, ALICE, '【地图】');
  await h.bot.idle();
  await h.service.idle();
  const answers = h.discord.posts().filter((p) => (p.body!.message_reference as { message_id?: string } | undefined)?.message_id === id);
  assert.deepEqual(answers.map((p) => p.files), [['map-turn1.png']], 'the map, once, in the channel');
  assert.equal(h.discord.posts().filter((p) => p.files.length).length, 1, 'no second copy from the service');
  assert.ok(h.discord.find((c) => c.method === 'PUT' && c.path === `/channels/${CHANNEL}/messages/${id}/reactions/✅/@me`), 'reacted ✅');
});

test('text command refused → ❌ and a reply to the message with the reason', async () => {
  const f = fake();
  f.reply = () => refused('NOT_AT_WAR', '甲国与乙国不在战争状态，不能进攻乙都');
  const h = harness(asApi(f));
  const id = typed(h, ALICE, '【调兵】甲乡→乙乡 5');
  await h.bot.idle();
  assert.equal(f.incoming.length, 1);
  assert.equal(f.incoming[0]!.deliver, false);
  assert.equal(f.incoming[0]!.messageId, id);
  assert.ok(h.discord.find((c) => c.method === 'PUT' && c.path.endsWith(`/messages/${id}/reactions/❌/@me`)));
  const r = h.discord.posts().find((p) => (p.body!.message_reference as { message_id?: string } | undefined)?.message_id === id);
  assert.ok(r, 'a reply referencing the message');
  assert.match(String(r!.body!.content), /不在战争状态/);
});

test('a private order typed in the channel: taken, answered by DM, the message deleted', async () => {
  const h = await realGame();
  const id = typed(h, BOB, '【调兵】乙都→乙乡 5');
  await h.bot.idle();
  await h.service.idle();
  assert.ok(h.discord.find((c) => c.method === 'DELETE' && c.path === `/channels/${CHANNEL}/messages/${id}`), 'deleted');
  assert.ok(h.discord.find((c) => c.method === 'POST' && c.path === '/users/@me/channels' && (c.body as { recipient_id: string }).recipient_id === BOB));
  const dm = h.discord.posts(`dm-${BOB}`);
  assert.equal(dm.length, 1);
  assert.match(String(dm[0]!.body!.content), /乙乡/);
  assert.ok(!h.discord.posts().some((p) => /乙乡/.test(String(p.body!.content))), 'nothing about the order in the channel');
  assert.equal((await h.service.stateOf(CHANNEL))!.orders.B?.length, 1, 'the order was taken');
});

test('the same message delivered twice is applied once (also across a restart of the adapter)', async () => {
  const h = await realGame();
  const id = '777000000000000001';
  typed(h, ALICE, '【军事】5', { id });
  typed(h, ALICE, '【军事】5', { id }); // the gateway delivered it again (discord.js's cache drops it)
  const msg = (h.client.channels.cache.get(CHANNEL) as TextChannel).messages.cache.get(id) as Message;
  assert.ok(msg);
  await h.bot.onMessage(msg); // and once more straight to the adapter
  await h.bot.idle();
  await h.service.idle();
  assert.equal((await h.service.stateOf(CHANNEL))!.countries.A!.buying, 5);
  assert.equal(h.discord.posts(`dm-${ALICE}`).length, 1, 'answered once');
  // A new adapter (a restart) on the same service: the service's store knows the id.
  const h2 = harness(h.service);
  typed(h2, ALICE, '【军事】5', { id });
  await h2.bot.idle();
  assert.equal((await h.service.stateOf(CHANNEL))!.countries.A!.buying, 5, 'not bought twice');
  assert.equal(h2.discord.calls.length, 0, 'a duplicate is not answered again');
});

test('slash command → canonical text through handleMessage (private, deliver: false) → ephemeral answer', async () => {
  const f = fake();
  f.reply = (inc) => ok(`已收到：${inc.text}`, true);
  const h = harness(asApi(f));
  const iid = slash(h, ALICE, 'move', [str('from', 'a_cap'), str('to', 'Aland'), str('count', '5')]);
  await h.bot.idle();
  const inc = f.incoming[0]!;
  assert.equal(inc.text, '【调兵】甲都→甲乡 5');
  assert.equal(inc.private, true);
  assert.equal(inc.deliver, false);
  assert.equal(inc.messageId, iid);
  const parsed = parseMessage(inc.text, tiny);
  assert.deepEqual(parsed[0]!.ok && parsed[0]!.command, { kind: 'move', from: 'a_cap', to: 'a_land', count: { kind: 'n', n: 5 } });
  const [defer, edit] = h.discord.calls;
  assert.equal(defer!.path, `/interactions/${iid}/tok-${iid}/callback`);
  assert.deepEqual(defer!.body, { type: 5, data: { flags: 64 } }, 'deferred ephemerally');
  assert.equal(edit!.method, 'PATCH');
  assert.equal(edit!.path, `/webhooks/${APP}/tok-${iid}/messages/@original`);
  assert.match(String(edit!.body!.content), /已收到：【调兵】甲都→甲乡 5/);
});

test('slash diplomacy: the acting country is the user\'s; terms are one text option read by the same grammar', async () => {
  const f = fake();
  const h = harness(asApi(f));
  slash(h, ALICE, 'war', [str('target', 'B')]);
  slash(h, ALICE, 'peace', [str('target', '乙'), str('type', 'conditional'), str('terms', '割让乙乡，赔款20分')]);
  slash(h, ALICE, 'trade', [str('target', 'Beta'), str('give', '20分'), str('get', '乙城')]);
  await h.bot.idle();
  assert.deepEqual(f.incoming.map((i) => i.text), [
    '【宣战】甲国向乙国宣战',
    '【求和】甲国向乙国请求停战，有条件。停战要求：割让乙乡，赔款20分',
    '【交易】甲国向乙国提出交易申请，以20分交换乙城。',
  ]);
  const cmds = f.incoming.map((i) => parseMessage(i.text, tiny)[0]!);
  assert.ok(cmds.every((c) => c.ok), JSON.stringify(cmds));
  assert.deepEqual(cmds[1]!.ok && cmds[1]!.command, { kind: 'ceasefire', from: 'A', to: 'B', unconditional: false, terms: [{ kind: 'territory', id: 'b_land' }, { kind: 'points', n: 20 }] });
  assert.ok(f.incoming.every((i) => !i.private), 'diplomacy is public');
});

test('an interaction is deferred before anything slow (rendering)', async () => {
  const f = fake();
  const h = harness(asApi(f));
  let callsWhenRendering = -1;
  f.history = (async () => {
    callsWhenRendering = h.discord.calls.length;
    await new Promise((r) => setTimeout(r, 30));
    return { ok: true, value: { text: '第1回合', images: [{ name: 'map-1.png', png: Buffer.from('PNG') }] }, text: '' };
  }) as never;
  const iid = slash(h, ALICE, 'history', [{ name: 'turn', type: 4, value: 1 }]);
  await h.bot.idle();
  assert.equal(callsWhenRendering, 1, 'exactly the deferral was sent before rendering began');
  assert.equal(h.discord.calls[0]!.path, `/interactions/${iid}/tok-${iid}/callback`);
  assert.equal((h.discord.calls[0]!.body as { type: number }).type, 5);
  const edit = h.discord.calls[1]!;
  assert.deepEqual(edit.files, ['map-1.png']);
});

test('a long interaction answer is split: the deferred reply, then ephemeral follow-ups', async () => {
  const f = fake();
  f.reply = () => ok(Array.from({ length: 150 }, (_, i) => `第${i}条命令：${'甲'.repeat(20)}`).join('\n'), true);
  const h = harness(asApi(f));
  slash(h, ALICE, 'orders', []);
  await h.bot.idle();
  const sent = h.discord.calls.slice(1);
  assert.ok(sent.length >= 2);
  assert.equal(sent[0]!.method, 'PATCH');
  for (const s of sent.slice(1)) {
    assert.equal(s.method, 'POST');
    assert.equal((s.body as { flags: number }).flags & 64, 64, 'follow-ups stay ephemeral');
  }
  for (const s of sent) assert.ok(String(s.body!.content).length <= 2000);
});

test('request buttons: a stranger is refused ephemerally; the addressed player\'s click answers and removes the buttons', async () => {
  const h = await realGame();
  typed(h, ALICE, '【结盟】甲国向乙国请求缔结盟约。');
  await h.bot.idle();
  await h.service.idle();
  const ann = h.discord.posts().find((p) => (p.body!.components as unknown[]).length);
  assert.ok(ann, 'the announcement carries buttons');
  const ids = (ann!.body!.components as { components: { custom_id: string }[] }[])[0]!.components.map((b) => b.custom_id);
  assert.match(ids[0]!, /^req:\d+:accept$/);
  h.discord.clear();

  const stranger = click(h, ALICE, ids[0]!, '800000000000000001');
  await h.bot.idle();
  assert.deepEqual(h.discord.calls[0]!.body, { type: 6 }, 'deferUpdate first');
  const no = h.discord.calls.find((c) => c.method === 'POST' && c.path === `/webhooks/${APP}/tok-${stranger}`);
  assert.ok(no);
  assert.equal((no!.body as { flags: number }).flags, 64);
  assert.match(String(no!.body!.content), /乙国/);
  assert.equal((await h.service.stateOf(CHANNEL))!.alliances.length, 0);
  h.discord.clear();

  const yes = click(h, BOB, ids[0]!, '800000000000000001');
  await h.bot.idle();
  await h.service.idle();
  assert.deepEqual((await h.service.stateOf(CHANNEL))!.alliances, [['A', 'B']]);
  const edit = h.discord.find((c) => c.method === 'PATCH' && c.path === `/webhooks/${APP}/tok-${yes}/messages/@original`);
  assert.deepEqual(edit?.body?.components, [], 'buttons removed');
});

test('judge commands: refused without the role, allowed with DISCORD_MOD_ROLE or Manage Server', async () => {
  const h = await realGame();
  slash(h, EVE, 'judge', [{ name: 'pause', type: 1, options: [] }]);
  await h.bot.idle();
  await h.service.idle();
  const refusedEdit = h.discord.calls.find((c) => c.method === 'PATCH');
  assert.match(String(refusedEdit!.body!.content), /✗|观众|裁判/);
  assert.equal((await h.service.stateOf(CHANNEL))!.clock.pausedAt, null, 'not paused');

  h.discord.clear();
  slash(h, MODDY, 'judge', [{ name: 'pause', type: 1, options: [] }], { roles: [MOD_ROLE] });
  await h.bot.idle();
  await h.service.idle();
  assert.notEqual((await h.service.stateOf(CHANNEL))!.clock.pausedAt, null, 'the moderator role may pause');

  const f = fake();
  const h2 = harness(asApi(f));
  slash(h2, EVE, 'judge', [{ name: 'resume', type: 1, options: [] }], { permissions: PermissionFlagsBits.ManageGuild });
  slash(h2, BOB, 'judge', [{ name: 'resume', type: 1, options: [] }]);
  await h2.bot.idle();
  assert.deepEqual(f.incoming.map((i) => [i.userId, i.isModerator]), [[EVE, true], [BOB, false]]);
});

test('isModerator: the role by id, Manage Server, else no', () => {
  assert.equal(isModerator({ roles: [MOD_ROLE], permissions: '0' } as never, MOD_ROLE), true);
  assert.equal(isModerator({ roles: [], permissions: String(PermissionFlagsBits.ManageGuild) } as never, MOD_ROLE), true);
  assert.equal(isModerator({ roles: [], permissions: '0' } as never, MOD_ROLE), false);
  assert.equal(isModerator(null, MOD_ROLE), false);
});

test('text command from a member with the moderator role → Incoming.isModerator', async () => {
  const f = fake();
  const h = harness(asApi(f));
  typed(h, MODDY, '【暂停】', { roles: [MOD_ROLE] });
  typed(h, EVE, '【暂停】');
  await h.bot.idle();
  assert.deepEqual(f.incoming.map((i) => i.isModerator), [true, false]);
});

test('autocomplete: countries and territories from the game map by zh, en and alias, at most 25', async () => {
  const f = fake();
  const h = harness(asApi(f));
  const iid = slash(h, ALICE, 'war', [{ name: 'target', type: 3, value: 'Bet', focused: true }], { type: 4 });
  await h.bot.idle();
  const cb = h.discord.calls[0]!;
  assert.equal(cb.path, `/interactions/${iid}/tok-${iid}/callback`);
  assert.equal((cb.body as { type: number }).type, 8);
  const choices = (cb.body as { data: { choices: { name: string; value: string }[] } }).data.choices;
  assert.deepEqual(choices.map((c) => c.value), ['B']);
  assert.deepEqual(completeNames(tiny, 'country', '乙').map((c) => c.value), ['B']);
  assert.equal(completeNames(tiny, 'territory', '乙都')[0]!.value, 'b_cap');
  assert.equal(completeNames(tiny, 'territory', '').length, 14);
  assert.ok(completeNames(tiny, 'territory', 'a', { prefer: 'A' })[0]!.value.startsWith('a_'), 'own territories first');
  const many = { ...tiny, territories: Array.from({ length: 60 }, (_, i) => ({ ...tiny.territories[0]!, id: `t${i}`, name: { zh: `地${i}`, en: `Place${i}` } })) };
  assert.equal(completeNames(many as typeof tiny, 'territory', 'place').length, 25);
});

test('/game and /judge (the platform\'s commands) name countries and territories through the game\'s slash kit: suggestions and ids', async () => {
  const f = fake();
  const h = harness(asApi(f));
  const focus = (name: string, value: string): Opt => ({ name, type: 3, value, focused: true });
  const suggested = (iid: string) => (h.discord.find((c) => c.path === `/interactions/${iid}/tok-${iid}/callback`)!.body as { data: { choices: { value: string }[] } }).data.choices.map((c) => c.value);
  const join = slash(h, BOB, 'game', [{ name: 'join', type: 1, options: [focus('country', 'Bet')] }], { type: 4 });
  // A judge's target is a territory or a country: both kinds are suggested.
  const target = slash(h, MODDY, 'judge', [{ name: 'set', type: 1, options: [focus('target', '乙')] }], { type: 4, roles: [MOD_ROLE] });
  slash(h, MODDY, 'judge', [{ name: 'set', type: 1, options: [str('target', 'Bcap'), str('field', 'owner'), str('value', 'Gamma')] }], { roles: [MOD_ROLE] });
  await h.bot.idle();
  assert.deepEqual(suggested(join), ['B']);
  assert.ok(suggested(target).includes('B') && suggested(target).includes('b_cap'), suggested(target).join(' '));
  assert.deepEqual(f.incoming.map((i) => i.text), ['【设置】乙都 归属=丙国']);
});

test('slash definitions: valid for Discord, every name and description localized to zh-CN, every player command present', () => {
  const all = commandsJson(COMMANDS);
  const names = all.map((c) => c.name);
  assert.equal(new Set(names).size, names.length);
  for (const want of ['war', 'peace', 'ally', 'breakally', 'pact', 'trade', 'answer', 'move', 'cancel', 'airlift', 'buy', 'industry', 'tech', 'mobilize', 'puppet', 'annex', 'demand', 'independence', 'pledge', 'leave', 'done', 'undone', 'spy', 'game', 'judge', 'map', 'scores', 'status', 'orders', 'history', 'export', 'help']) {
    assert.ok(names.includes(want), `/${want}`);
  }
  const NAME = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
  type Node = { name: string; description?: string; name_localizations?: Record<string, string> | null; description_localizations?: Record<string, string> | null; options?: Node[]; choices?: { name: string; name_localizations?: Record<string, string> }[] };
  const check = (n: Node, where: string) => {
    assert.match(n.name, NAME, where);
    assert.equal(n.name, n.name.toLowerCase(), `${where}: lower case`);
    assert.ok(n.name_localizations?.['zh-CN'], `${where}: zh-CN name`);
    assert.match(n.name_localizations!['zh-CN']!, NAME, `${where}: zh-CN name is a valid name`);
    assert.ok(n.description_localizations?.['zh-CN'], `${where}: zh-CN description`);
    assert.ok(n.description!.length >= 1 && n.description!.length <= 100, `${where}: description length`);
    for (const c of n.choices ?? []) assert.ok(c.name_localizations?.['zh-CN'], `${where}: choice ${c.name}`);
    assert.ok((n.options ?? []).length <= 25);
    for (const o of n.options ?? []) check(o, `${where} ${o.name}`);
  };
  for (const c of all) check(c as Node, `/${c.name}`);
  assert.ok(JSON.stringify(all).includes('"autocomplete":true'));
});

test('a reminder pings exactly the players who have not committed', async () => {
  const h = await realGame();
  typed(h, ALICE, '【完成】');
  await h.bot.idle();
  await h.service.idle();
  h.discord.clear();
  await h.chat.post(CHANNEL, { text: '⏰ 第1回合还有1分钟截止。尚未【完成】：乙国' });
  const p = h.discord.posts()[0]!;
  assert.deepEqual((p.body!.allowed_mentions as { users: string[] }).users, [BOB]);
  assert.match(String(p.body!.content), new RegExp(`<@${BOB}>`));
  assert.doesNotMatch(String(p.body!.content), new RegExp(`<@${ALICE}>`));
  // A player who chose reminders by direct message is not pinged in the channel.
  await h.service.setReminderDm({ id: BOB, name: 'Bob' }, true);
  h.discord.clear();
  await h.chat.post(CHANNEL, { text: '⏰ 第1回合还有1分钟截止。尚未【完成】：乙国' });
  assert.doesNotMatch(String(h.discord.posts()[0]!.body!.content), new RegExp(`<@${BOB}>`));
});

test('after a gateway outage: messages from the outage are not replayed; each running game is told', async () => {
  const f = fake();
  const T = Date.UTC(2025, 0, 1);
  let now = T + 1_000_000;
  const h = harness(asApi(f), { now: () => now });
  h.bot.down(); // the shard closed at 1,000,000
  now = T + 1_050_000;
  typed(h, ALICE, '【军事】5', { at: T + 1_020_000 }); // replayed on resume
  await h.bot.idle();
  assert.equal(f.incoming.length, 0, 'not replayed');
  await h.bot.up();
  const notice = h.discord.posts()[0];
  assert.ok(notice, 'the game channel is told');
  assert.match(String(notice!.body!.content), /连接中断/);
  assert.match(String(notice!.body!.content), new RegExp(`<t:${(T + 1_000_000) / 1000}:T>`));
  typed(h, ALICE, '【军事】5', { at: T + 1_040_000 }); // still from inside the gap
  typed(h, ALICE, '【军事】6', { at: T + 1_060_000 }); // after: handled
  await h.bot.idle();
  assert.deepEqual(f.incoming.map((i) => i.text), ['【军事】6']);
});

test('a DM: taken as a private command for the user\'s game, answered in the DM', async () => {
  const f = fake();
  f.reply = (inc) => ok(`收到 ${inc.text}`, true);
  const h = harness(asApi(f));
  const id = typed(h, ALICE, '【调兵】甲都→甲乡 5', { dm: true });
  await h.bot.idle();
  assert.equal(f.incoming[0]!.private, true);
  assert.equal(f.incoming[0]!.dmGame, CHANNEL);
  const r = h.discord.posts(`dm-${ALICE}`)[0];
  assert.ok(r);
  assert.equal((r!.body!.message_reference as { message_id: string }).message_id, id);
  assert.ok(!h.discord.find((c) => c.method === 'DELETE'), 'a DM is never deleted');
});

test('rate limits: a 429 is waited out by the REST client and the post still goes once', async () => {
  const discord = new FakeDiscord();
  let limited = false;
  const inner = discord.makeRequest;
  discord.makeRequest = async (url, init) => {
    if (!limited && url.includes('/messages')) {
      limited = true;
      return new Response(JSON.stringify({ message: 'You are being rate limited.', retry_after: 0.05, global: false }), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '0.05', 'x-ratelimit-scope': 'user' } });
    }
    return inner(url, init);
  };
  const client = new Client({ intents: [], rest: { makeRequest: discord.makeRequest as never } });
  clients.push(client);
  client.rest.setToken('test-token');
  const chat = new DiscordChat(client.rest);
  const id = await chat.post(CHANNEL, { text: 'turn 2' });
  assert.ok(id);
  assert.equal(discord.posts().length, 1);
});

test('/game create|join: lifecycle calls with the map inside the project and the country id; answered ephemerally', async () => {
  const f = fake();
  const calls: unknown[][] = [];
  const svc = Object.assign(f, {
    async createGame(...a: unknown[]) { calls.push(['create', ...a]); return { ok: true, value: {}, text: '新游戏已创建' }; },
    async join(...a: unknown[]) { calls.push(['join', ...a]); return { ok: false, code: 'COUNTRY_TAKEN', text: '乙国已经有人了' }; },
  });
  const h = harness(asApi(svc));
  const i1 = slash(h, ALICE, 'game', [{ name: 'create', type: 1, options: [str('map', 'europe'), str('rules', 'turnSeconds=600 latePenalty=10')] }]);
  const i2 = slash(h, ALICE, 'game', [{ name: 'create', type: 1, options: [str('map', '../../etc/secrets.json')] }]);
  const i3 = slash(h, BOB, 'game', [{ name: 'join', type: 1, options: [str('country', 'Beta')] }]);
  await h.bot.idle();
  assert.deepEqual(calls.find((c) => c[0] === 'create'), ['create', CHANNEL, { id: ALICE, name: 'x', isModerator: false }, { map: 'maps/europe.json', settings: { turnSeconds: 600, latePenalty: 10 } }]);
  assert.equal(calls.length, 2, 'a path outside the project is refused before the service');
  const join = calls.find((c) => c[0] === 'join')!;
  assert.equal(join[3], 'B');
  const edit = (iid: string) => String(h.discord.find((c) => c.method === 'PATCH' && c.path.includes(`tok-${iid}`))!.body!.content);
  assert.match(edit(i1), /✅ 新游戏已创建/);
  assert.match(edit(i2), /❌/);
  assert.match(edit(i3), /❌ 乙国已经有人了/);
  assert.ok(h.discord.calls.filter((c) => c.path.endsWith('/callback')).every((c) => (c.body as { data: { flags: number } }).data.flags === 64));
});

test('deployCommands: one bulk overwrite on the server (DISCORD_GUILD_ID), or globally', async () => {
  const discord = new FakeDiscord();
  const rest = makeClient(discord).rest;
  await deployCommands({ rest, appId: APP, guildId: GUILD, commands: COMMANDS });
  await deployCommands({ rest, appId: APP, commands: COMMANDS });
  assert.deepEqual(discord.calls.map((c) => `${c.method} ${c.path}`), [`PUT /applications/${APP}/guilds/${GUILD}/commands`, `PUT /applications/${APP}/commands`]);
  assert.equal((discord.calls[0]!.body as unknown as unknown[]).length, COMMANDS.length);
});

// ── issue 11 ────────────────────────────────────────────────────────────────────────────────────────────

test('item 14: DiscordChat.edit with no buttons removes them (components: []) and keeps the text and the pictures', async () => {
  const discord = new FakeDiscord();
  const chat = new DiscordChat(makeClient(discord).rest);
  await chat.edit(CHANNEL, '800000000000000042', { text: '【结盟】甲国向乙国请求缔结盟约。\n✅ 乙国已同意', buttons: [] });
  await chat.edit(CHANNEL, '800000000000000043', { text: '请求已失效' });
  const [answered, lapsed] = discord.calls;
  for (const [call, id, text] of [[answered, '800000000000000042', /乙国已同意/], [lapsed, '800000000000000043', /请求已失效/]] as const) {
    assert.equal(call!.method, 'PATCH');
    assert.equal(call!.path, `/channels/${CHANNEL}/messages/${id}`);
    assert.deepEqual(call!.body!.components, [], 'the buttons are removed');
    assert.match(String(call!.body!.content), text, 'the text stays');
    assert.ok(!('attachments' in call!.body!), 'pictures already on the message are left alone');
  }
  // With buttons they are set, exactly those.
  discord.clear();
  await chat.edit(CHANNEL, '800000000000000044', { text: 'x', buttons: [{ id: 'req:9:accept', label: '同意' }] });
  const row = (discord.calls[0]!.body!.components as { components: { custom_id: string }[] }[])[0]!;
  assert.deepEqual(row.components.map((b) => b.custom_id), ['req:9:accept']);
});

test('item 14: a press on a stale button (answered request, ended game, a failing service) gets a clear ephemeral answer', async () => {
  const h = await realGame();
  typed(h, ALICE, '【结盟】甲国向乙国请求缔结盟约。');
  await h.bot.idle();
  await h.service.idle();
  const ann = h.discord.posts().find((p) => (p.body!.components as unknown[]).length)!;
  const accept = (ann.body!.components as { components: { custom_id: string }[] }[])[0]!.components[0]!.custom_id;
  click(h, BOB, accept, '800000000000000001');
  await h.bot.idle();
  await h.service.idle();
  h.discord.clear();
  const ephemeralAnswer = (iid: string) => {
    const c = h.discord.find((x) => x.method === 'POST' && x.path === `/webhooks/${APP}/tok-${iid}`);
    assert.ok(c, 'answered with a follow-up');
    assert.equal((c!.body as { flags: number }).flags & 64, 64, 'only the presser sees it');
    return String(c!.body!.content);
  };
  // The request was answered already: a second press (even by the addressed player) is told so.
  const again = click(h, BOB, accept, '800000000000000001');
  const unknown = click(h, BOB, 'req:999:accept', '800000000000000001');
  await h.bot.idle();
  assert.match(ephemeralAnswer(again), /已经回答过或已失效/);
  assert.match(ephemeralAnswer(unknown), /已经回答过或已失效/);
  // A button the bot does not know at all (an older version's) is answered too.
  const foreign = click(h, BOB, 'vote:3', '800000000000000001');
  await h.bot.idle();
  assert.match(ephemeralAnswer(foreign), /失效/);
  // The game has ended: its requests' buttons are stale.
  assert.ok((await h.service.end(CHANNEL, { id: ALICE, name: 'alice' })).ok);
  await h.service.idle();
  const late = click(h, BOB, accept, '800000000000000001');
  await h.bot.idle();
  assert.match(ephemeralAnswer(late), /失效/);

  // A service that fails on the press: still an answer, not silence.
  const f = fake();
  f.handleButton = async () => { throw new Error('database is locked'); };
  const h2 = harness(asApi(f));
  const iid = click(h2, BOB, 'req:7:accept', '800000000000000001');
  await h2.bot.idle();
  const c = h2.discord.find((x) => x.method === 'POST' && x.path === `/webhooks/${APP}/tok-${iid}`);
  assert.ok(c, 'answered');
  assert.equal((c!.body as { flags: number }).flags & 64, 64);
  assert.match(String(c!.body!.content), /出错了/);
});

test('item 11: names the adapter hands the service are cleaned; an invisible name falls back to the username, then the id', async () => {
  const f = fake();
  const h = harness(asApi(f));
  const base = { type: 0, timestamp: new Date().toISOString(), attachments: [], embeds: [], mentions: [], mention_roles: [], pinned: false, tts: false, channel_id: CHANNEL, guild_id: GUILD };
  const member = (nick: string | null) => ({ nick, roles: [], joined_at: new Date().toISOString(), deaf: false, mute: false });
  // A nickname posing as a mention of someone else, padded with invisible characters.
  actions(h.client).MessageCreate!.handle({ ...base, id: '710000000000000001', content: '【完成】', author: { id: ALICE, username: 'alice', discriminator: '0', global_name: 'Alice' }, member: member(`\u2060<@${BOB}>\u200b  boss`) });
  // Nothing visible in the nickname nor the global name: the username is shown.
  actions(h.client).MessageCreate!.handle({ ...base, id: '710000000000000002', content: '【完成】', author: { id: BOB, username: 'bob_99', discriminator: '0', global_name: '\u3164\u3164' }, member: member('\u2060\u200b') });
  // A slash command from a user whose names are all blank fillers.
  const iid = String(600000000000000000n + BigInt(++intSeq));
  actions(h.client).InteractionCreate!.handle({
    id: iid, application_id: APP, type: 2, token: `tok-${iid}`, version: 1, guild_id: GUILD, channel_id: CHANNEL, channel: { id: CHANNEL, type: 0, guild_id: GUILD },
    locale: 'zh-CN', app_permissions: '0', entitlements: [], authorizing_integration_owners: {},
    member: { user: { id: EVE, username: '\u3164', discriminator: '0', global_name: '\u115f' }, nick: '\u200d', roles: [], permissions: '0', joined_at: new Date().toISOString(), deaf: false, mute: false },
    data: { id: '1', name: 'status', type: 1, options: [] },
  });
  await h.bot.idle();
  assert.deepEqual(f.incoming.map((i) => i.userName), ['<＠100000000000000002> boss', 'bob_99', EVE]);

  // A user named in a slash option (the judge seats a new player): the same cleaning.
  const seated: unknown[] = [];
  const svc = Object.assign(fake(), { async replacePlayer(_c: string, _by: unknown, country: string, u: unknown) { seated.push([country, u]); return { ok: true, value: null, text: '已换人' }; } });
  const h2 = harness(asApi(svc));
  const jid = String(600000000000000000n + BigInt(++intSeq));
  actions(h2.client).InteractionCreate!.handle({
    id: jid, application_id: APP, type: 2, token: `tok-${jid}`, version: 1, guild_id: GUILD, channel_id: CHANNEL, channel: { id: CHANNEL, type: 0, guild_id: GUILD },
    locale: 'zh-CN', app_permissions: '0', entitlements: [], authorizing_integration_owners: {},
    member: { user: user(MODDY, 'moddy'), roles: [MOD_ROLE], permissions: '0', joined_at: new Date().toISOString(), deaf: false, mute: false },
    data: {
      id: '1', name: 'judge', type: 1,
      options: [{ name: 'replace', type: 1, options: [str('country', 'B'), { name: 'user', type: 6, value: EVE }] }],
      resolved: { users: { [EVE]: { id: EVE, username: 'eve', discriminator: '0', global_name: '@everyone' } }, members: { [EVE]: { nick: '\u2060', roles: [], permissions: '0', joined_at: new Date().toISOString() } } },
    },
  });
  await h2.bot.idle();
  assert.deepEqual(seated, [['B', { id: EVE, name: '＠everyone' }]]);
});

test('item 27: a slash command with no channel, or /game in a DM, is refused with NO_CHANNEL and never reaches the service', async () => {
  const calls: unknown[][] = [];
  const f = fake();
  const svc = Object.assign(f, {
    async createGame(...a: unknown[]) { calls.push(['create', ...a]); return { ok: true, value: {}, text: '新游戏已创建' }; },
    listGames: () => [],
  });
  const h = harness(asApi(svc));
  const raw = (id: string, extra: Record<string, unknown>, data: Record<string, unknown>) => actions(h.client).InteractionCreate!.handle({
    id, application_id: APP, type: 2, token: `tok-${id}`, version: 1, locale: 'zh-CN', app_permissions: '0', entitlements: [], authorizing_integration_owners: {}, data: { id: '1', type: 1, ...data }, ...extra,
  });
  const create = { name: 'game', options: [{ name: 'create', type: 1, options: [] }] };
  // In a DM.
  raw('600000000000000901', { channel_id: `dm-${ALICE}`, channel: { id: `dm-${ALICE}`, type: 1 }, user: user(ALICE, 'alice') }, create);
  // On a server, but Discord sent no channel at all.
  raw('600000000000000902', { guild_id: GUILD, channel_id: null, member: { user: user(ALICE, 'alice'), roles: [], permissions: '0', joined_at: new Date().toISOString(), deaf: false, mute: false } }, create);
  // An order in a DM from someone who plays in no game: no game to send it to.
  raw('600000000000000903', { locale: 'en-US', channel_id: `dm-${BOB}`, channel: { id: `dm-${BOB}`, type: 1 }, user: user(BOB, 'bob') }, { name: 'buy', options: [{ name: 'count', type: 4, value: 5 }] });
  await h.bot.idle();
  assert.deepEqual(calls, [], 'createGame was never called');
  assert.equal(f.incoming.length, 0, 'no command reached the service');
  const answer = (iid: string) => {
    const c = h.discord.find((x) => x.path === `/interactions/${iid}/tok-${iid}/callback`);
    assert.ok(c, `answered ${iid}`);
    const body = c!.body as { type: number; data: { content: string; flags: number } };
    assert.equal(body.type, 4, 'answered at once');
    assert.equal(body.data.flags & 64, 64, 'privately');
    return body.data.content;
  };
  assert.match(answer('600000000000000901'), /NO_CHANNEL.*请在服务器的频道里使用这个命令/);
  assert.match(answer('600000000000000902'), /NO_CHANNEL.*请在服务器的频道里使用这个命令/);
  assert.match(answer('600000000000000903'), /NO_CHANNEL.*server channel/);
});

test('item 28: an autocomplete with no focused option and a slash command with no options are answered, not dropped', async () => {
  const f = fake();
  const h = harness(asApi(f));
  const ac = slash(h, ALICE, 'war', [], { type: 4 });
  const sl = slash(h, ALICE, 'map', []);
  await h.bot.idle();
  const cb = h.discord.find((c) => c.path === `/interactions/${ac}/tok-${ac}/callback`);
  assert.deepEqual(cb?.body, { type: 8, data: { choices: [] } }, 'no suggestions, but an answer');
  assert.ok(h.discord.find((c) => c.method === 'PATCH' && c.path.includes(`tok-${sl}`)), '/map without a region is answered');
});

test('item 28: an error the client emits is logged, not thrown (an unheard error event would end the process)', () => {
  const discord = new FakeDiscord();
  const client = makeClient(discord);
  const logged: string[] = [];
  new DiscordBot({ client, service: asApi(fake()), chat: new DiscordChat(client.rest), commands: COMMANDS, log: (l) => logged.push(l) }).attach();
  assert.doesNotThrow(() => client.emit('error', new Error('read ECONNRESET')));
  assert.deepEqual(logged, ['client error']);
});

test('item 7: DISCORD_MOD_ROLE matches a role by id only: a role that merely has that name grants nothing', async () => {
  const guildRole = { id: '900000000000000077', name: 'Referee' };
  const member = { roles: { cache: new Collection([[guildRole.id, guildRole]]) }, permissions: { has: () => false } };
  assert.equal(isModerator(member as never, 'Referee'), false, 'a name is not an id');
  assert.equal(isModerator(member as never, guildRole.id), true);
  // Through the bot: the server's role 'Referee' (MOD_ROLE) does not count when the setting is its name.
  const f = fake();
  const h = harness(asApi(f), { modRole: 'Referee' });
  typed(h, MODDY, '【暂停】', { roles: [MOD_ROLE] });
  slash(h, MODDY, 'judge', [{ name: 'pause', type: 1, options: [] }], { roles: [MOD_ROLE] });
  await h.bot.idle();
  assert.deepEqual(f.incoming.map((i) => i.isModerator), [false, false]);
});

test('item 7: /game create tells the judge and logs which permissions the bot lacks in the channel', async () => {
  const f = fake();
  const svc = Object.assign(f, { async createGame() { return { ok: true, value: {}, text: '新游戏已创建' }; } });
  const discord = new FakeDiscord();
  const client = makeClient(discord);
  const chat = new DiscordChat(client.rest);
  const logged: string[] = [];
  const bot = new DiscordBot({ client, service: asApi(svc), chat, commands: COMMANDS, modRole: MOD_ROLE, log: (l) => logged.push(l) }).attach();
  const h = { discord, client, chat, bot };
  const all = PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages | PermissionFlagsBits.ReadMessageHistory | PermissionFlagsBits.AddReactions | PermissionFlagsBits.EmbedLinks;
  const iid = String(600000000000000000n + BigInt(++intSeq));
  actions(client).InteractionCreate!.handle({
    id: iid, application_id: APP, type: 2, token: `tok-${iid}`, version: 1, guild_id: GUILD, channel_id: CHANNEL, channel: { id: CHANNEL, type: 0, guild_id: GUILD },
    locale: 'zh-CN', app_permissions: String(all), entitlements: [], authorizing_integration_owners: {},
    member: { user: user(ALICE, 'alice'), roles: [], permissions: '0', joined_at: new Date().toISOString(), deaf: false, mute: false },
    data: { id: '1', name: 'game', type: 1, options: [{ name: 'create', type: 1, options: [] }] },
  });
  await bot.idle();
  const answer = String(h.discord.find((c) => c.method === 'PATCH' && c.path.includes(`tok-${iid}`))!.body!.content);
  assert.match(answer, /✅ 新游戏已创建/);
  assert.match(answer, /管理消息/);
  assert.match(answer, /附加文件/);
  assert.doesNotMatch(answer, /发送消息/, 'only what is missing');
  const line = logged.find((l) => l.includes(CHANNEL));
  assert.ok(line, 'logged for the channel');
  assert.match(line!, /Manage Messages/);
  assert.match(line!, /Attach Files/);
  assert.doesNotMatch(line!, /Send Messages/);
});

test('item 7: without Manage Messages a private order typed in the channel is reacted to and its author is told privately that it stays visible', async () => {
  const h = await realGame();
  const inner = h.discord.makeRequest;
  h.discord.makeRequest = async (url, init) => {
    if (init.method === 'DELETE') {
      h.discord.calls.push({ method: 'DELETE', path: url, body: null, files: [], data: [], at: h.discord.calls.length });
      return new Response(JSON.stringify({ message: 'Missing Permissions', code: 50013 }), { status: 403, headers: { 'content-type': 'application/json' } });
    }
    return inner(url, init);
  };
  const client = makeClient(h.discord);
  const chat = new DiscordChat(client.rest);
  const bot = new DiscordBot({ client, service: h.service, chat, commands: COMMANDS, modRole: MOD_ROLE, log: () => undefined }).attach();
  const id = typed({ ...h, client, chat, bot }, BOB, '【调兵】乙都→乙乡 5');
  await bot.idle();
  await h.service.idle();
  assert.ok(h.discord.calls.some((c) => c.method === 'DELETE'), 'the bot tried to delete it');
  const dm = h.discord.posts(`dm-${BOB}`).map((p) => String(p.body!.content)).join('\n');
  assert.match(dm, /乙乡/, 'the order is answered privately');
  assert.match(dm, /仍然对所有人可见/, 'and its author learns it is still public');
  assert.match(dm, /管理消息/);
  assert.ok(h.discord.find((c) => c.method === 'PUT' && c.path.endsWith(`/messages/${id}/reactions/✅/@me`)), 'the kept message shows it was taken');
});

test('item 29: /map and /scores carry their picture in the private answer and post nothing in the channel; a typed 【地图】 is answered in the channel', async () => {
  const h = await realGame();
  const m = slash(h, ALICE, 'map', []);
  const sc = slash(h, BOB, 'scores', []);
  await h.bot.idle();
  await h.service.idle();
  for (const iid of [m, sc]) {
    const defer = h.discord.find((c) => c.path === `/interactions/${iid}/tok-${iid}/callback`)!;
    assert.deepEqual(defer.body, { type: 5, data: { flags: 64 } }, 'deferred privately before rendering');
    const sent = h.discord.calls.filter((c) => c.path.includes(`/webhooks/${APP}/tok-${iid}`));
    assert.ok(sent.flatMap((c) => c.files).some((f) => f.endsWith('.png')), `the answer to ${iid} carries the picture`);
  }
  assert.equal(h.discord.posts().length, 0, 'nothing posted in the channel');
  assert.equal(h.discord.posts(`dm-${ALICE}`).length + h.discord.posts(`dm-${BOB}`).length, 0, 'nor by DM');

  h.discord.clear();
  const id = typed(h, ALICE, '【地图】');
  await h.bot.idle();
  await h.service.idle();
  const posted = h.discord.posts().filter((p) => p.files.some((f) => f.endsWith('.png')));
  assert.equal(posted.length, 1, 'the map is posted in the channel once');
  assert.equal((posted[0]!.body!.message_reference as { message_id: string }).message_id, id, 'as an answer to the command');
  assert.equal(h.discord.posts(`dm-${ALICE}`).length, 0);
});

test('item 21: /export attaches the state JSON and the log, answered only to the judge; others are refused before the end', async () => {
  const h = await realGame();
  typed(h, ALICE, '【宣战】甲国向乙国宣战');
  await h.bot.idle();
  await h.service.idle();
  h.discord.clear();
  const judge = slash(h, ALICE, 'export', []);
  const player = slash(h, BOB, 'export', []);
  await h.bot.idle();
  for (const iid of [judge, player]) assert.deepEqual(h.discord.find((c) => c.path === `/interactions/${iid}/tok-${iid}/callback`)!.body, { type: 5, data: { flags: 64 } }, 'deferred privately');
  const answer = h.discord.calls.filter((c) => c.path.includes(`/webhooks/${APP}/tok-${judge}`));
  const files = answer.flatMap((c) => c.files);
  assert.deepEqual(files, ['game-1-state.json', 'game-1-log.json']);
  const data = answer.flatMap((c) => c.data ?? []);
  const state = JSON.parse(data[0]!.toString()) as { turn: number; countries: Record<string, unknown> };
  assert.equal(state.turn, 1);
  assert.ok(state.countries.A, 'the state JSON of commands.md §4');
  const log = JSON.parse(data[1]!.toString()) as { game: { id: number }; log: { entry: { type: string } }[] };
  assert.equal(log.game.id, 1);
  assert.ok(log.log.some((e) => JSON.stringify(e.entry).includes('declareWar')), 'the whole log');
  assert.doesNotMatch(String(answer[0]!.body!.content), /\/download|data\//, 'no bare path');
  const refusedAnswer = h.discord.calls.filter((c) => c.path.includes(`/webhooks/${APP}/tok-${player}`));
  assert.deepEqual(refusedAnswer.flatMap((c) => c.files), [], 'a player gets nothing before the end');
  assert.match(String(refusedAnswer[0]!.body!.content), /❌.*裁判/);
  assert.equal(h.discord.posts().length, 0, 'nothing in the channel');
});

test('item 21: an export over the 10 MiB upload limit is gzipped, and cut into pieces when still too large; every message stays under the limit', async () => {
  const big = (n: number): ExportData => ({
    game: { id: 7, kind: 'neuwar', channelId: CHANNEL, status: 'running', mapPath: TINY, mapId: 'tiny', language: 'zh', creator: ALICE, judges: [], players: [], createdAt: 0, startedAt: 0, endedAt: null, turn: 1, deadlineAt: null, winner: null },
    state: { turn: 1 },
    // Random text hardly compresses: the gzip of this log stays over the limit.
    log: Array.from({ length: n }, (_, i) => ({ seq: i, at: i, entry: { type: 'command', text: randomBytes(768).toString('base64') }, userId: ALICE, messageId: null, undone: false })),
  });
  const f = fake();
  let data = big(24_000);
  const svc = Object.assign(f, { export: () => ({ ok: true, value: data, text: '导出完成' }) });
  const h = harness(asApi(svc));
  const iid = slash(h, ALICE, 'export', []);
  await h.bot.idle();
  const sent = h.discord.calls.filter((c) => c.path.includes(`/webhooks/${APP}/tok-${iid}`));
  for (const c of sent) {
    assert.ok((c.data ?? []).reduce((n, b) => n + b.length, 0) <= FILE_LIMIT, 'each message within the upload limit');
    if (c.method === 'POST') assert.equal((c.body as { flags: number }).flags & 64, 64, 'follow-ups stay private');
  }
  const names = sent.flatMap((c) => c.files);
  assert.equal(names[0], 'game-7-state.json');
  const pieces = names.slice(1);
  assert.ok(pieces.length >= 2 && pieces.every((n, i) => n === `game-7-log.json.gz.part${i + 1}`), names.join(' '));
  const joined = Buffer.concat(sent.flatMap((c) => c.data ?? []).slice(1));
  assert.deepEqual((JSON.parse(gunzipSync(joined).toString()) as { log: unknown[] }).log.length, 24_000, 'the pieces join into the whole log');
  assert.match(String(sent[0]!.body!.content), /cat game-7-log\.json\.gz\.part\* > game-7-log\.json\.gz/);

  // Larger than the limit but compressible: one gzip file.
  h.discord.clear();
  data = { ...big(0), log: Array.from({ length: 60_000 }, (_, i) => ({ seq: i, at: i, entry: { type: 'command', text: '【调兵】甲都→甲乡 5'.repeat(10) }, userId: ALICE, messageId: null, undone: false })) };
  assert.ok(Buffer.byteLength(JSON.stringify(data.log)) > FILE_LIMIT);
  const iid2 = slash(h, ALICE, 'export', []);
  await h.bot.idle();
  const sent2 = h.discord.calls.filter((c) => c.path.includes(`/webhooks/${APP}/tok-${iid2}`));
  assert.deepEqual(sent2.flatMap((c) => c.files), ['game-7-state.json', 'game-7-log.json.gz']);
  assert.match(String(sent2[0]!.body!.content), /gzip/);
});

test('issue 13: /game new bots:N country:X, /game bot and /judge bot reach the service with the country id and the style', async () => {
  const f = fake();
  const calls: unknown[][] = [];
  const ok = (text: string) => ({ ok: true, value: {}, text });
  const svc = Object.assign(f, {
    async createGame(...a: unknown[]) { calls.push(['create', ...a]); return ok('新游戏已创建'); },
    async join(...a: unknown[]) { calls.push(['join', ...a]); return ok('加入'); },
    async fillBots(...a: unknown[]) { calls.push(['fill', ...a]); return ok('安排了机器人'); },
    async seatBot(...a: unknown[]) { calls.push(['seat', ...a]); return ok('机器人接手'); },
  });
  const h = harness(asApi(svc));
  slash(h, ALICE, 'game', [{ name: 'new', type: 1, options: [{ name: 'bots', type: 4, value: 2 }, str('country', 'Alpha')] }]);
  slash(h, ALICE, 'game', [{ name: 'bot', type: 1, options: [str('country', 'Beta'), str('style', 'aggressive')] }]);
  slash(h, ALICE, 'judge', [{ name: 'bot', type: 1, options: [str('country', '丙国')] }]);
  await h.bot.idle();
  const user = { id: ALICE, name: 'x', isModerator: false };
  // The three run at once: their calls interleave; /game new joins before it fills.
  const got = calls.filter((c) => c[0] !== 'create');
  assert.deepEqual(got.filter((c) => c[0] !== 'seat'), [['join', CHANNEL, user, 'A'], ['fill', CHANNEL, user, 2]]);
  assert.deepEqual(got.filter((c) => c[0] === 'seat'), [['seat', CHANNEL, user, 'B', 'aggressive'], ['seat', CHANNEL, user, 'C', undefined]]);
});
