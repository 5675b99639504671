/**
 * A Discord duel played on the local page (duel.md D10.3.2 [网页] and `/duel-link`, D10.5–D10.6; issue 15): one
 * service serves Discord (a stubbed REST, tests/helpers/discord.ts) and the local web channel, as `npm start` does
 * with DISCORD_TOKEN and LOCAL_CHANNEL=1 (src/start.ts, src/route-chat.ts). A player's [网页] answer carries their
 * seat's token: its page orders and readies as that Discord player; anyone else's is a watch link that cannot
 * command; without a token, or with a wrong one, the page does not open; the opponent's private orders reach
 * nobody else's socket; the thread's posts are mirrored into the page's feed and the views follow each resolution.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { WebSocket } from 'ws';
import type { Client as DiscordClient } from 'discord.js';
import { GameService } from '../../src/platform/session/index.ts';
import { Store } from '../../src/platform/store/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { GAMES } from '../../src/games/index.ts';
import { COMMANDS } from '../../commands/index.ts';
import type { DuelState } from '../../src/games/duel/engine.ts';
import { LocalChat, startLocal, CHANNEL_PREFIX, type LocalHandle, type ServerMsg } from '../../src/platform/adapters/local/index.ts';
import { routeChat } from '../../src/route-chat.ts';
import { T0, fakeRenderer } from '../helpers/live.ts';
import { APP, CHANNEL, answers, buttonIds, click, harness, slash, user, type Harness } from '../helpers/discord.ts';
import { pageSocket, type PageSocket as Page } from '../helpers/socket.ts';

const ALICE = { id: '100000000000000001', name: 'alice' };
const BOB = { id: '100000000000000002', name: 'bob' };
const EVE = { id: '100000000000000005', name: 'eve' };
const THREAD = '910000000000000001';

const clients: DiscordClient[] = [];
const closers: (() => Promise<void> | void)[] = [];
after(async () => {
  for (const c of closers.reverse()) await c();
  for (const c of clients) await c.destroy();
});

// ---------- a page's socket (tests/helpers/socket.ts), closed after the file ----------

async function page(url: string, name: string): Promise<Page> {
  const p = await pageSocket(url, name, { past: true, ms: 4000 });
  closers.push(() => p.close());
  return p;
}

/** Every feed text a page was sent (the channel's history and each message pushed). */
const feedTexts = (p: Page): string[] => p.msgs.flatMap((m) => (m.t === 'msg' ? [m.m.text] : m.t === 'channel' ? m.feed.map((f) => f.text) : []));
const views = (p: Page, ch: string) => p.msgs.filter((m): m is Extract<ServerMsg, { t: 'view' }> => m.t === 'view' && m.channelId === ch).map((m) => m.view as DuelState & { orders: Record<string, unknown[]> });
const settle = () => new Promise((r) => setTimeout(r, 120));

// ---------- one service for Discord and the page ----------

interface Both extends Harness { svc: GameService; store: Store; clock: VirtualClock; local: LocalHandle; localChat: LocalChat; settle(): Promise<void> }

async function setup(): Promise<Both> {
  const store = new Store(':memory:');
  const clock = new VirtualClock(T0);
  const localChat = new LocalChat();
  let shows: (ch: string) => boolean = () => false;
  let svc!: GameService;
  const h = harness((discordChat) => {
    const chat = routeChat((ch) => ch.startsWith(CHANNEL_PREFIX), localChat, discordChat, { shows: (ch) => shows(ch), chat: localChat });
    return (svc = new GameService({ store, clock, chat, games: GAMES, renderer: fakeRenderer(), root: process.cwd(), logError: () => undefined }));
  }, COMMANDS, clients, { publicUrl: 'https://duel.example.org/', now: () => clock.now(), timer: () => undefined });
  await svc.startUp();
  const local = await startLocal({ port: 0, host: '127.0.0.1', log: () => undefined, service: svc, chat: localChat });
  shows = (ch) => local.mirrors(ch);
  closers.push(async () => { await local.close(); svc.close(); store.close(); });
  return { ...h, svc, store, clock, local, localChat, settle: async () => { await h.bot.idle(); await svc.idle(); } };
}

