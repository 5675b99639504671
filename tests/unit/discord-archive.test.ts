/**
 * duel.md D10.3.4 at discord.js's REST boundary: "At the end: the result …, the final map; the thread is archived an
 * hour later." The service calls ChatPort.gameEnded after archiving a game; the Discord adapter's chat reads the
 * channel, and if it is a thread sets its auto-archive to an hour of quiet at once (so a restart within the hour
 * leaves the archiving to Discord) and archives it when the hour is up (a virtual timer here). A channel that is not a
 * thread is left alone; a refusal (no Manage Threads) or a thread gone is logged, never thrown.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { REST, type Client } from 'discord.js';
import { GameService } from '../../src/platform/session/index.ts';
import { Store } from '../../src/platform/store/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { GAMES } from '../../src/games/index.ts';
import { COMMANDS } from '../../commands/index.ts';
import { DiscordChat, ARCHIVE_AFTER_MS } from '../../src/platform/adapters/discord/chat.ts';
import { T0, fakeRenderer } from '../helpers/live.ts';
import { CHANNEL, FakeDiscord, GUILD, harness, slash, str, type Call } from '../helpers/discord.ts';

const THREAD = '910000000000000001';
const clients: Client[] = [];
after(async () => {
  for (const c of clients) await c.destroy();
});

interface Discordish { discord: FakeDiscord; rest: REST; threads: Map<string, { archived: boolean; duration: number }>; deny: Set<string> }

/** FakeDiscord's REST, where GET /channels/{id} answers a thread for the ids in `threads` and PATCH may be refused (50013). */
function discordish(discord = new FakeDiscord()): Discordish {
  const threads = new Map<string, { archived: boolean; duration: number }>();
  const deny = new Set<string>();
  const json = (v: unknown, status = 200) => new Response(JSON.stringify(v), { status, headers: { 'content-type': 'application/json' } });
  const rest = new REST({
    retries: 0,
    makeRequest: (async (url: string, init: { method?: string; body?: unknown }) => {
      const res = await discord.makeRequest(url, init);
      const call = discord.calls.at(-1)!;
      const id = /^\/channels\/(\d+)$/.exec(call.path)?.[1];
      const t = id ? threads.get(id) : undefined;
      if (!id || !t) return id && call.method === 'GET' ? json({ id, type: 0, guild_id: GUILD, name: 'duels' }) : res;
      if (call.method === 'GET') return json({ id, type: 11, guild_id: GUILD, parent_id: CHANNEL, name: 'duel', thread_metadata: { archived: t.archived, auto_archive_duration: t.duration, locked: false } });
      if (deny.has(id)) return json({ message: 'Missing Permissions', code: 50013 }, 403);
      if (call.body?.archived === true) t.archived = true;
      if (typeof call.body?.auto_archive_duration === 'number') t.duration = call.body.auto_archive_duration as number;
      return json({ id, type: 11, guild_id: GUILD });
    }) as never,
  }).setToken('test-token');
  return { discord, rest, threads, deny };
}

const patches = (d: FakeDiscord, id: string): Call[] => d.calls.filter((c) => c.method === 'PATCH' && c.path === `/channels/${id}`);

test('D10.3.4 a game\'s thread is archived an hour after the end: its auto-archive is an hour at once, archived when the hour is up', async () => {
  const d = discordish();
  d.threads.set(THREAD, { archived: false, duration: 1440 });
  const timers: { ms: number; fn: () => void }[] = [];
  const logs: string[] = [];
  const chat = new DiscordChat(d.rest, { timer: (ms, fn) => timers.push({ ms, fn }), log: (l) => logs.push(l) });
  await chat.gameEnded(THREAD, 'duel');
  assert.deepEqual(patches(d.discord, THREAD).map((c) => c.body), [{ auto_archive_duration: 60 }], 'at once: Discord itself archives it after an hour of quiet, restart or not');
  assert.deepEqual(timers.map((t) => t.ms), [ARCHIVE_AFTER_MS]);
  assert.equal(ARCHIVE_AFTER_MS, 3_600_000);
  assert.equal(d.threads.get(THREAD)!.archived, false, 'not before the hour');
  timers[0]!.fn();
  await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(patches(d.discord, THREAD).at(-1)!.body, { archived: true });
  assert.equal(d.threads.get(THREAD)!.archived, true);
  assert.deepEqual(logs, []);
});

