/**
 * startDiscord end to end against a local stand-in for Discord: an HTTP server as the REST API (reached
 * through DISCORD_API_URL) and a WebSocket server as the gateway. Checks the intents, that a gateway
 * message reaches the GameService, that after a dropped connection the bot resumes and tells the game,
 * and that malformed gateway payloads neither end the process nor stop the bot.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { GatewayIntentBits, PermissionFlagsBits } from 'discord.js';
import type { Incoming, Reply } from '../../src/platform/chat/index.ts';
import type { GameServiceApi } from '../../src/platform/session/index.ts';
import { startDiscord } from '../../src/platform/adapters/discord/index.ts';
import { COMMANDS } from '../../commands/index.ts';

const CHANNEL = '900000000000000002';
const GUILD = '900000000000000001';

function until(cond: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  return new Promise((res, rej) => {
    const t = setInterval(() => {
      if (cond()) { clearInterval(t); res(); } else if (Date.now() > end) { clearInterval(t); rej(new Error('timed out')); }
    }, 10);
  });
}

interface StandIn {
  apiUrl: string;
  rest: { method: string; url: string; body: string }[];
  ops: { op: number; d: Record<string, unknown> }[];
  dispatch(t: string, d: unknown): void;
  dropConnection(): void;
  close(): void;
}

/** Discord's REST API and gateway on 127.0.0.1: records every REST call and gateway op, answers like Discord. */
async function standIn(opts: { guilds?: Record<string, unknown>[] } = {}): Promise<StandIn> {
  const rest: StandIn['rest'] = [];
  const http: Server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      rest.push({ method: req.method ?? '', url: req.url ?? '', body });
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/api/v10/gateway/bot')) {
        res.end(JSON.stringify({ url: `ws://127.0.0.1:${(http.address() as AddressInfo).port}`, shards: 1, session_start_limit: { total: 1000, remaining: 1000, reset_after: 0, max_concurrency: 1 } }));
        return;
      }
      if (req.method === 'GET' && req.url?.startsWith('/api/v10/channels/')) {
        res.statusCode = 404;
        res.end(JSON.stringify({ message: 'Unknown Channel', code: 10003 }));
        return;
      }
      if (req.url?.endsWith('/callback')) {
        res.statusCode = 204;
        res.end();
        return;
      }
      res.end(JSON.stringify({ id: '800000000000000001', channel_id: CHANNEL, type: 0, content: '', author: { id: '1', username: 'bot', discriminator: '0' }, timestamp: new Date().toISOString(), attachments: [], embeds: [], mentions: [], mention_roles: [], pinned: false, tts: false, components: [], flags: 0 }));
    });
  });
  const wss = new WebSocketServer({ server: http });
  const ops: StandIn['ops'] = [];
  let socket: WebSocket | null = null;
  let seq = 0;
  const dispatch = (t: string, d: unknown) => socket!.send(JSON.stringify({ op: 0, t, s: ++seq, d }));
  wss.on('connection', (ws) => {
    socket = ws;
    ws.send(JSON.stringify({ op: 10, d: { heartbeat_interval: 45000 } }));
    ws.on('message', (raw) => {
      const p = JSON.parse(String(raw)) as { op: number; d: Record<string, unknown> };
      ops.push(p);
      if (p.op === 1) ws.send(JSON.stringify({ op: 11 }));
      if (p.op === 2) {
        dispatch('READY', {
          v: 10, user: { id: '1', username: 'referee', discriminator: '0', bot: true }, guilds: (opts.guilds ?? []).map((g) => ({ id: g.id, unavailable: true })), session_id: 'sess',
          resume_gateway_url: `ws://127.0.0.1:${(http.address() as AddressInfo).port}`, application: { id: '1', flags: 0 },
        });
        // The servers the bot is in arrive after READY, before discord.js says it is ready.
        for (const g of opts.guilds ?? []) dispatch('GUILD_CREATE', g);
      }
      if (p.op === 6) dispatch('RESUMED', {});
    });
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const port = (http.address() as AddressInfo).port;
  return {
    apiUrl: `http://127.0.0.1:${port}/api`,
    rest,
    ops,
    dispatch,
    dropConnection: () => socket!.close(4000, 'unknown error'),
    close: () => {
      wss.close();
      http.close();
    },
  };
}

const guildCreate = { id: GUILD, name: 'S', owner_id: '2', roles: [{ id: GUILD, name: '@everyone', permissions: '0', position: 0, color: 0, hoist: false, managed: false, mentionable: false }], channels: [{ id: CHANNEL, type: 0, name: 'game', position: 0 }], members: [], unavailable: false };

let messageSeq = 0;
const messageCreate = (content: string) => ({
  id: String((BigInt(Date.now() - 1420070400000) << 22n) + BigInt(++messageSeq)), channel_id: CHANNEL, guild_id: GUILD, author: { id: '3', username: 'alice', discriminator: '0' },
  member: { roles: [], joined_at: new Date().toISOString() }, content, timestamp: new Date().toISOString(), type: 0, attachments: [], embeds: [], mentions: [], mention_roles: [], pinned: false, tts: false,
});

function recordingService(): { service: GameServiceApi; incoming: Incoming[] } {
  const incoming: Incoming[] = [];
  const service = {
    async handleMessage(inc: Incoming): Promise<Reply> {
      incoming.push(inc);
      return { handled: true, ok: true, text: 'ok', private: false, items: [{ ok: true, text: 'ok', private: false }] };
    },
    async handleButton(): Promise<Reply> {
      return { handled: false, ok: true, text: '', private: false, items: [] };
    },
    listGames: () => [{ channelId: CHANNEL, language: 'zh', status: 'running', players: [] }],
    gameOf: () => null, rulesOf: () => null, stateOf: () => null, seatOf: () => null, viewOf: () => null,
  } as unknown as GameServiceApi;
  return { service, incoming };
}

test('startDiscord: logs in with the intents, serves gateway messages, announces a reconnect', async () => {
  const d = await standIn();
  const { service, incoming } = recordingService();
  const handle = await startDiscord({ env: { DISCORD_TOKEN: 'test-token', DISCORD_API_URL: d.apiUrl }, service, commands: COMMANDS, log: () => undefined });
  try {
    const identify = d.ops.find((o) => o.op === 2)!;
    assert.ok(identify, 'identified');
    const want = GatewayIntentBits.Guilds | GatewayIntentBits.GuildMessages | GatewayIntentBits.MessageContent | GatewayIntentBits.DirectMessages;
    assert.equal(identify.d.intents, want);
    assert.equal(identify.d.token, 'test-token');
    assert.ok(d.rest.some((r) => r.url.startsWith('/api/v10/gateway/bot')), 'REST went to DISCORD_API_URL');

    d.dispatch('GUILD_CREATE', guildCreate);
    d.dispatch('MESSAGE_CREATE', messageCreate('【宣战】甲国向乙国宣战'));
    await until(() => incoming.length === 1);
    assert.equal(incoming[0]!.text, '【宣战】甲国向乙国宣战');
    await until(() => d.rest.some((r) => r.method === 'PUT' && r.url.includes('/reactions/')));

    // The connection drops (a resumable close): discord.js reconnects and resumes; the game is told.
    d.dropConnection();
    await until(() => d.ops.some((o) => o.op === 6), 10000);
    await until(() => d.rest.some((r) => r.method === 'POST' && r.url === `/api/v10/channels/${CHANNEL}/messages` && /连接中断/.test(r.body)), 10000);
  } finally {
    await handle.close();
    d.close();
  }
});

const member = { user: { id: '3', username: 'alice', discriminator: '0' }, roles: [], permissions: '0', joined_at: new Date().toISOString(), deaf: false, mute: false };
const interactionBase = (id: string) => ({
  id, application_id: '1', token: `tok-${id}`, version: 1, guild_id: GUILD, channel_id: CHANNEL, channel: { id: CHANNEL, type: 0, guild_id: GUILD },
  locale: 'zh-CN', app_permissions: '0', entitlements: [], authorizing_integration_owners: {}, member,
});

test('item 28: a button press whose message has thread: null and an autocomplete without data neither end the process nor stop the bot', async () => {
  const d = await standIn();
  const { service, incoming } = recordingService();
  const logged: string[] = [];
  const handle = await startDiscord({ env: { DISCORD_TOKEN: 'test-token', DISCORD_API_URL: d.apiUrl }, service, commands: COMMANDS, log: (l) => logged.push(l) });
  try {
    d.dispatch('GUILD_CREATE', guildCreate);
    d.dispatch('INTERACTION_CREATE', {
      ...interactionBase('500000000000000001'), type: 3, data: { custom_id: 'req:1:accept', component_type: 2 },
      message: {
        id: '800000000000000009', channel_id: CHANNEL, type: 0, content: 'request', author: { id: '1', username: 'referee', discriminator: '0' }, timestamp: new Date().toISOString(),
        attachments: [], embeds: [], mentions: [], mention_roles: [], pinned: false, tts: false, components: [], flags: 0, thread: null,
      },
    });
    d.dispatch('INTERACTION_CREATE', { ...interactionBase('500000000000000002'), type: 4 });
    d.dispatch('MESSAGE_CREATE', messageCreate('【宣战】甲国向乙国宣战'));
    await until(() => incoming.length === 1);
    await until(() => d.rest.some((r) => r.method === 'PUT' && r.url.includes('/reactions/')));
    // A valid slash command after them is answered as well (deferred, then edited).
    d.dispatch('INTERACTION_CREATE', { ...interactionBase('600000000000000001'), type: 2, data: { id: '2', name: 'status', type: 1, options: [] } });
    await until(() => d.rest.some((r) => r.url.includes('/interactions/600000000000000001/tok-600000000000000001/callback')));
    // The press was served despite its null thread (acknowledged, then answered privately: the button is stale).
    assert.ok(d.rest.some((r) => r.url.includes('/interactions/500000000000000001/tok-500000000000000001/callback')), 'the press was acknowledged');
    await until(() => d.rest.some((r) => r.method === 'POST' && r.url.includes('/webhooks/1/tok-500000000000000001')));
    assert.ok(logged.some((l) => /malformed gateway event INTERACTION_CREATE/.test(l)), 'the unreadable autocomplete was logged');
  } finally {
    await handle.close();
    d.close();
  }
});

test('item 28: under npm start an uncaught exception and an unhandled rejection are logged and the bot keeps serving', async () => {
  const d = await standIn();
  // A process of its own: the guard must keep exactly that process alive, which a test runner would not show.
  const script = `
    import { startDiscord } from ${JSON.stringify(new URL('../../src/platform/adapters/discord/index.ts', import.meta.url).href)};
    const service = {
      async handleMessage() { return { handled: true, ok: true, text: 'ok', private: false, items: [{ ok: true, text: 'ok', private: false }] }; },
      listGames: () => [], gameOf: () => null, rulesOf: () => null, stateOf: () => null, seatOf: () => null, viewOf: () => null,
    };
    await startDiscord({ env: { DISCORD_TOKEN: 'test-token', DISCORD_API_URL: process.env.API }, service, log: (l) => console.log(l) });
    setTimeout(() => { throw new Error('boom from a timer'); }, 10);
    setTimeout(() => { void Promise.reject(new Error('nobody waits for me')); }, 20);
    setTimeout(() => console.log('STILL HERE'), 100);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { env: { ...process.env, API: d.apiUrl }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  let exited: number | null = null;
  child.on('exit', (code) => (exited = code ?? -1));
  try {
    await until(() => out.includes('STILL HERE') || exited !== null, 20000);
    assert.equal(exited, null, `the process ended:\n${out}`);
    assert.match(out, /uncaught exception.*boom from a timer/);
    assert.match(out, /unhandled promise rejection.*nobody waits for me/);
    d.dispatch('GUILD_CREATE', guildCreate);
    d.dispatch('MESSAGE_CREATE', messageCreate('【宣战】甲国向乙国宣战'));
    await until(() => d.rest.some((r) => r.method === 'PUT' && r.url.includes('/reactions/')), 10000);
  } finally {
    child.kill();
    d.close();
  }
});

test('item 7: npm start warns about a DISCORD_MOD_ROLE that is not an id and logs what the bot lacks in each running game\'s channel', async () => {
  const P = PermissionFlagsBits;
  const everyone = P.ViewChannel | P.SendMessages | P.ReadMessageHistory | P.AddReactions | P.EmbedLinks;
  const d = await standIn({
    guilds: [{
      ...guildCreate,
      roles: [{ ...guildCreate.roles[0]!, permissions: String(everyone) }],
      members: [{ user: { id: '1', username: 'referee', discriminator: '0', bot: true }, roles: [], joined_at: new Date().toISOString(), deaf: false, mute: false }],
    }],
  });
  const { service } = recordingService();
  const GONE = '900000000000000099';
  (service as { listGames: unknown }).listGames = () => [
    { channelId: CHANNEL, language: 'zh', status: 'running', players: [] },
    { channelId: GONE, language: 'zh', status: 'running', players: [] },
  ];
  const logged: string[] = [];
  const handle = await startDiscord({ env: { DISCORD_TOKEN: 'test-token', DISCORD_API_URL: d.apiUrl, DISCORD_MOD_ROLE: '裁判' }, service, commands: COMMANDS, log: (l) => logged.push(l) });
  try {
    assert.ok(logged.some((l) => /DISCORD_MOD_ROLE="裁判" is not a role id/.test(l)), logged.join('\n'));
    await until(() => logged.some((l) => l.includes(CHANNEL)) && logged.some((l) => l.includes(GONE)));
    const line = logged.find((l) => l.includes(CHANNEL))!;
    assert.match(line, /Manage Messages/);
    assert.match(line, /Attach Files/);
    assert.doesNotMatch(line, /Send Messages|Add Reactions|Read Message History|Embed Links|View Channel/);
    assert.match(logged.find((l) => l.includes(GONE))!, /cannot see/);
  } finally {
    await handle.close();
    d.close();
  }
});