/** alice challenges bob on Discord, bob accepts: the duel runs in the thread. Its status message's id. */
async function discordDuel(h: Both): Promise<string> {
  slash(h, ALICE, 'duel', [{ name: 'opponent', type: 6, value: BOB.id }], { users: [user(BOB.id, BOB.name)] });
  await h.settle();
  const post = h.discord.posts().filter((p) => buttonIds(p).some((id) => id.startsWith('duel-challenge:'))).at(-1)!;
  click(h, BOB, buttonIds(post)[0]!, post.id!, { content: String(post.body!.content) });
  await h.settle();
  const g = (await h.svc.gameOf(THREAD))!;
  assert.equal(g.status, 'running');
  const status = h.discord.posts(THREAD).find((p) => buttonIds(p).includes('page:duel'));
  assert.ok(status, 'the status message has [网页] (PUBLIC_URL is set)');
  return status!.id!;
}

/** The link a [网页] press answered, only to the presser. */
async function pressPage(h: Both, who: { id: string; name: string }, statusId: string): Promise<string> {
  const iid = click(h, who, 'page:duel', statusId, { channel: THREAD });
  await h.settle();
  const answer = h.discord.find((x) => x.method === 'POST' && x.path === `/webhooks/${APP}/tok-${iid}`);
  assert.ok(answer, 'answered');
  assert.equal((answer!.body as { flags: number }).flags & 64, 64, 'ephemeral: only the presser sees the link');
  return String(answer!.body!.content);
}

const tokenOf = (text: string, kind: 'seat' | 'watch', gameId: number): string => {
  const m = new RegExp(`https://duel\\.example\\.org/duel/${gameId}#${kind}=([A-Za-z0-9_-]{22})`).exec(text);
  assert.ok(m, `a ${kind} link in: ${text}`);
  return m[1]!;
};