test('D10.3.4 a channel that is not a thread is left alone; an archived thread too; a new game in the thread keeps it open (keepOpen)', async () => {
  const d = discordish();
  const timers: { ms: number; fn: () => void }[] = [];
  const chat = new DiscordChat(d.rest, { timer: (ms, fn) => timers.push({ ms, fn }), log: () => undefined });
  await chat.gameEnded(CHANNEL, 'neuwar');
  assert.equal(d.discord.calls.filter((c) => c.method === 'GET' && c.path === `/channels/${CHANNEL}`).length, 1, 'the channel is read');
  assert.deepEqual(patches(d.discord, CHANNEL), [], 'a server channel is never archived or changed');
  assert.equal(timers.length, 0);

  d.threads.set('910000000000000009', { archived: true, duration: 60 });
  await chat.gameEnded('910000000000000009', 'duel');
  assert.deepEqual(patches(d.discord, '910000000000000009'), []);
  assert.equal(timers.length, 0);

  d.threads.set(THREAD, { archived: false, duration: 60 });
  await chat.gameEnded(THREAD, 'duel');
  assert.deepEqual(patches(d.discord, THREAD), [], 'its auto-archive is an hour already');
  chat.keepOpen = (ch) => ch === THREAD;
  timers[0]!.fn();
  await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(patches(d.discord, THREAD), [], 'a new game lives there: not archived');
});

test('D10.3.4 no Manage Threads, or the thread gone: logged, never thrown', async () => {
  const d = discordish();
  d.threads.set(THREAD, { archived: false, duration: 1440 });
  d.deny.add(THREAD);
  const timers: { ms: number; fn: () => void }[] = [];
  const logs: string[] = [];
  const chat = new DiscordChat(d.rest, { timer: (ms, fn) => timers.push({ ms, fn }), log: (l) => logs.push(l) });
  await chat.gameEnded(THREAD, 'duel');
  timers[0]!.fn();
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(d.threads.get(THREAD)!.archived, false);
  assert.equal(logs.length, 2, logs.join('\n'));
  assert.match(logs[1]!, /not archived \(50013 Missing Permissions\)/);
  // A channel Discord no longer knows (10003): the read fails, logged.
  const gone = new DiscordChat(new REST({ retries: 0, makeRequest: (async () => new Response(JSON.stringify({ message: 'Unknown Channel', code: 10003 }), { status: 404, headers: { 'content-type': 'application/json' } })) as never }).setToken('t'),
    { timer: () => assert.fail('no timer for a channel gone'), log: (l) => logs.push(l) });
  await gone.gameEnded('910000000000000077', 'duel');
  assert.match(logs.at(-1)!, /could not be read/);
});

test('D10.3.4 end to end: /duel bot:greedy plays in a thread; 【认输】 ends it; the service\'s gameEnded archives that thread an hour later', async () => {
  const timers: { ms: number; fn: () => void }[] = [];
  let svc!: GameService;
  const h = harness((chat) => (svc = new GameService({ store: new Store(':memory:'), clock: new VirtualClock(T0), chat, games: GAMES, renderer: fakeRenderer(), logError: () => undefined })), COMMANDS, clients, { now: () => T0, timer: () => undefined });
  const d = discordish(h.discord);
  h.chat.useRest(d.rest);
  h.chat.timer = (ms, fn) => timers.push({ ms, fn });
  const settle = async () => { await h.bot.idle(); await svc.idle(); };
  const alice = { id: '100000000000000001', name: 'alice' };
  slash(h, alice, 'duel', [str('bot', 'greedy')]);
  await settle();
  assert.equal((await svc.gameOf(THREAD))?.status, 'running', 'the duel plays in its thread');
  d.threads.set(THREAD, { archived: false, duration: 1440 });
  assert.equal(timers.length, 0);
  await svc.handleMessage({ channelId: THREAD, userId: alice.id, userName: alice.name, text: '【认输】', messageId: 'resign-1' });
  await settle();
  assert.equal((await svc.gameOf(THREAD))?.status, 'ended');
  assert.deepEqual(timers.map((t) => t.ms), [3_600_000], 'archived an hour later');
  timers[0]!.fn();
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(d.threads.get(THREAD)!.archived, true);
});