test('D10.3.2: [网页] and /duel-link give each player their seat\'s link and anyone else a watch link; the page plays the seat as that Discord player, the watch link only watches, no or a wrong token opens nothing', async () => {
  const h = await setup();
  const statusId = await discordDuel(h);
  const gameId = (await h.svc.gameOf(THREAD))!.id;

  // The links: bob's [网页] and alice's /duel-link are seats; eve (no player) gets a watch link.
  const bobToken = tokenOf(await pressPage(h, BOB, statusId), 'seat', gameId);
  const dl = slash(h, ALICE, 'duel-link', [], { channel: THREAD });
  await h.settle();
  assert.equal(answers(h, dl).ephemeral, true);
  const aliceToken = tokenOf(answers(h, dl).texts.join('\n'), 'seat', gameId);
  const eveText = await pressPage(h, EVE, statusId);
  assert.doesNotMatch(eveText, /#seat=/, 'a non-player never gets a seat');
  const watchToken = tokenOf(eveText, 'watch', gameId);
  // No token is stored in the game's log or its status (only hashes, in the meta table).
  assert.ok(!JSON.stringify(h.store.entries(gameId)).includes(bobToken));
  assert.ok(!(await h.svc.getMeta(`seats:${gameId}`))!.includes(bobToken));

  // No token, a wrong one, or a bare `open` of the thread: refused, and nothing of the game is sent.
  const stranger = await page(h.local.url, 'stranger');
  const none = await stranger.act({ t: 'seat', gameId });
  assert.equal(none.ok, false);
  assert.equal(none.code, 'NEED_LINK');
  assert.match(none.text!, /Discord.*\[网页\]/);
  const wrong = await stranger.act({ t: 'seat', gameId, token: bobToken.slice(0, -1) + (bobToken.endsWith('A') ? 'B' : 'A') });
  assert.equal(wrong.code, 'BAD_TOKEN');
  const wrongWatch = await stranger.act({ t: 'seat', gameId, watch: 'x'.repeat(22) });
  assert.equal(wrongWatch.code, 'BAD_TOKEN');
  stranger.send({ t: 'open', channelId: THREAD });
  const err = await stranger.wait((m) => m.t === 'error');
  assert.equal(err.t === 'error' && err.code, 'NO_GAME');
  assert.ok(!stranger.msgs.some((m) => m.t === 'channel' || m.t === 'view' || m.t === 'status' || m.t === 'msg'), 'nothing of the game reached a page without its token');
  assert.ok(!stranger.msgs.some((m) => m.t === 'games' && m.games.some((g) => g.channelId === THREAD)) && !JSON.stringify(stranger.msgs).includes(THREAD), 'the Discord duel is never listed');
  // The seat act is refused for it too.
  const sneak = await stranger.act({ t: 'say', channelId: THREAD, text: '【准备】' });
  assert.equal(sneak.code, 'NO_GAME');

  // bob's link: his seat, as the Discord player bob.
  const bobPage = await page(h.local.url, 'bob-on-web');
  const sat = await bobPage.act({ t: 'seat', gameId, token: bobToken });
  assert.equal(sat.ok, true, sat.text);
  assert.equal(sat.seat, 'B');
  assert.equal(sat.remote, true);
  assert.equal(sat.channelId, THREAD);
  const opened = await bobPage.wait((m) => m.t === 'channel');
  assert.ok(opened.t === 'channel' && opened.board, 'the duel\'s board (the clickable map)');
  assert.equal(opened.t === 'channel' && opened.status?.me.country, 'B', 'the page is bob\'s seat');
  const alicePage = await page(h.local.url, 'alice-on-web');
  assert.equal((await alicePage.act({ t: 'seat', gameId, token: aliceToken })).seat, 'A');
  const evePage = await page(h.local.url, 'eve-on-web');
  const watching = await evePage.act({ t: 'seat', gameId, watch: watchToken });
  assert.equal(watching.ok, true, watching.text);
  assert.equal(watching.seat, null, 'a watch link sits nowhere');
  await evePage.wait((m) => m.t === 'channel');

  // bob orders on the page: the service logs bob's (the Discord user's) command; only bob's page hears the answer.
  const st = (await h.svc.stateOf(THREAD)) as DuelState;
  const bobCap = st.capitals.B;
  const aliceCap = st.capitals.A;
  const order = await bobPage.act({ t: 'say', channelId: THREAD, text: `【驻守】${bobCap}` });
  assert.equal(order.ok, true, order.text);
  const logged = h.store.entries(gameId).at(-1)!;
  assert.equal(logged.userId, BOB.id, 'the command is bob\'s (the Discord user), not the web tab\'s');
  assert.match(JSON.stringify(logged.entry), /stand/);
  assert.equal((((await h.svc.seatView(THREAD, BOB.id)) as { orders: Record<string, unknown[]> }).orders.B ?? []).length, 1, 'bob\'s order stands');
  await settle();
  const bobAnswer = feedTexts(bobPage).find((t) => /驻守/.test(t));
  assert.ok(bobAnswer, `bob's page shows his private answer: ${feedTexts(bobPage).join(' | ')}`);
  for (const p of [alicePage, evePage]) assert.ok(!feedTexts(p).some((t) => t === bobAnswer || t.includes(`【驻守】${bobCap}`)), 'bob\'s private order reaches neither alice\'s nor eve\'s page');
  // Nothing bob typed on the page went to the Discord thread.
  assert.ok(!h.discord.posts(THREAD).some((p) => String(p.body?.content ?? '').includes('驻守')), 'the order stays private on Discord too');

  // alice orders on Discord (a private slash command): neither bob's nor eve's socket hears of it.
  const before = { bob: bobPage.msgs.length, eve: evePage.msgs.length };
  const aliceOrder = slash(h, ALICE, 'stand', [{ name: 'territories', type: 3, value: aliceCap }], { channel: THREAD });
  await h.settle();
  assert.match(answers(h, aliceOrder).texts.join('\n'), /驻守/, answers(h, aliceOrder).texts.join('\n'));
  assert.equal((((await h.svc.seatView(THREAD, ALICE.id)) as { orders: Record<string, unknown[]> }).orders.A ?? []).length, 1);
  await settle();
  for (const [p, n] of [[bobPage, before.bob], [evePage, before.eve]] as const) {
    const after = JSON.stringify(p.msgs.slice(n));
    assert.ok(!/驻守/.test(after), 'no word of alice\'s order');
    for (const v of views(p, THREAD)) assert.equal((v.orders?.A ?? []).length, 0, 'no view shows alice\'s orders');
  }

  // The watch link cannot command: typed, clicked or a lifecycle action.
  for (const m of [{ t: 'say', channelId: THREAD, text: '【准备】' }, { t: 'button', channelId: THREAD, buttonId: 'duel:ready' }, { t: 'say', channelId: THREAD, text: '大家好' }]) {
    const r = await evePage.act(m);
    assert.equal(r.ok, false, JSON.stringify(m));
    assert.equal(r.code, 'WATCH_ONLY');
  }
  assert.deepEqual(((await h.svc.stateOf(THREAD)) as DuelState).ready, { A: false, B: false }, 'nobody was readied by the watcher');
  // The seat's page: no lifecycle, no chat into the thread.
  const leave = await bobPage.act({ t: 'leave', channelId: THREAD });
  assert.equal(leave.code, 'DISCORD_DUEL');
  const posted = h.discord.posts(THREAD).length;
  const chat = await bobPage.act({ t: 'say', channelId: THREAD, text: '你好' });
  assert.equal(chat.code, 'NOT_A_COMMAND');
  assert.equal(h.discord.posts(THREAD).length, posted, 'nothing typed on the page is posted in the Discord thread');

  // Ready from the page ([准备] in its feed or typed) and from Discord: the turn resolves; the thread's posts reach
  // the page's feed under Discord's ids, and the views follow the resolution.
  const ready = await bobPage.act({ t: 'button', channelId: THREAD, buttonId: 'duel:ready' });
  assert.equal(ready.ok, true, ready.text);
  assert.equal(((await h.svc.stateOf(THREAD)) as DuelState).ready.B, true, 'bob ready by the page');
  const readyEntry = h.store.entries(gameId).at(-1)!;
  assert.equal(readyEntry.userId, BOB.id);
  const readyPost = h.discord.posts(THREAD).filter((p) => /蓝方已准备/.test(String(p.body?.content))).at(-1);
  assert.ok(readyPost, 'the public side of bob\'s ready goes to the Discord thread, as from Discord');
  const mirrored = await evePage.wait((m) => m.t === 'msg' && m.m.id === readyPost!.id);
  assert.ok(mirrored.t === 'msg' && /蓝方已准备/.test(mirrored.m.text), 'the thread\'s post appears on the page, under Discord\'s id');
  click(h, ALICE, 'duel:ready', statusId, { channel: THREAD });
  await h.settle();
  assert.equal(((await h.svc.stateOf(THREAD)) as DuelState).turn, 2, 'both ready: resolved');
  for (const p of [bobPage, evePage]) {
    await p.wait((m) => m.t === 'view' && m.channelId === THREAD && (m.view as DuelState).turn === 2);
    // The status message, edited on Discord after the resolution, is edited on the page too (same id), without [网页].
    const edited = await p.wait((m) => m.t === 'msg' && m.m.id === statusId && /第2\/150回合/.test(m.m.text));
    assert.ok(edited.t === 'msg' && !edited.m.buttons.some((b) => b.id.startsWith('page:')), 'the page needs no link to itself');
  }
  const turnPosts = h.discord.posts(THREAD).filter((p) => p.at > readyPost!.at).map((p) => p.id!);
  assert.ok(turnPosts.length > 0, 'the resolution posted in the thread');
  for (const id of turnPosts) await evePage.wait((m) => m.t === 'msg' && m.m.id === id);

  // A second [网页] press gives a new link, and the page already open on the old one keeps playing.
  const again = tokenOf(await pressPage(h, BOB, statusId), 'seat', gameId);
  assert.notEqual(again, bobToken);
  const more = await bobPage.act({ t: 'say', channelId: THREAD, text: `【驻守】${bobCap}` });
  assert.equal(more.ok, true, more.text);
  const bobPage2 = await page(h.local.url, 'bob-again');
  assert.equal((await bobPage2.act({ t: 'seat', gameId, token: bobToken })).seat, 'B', 'the earlier link still opens the seat');
  const taken = await bobPage.wait((m) => m.t === 'seatTaken');
  assert.ok(taken.t === 'seatTaken' && taken.gameId === gameId, 'D10.6: the first page is told another took the seat over');
  const now = await bobPage.act({ t: 'say', channelId: THREAD, text: '【准备】' });
  assert.equal(now.code, 'WATCH_ONLY', 'and then only watches');
  assert.equal((await bobPage2.act({ t: 'seat', gameId, token: again })).seat, 'B');

  // 【认输】 from the page ends the duel as bob's resignation.
  const resign = await bobPage2.act({ t: 'say', channelId: THREAD, text: '【认输】' });
  assert.equal(resign.ok, true, resign.text);
  const end = (await h.svc.seatView(THREAD, null)) as { status: string; winner: string[] | null; result: { how: string } | null };
  assert.equal(end.status, 'ended');
  assert.deepEqual(end.winner, ['A']);
  assert.equal(end.result?.how, 'resign');
  assert.equal(h.store.entries(gameId).at(-1)!.userId, BOB.id);
});

test('D10.3.2: a Discord duel nobody opened on the page is not mirrored; local lobby duels still watch without a token', async () => {
  const h = await setup();
  await discordDuel(h);
  assert.equal(h.localChat.has(THREAD), false, 'no copy of a Discord thread that no page opened');
  // A local lobby duel: spectating without a token stays allowed, as before.
  const a = await page(h.local.url, '甲');
  const made = await a.act({ t: 'duel', mode: 'bot', bot: 'greedy', identity: { name: '甲', secret: 'A'.repeat(22) } });
  assert.equal(made.ok, true, made.text);
  const viewer = await page(h.local.url, 'viewer');
  const watch = await viewer.act({ t: 'seat', gameId: made.gameId });
  assert.equal(watch.ok, true, watch.text);
  assert.equal(watch.seat, null);
  assert.equal(watch.remote, undefined);
  assert.ok(await viewer.wait((m) => m.t === 'channel' && m.channelId === made.channelId));
  assert.ok(!CHANNEL.startsWith(CHANNEL_PREFIX));
});

test('PUBLIC_URL behind a proxy: the page and its WebSocket answer to the public host (Host kept, Origin the public address); other hosts stay refused', async () => {
  const h = await setup();
  const local = await startLocal({ port: 0, host: '127.0.0.1', log: () => undefined, service: h.svc, chat: h.localChat, publicUrl: 'https://Duel.Example.org/' });
  closers.push(() => local.close());
  const get = (host: string) => new Promise<number>((res, rej) => {
    const req = request({ host: '127.0.0.1', port: local.port, path: `/duel/1`, headers: { host } }, (r) => { r.resume(); res(r.statusCode!); });
    req.on('error', rej);
    req.end();
  });
  assert.equal(await get('duel.example.org'), 200, 'the duel page through the proxy');
  assert.equal(await get('evil.example.org'), 421, 'another name is still refused (DNS rebinding)');
  const ws = new WebSocket(`ws://127.0.0.1:${local.port}/ws`, { headers: { host: 'duel.example.org', origin: 'https://duel.example.org' } });
  closers.push(() => ws.close());
  const first = await new Promise<ServerMsg>((res, rej) => {
    ws.once('open', () => ws.send(JSON.stringify({ t: 'hello', name: 'proxied' })));
    ws.once('message', (d) => res(JSON.parse(d.toString()) as ServerMsg));
    ws.once('error', rej);
  });
  assert.equal(first.t, 'welcome', 'the WebSocket opens through the proxy');
  const other = new WebSocket(`ws://127.0.0.1:${local.port}/ws`, { headers: { host: 'duel.example.org', origin: 'https://evil.example.org' } });
  const code = await new Promise<number>((res) => { other.once('close', (c) => res(c)); other.once('error', () => res(-1)); });
  assert.equal(code, 1008, 'a page elsewhere may not drive it (cross-site WebSocket)');
});
