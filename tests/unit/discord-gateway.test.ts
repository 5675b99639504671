/**
 * startDiscord end to end against a local stand-in for Discord: an HTTP server as the REST API (reached
 * through DISCORD_API_URL) and a WebSocket server as the gateway. Checks the intents, that a gateway
 * message reaches the GameService, and that after a dropped connection the bot resumes and tells the game.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { GatewayIntentBits } from 'discord.js';
import type { Incoming, Reply } from '../../src/chat/index.ts';
import type { GameServiceApi } from '../../src/game/index.ts';
import { startDiscord } from '../../src/discord/index.ts';

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

test('startDiscord: logs in with the intents, serves gateway messages, announces a reconnect', async () => {
  const rest: { method: string; url: string; body: string }[] = [];
  const http = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      rest.push({ method: req.method ?? '', url: req.url ?? '', body });
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/api/v10/gateway/bot')) {
        res.end(JSON.stringify({ url: `ws://127.0.0.1:${(http.address() as AddressInfo).port}`, shards: 1, session_start_limit: { total: 1000, remaining: 1000, reset_after: 0, max_concurrency: 1 } }));
        return;
      }
      res.end(JSON.stringify({ id: '800000000000000001', channel_id: CHANNEL, type: 0, content: '', author: { id: '1', username: 'bot', discriminator: '0' }, timestamp: new Date().toISOString(), attachments: [], embeds: [], mentions: [], mention_roles: [], pinned: false, tts: false, components: [], flags: 0 }));
    });
  });
  const wss = new WebSocketServer({ server: http });
  const ops: { op: number; d: Record<string, unknown> }[] = [];
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
          v: 10, user: { id: '1', username: 'referee', discriminator: '0', bot: true }, guilds: [], session_id: 'sess',
          resume_gateway_url: `ws://127.0.0.1:${(http.address() as AddressInfo).port}`, application: { id: '1', flags: 0 },
        });
      }
      if (p.op === 6) dispatch('RESUMED', {});
    });
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const port = (http.address() as AddressInfo).port;

  const incoming: Incoming[] = [];
  const service = {
    async handleMessage(inc: Incoming): Promise<Reply> {
      incoming.push(inc);
      return { handled: true, ok: true, text: 'ok', private: false, items: [{ ok: true, text: 'ok', private: false }] };
    },
    listGames: () => [{ channelId: CHANNEL, language: 'zh', status: 'running', players: [] }],
    gameOf: () => null, mapOf: () => null, stateOf: () => null, countryOf: () => null,
  } as unknown as GameServiceApi;

  const handle = await startDiscord({ env: { DISCORD_TOKEN: 'test-token', DISCORD_API_URL: `http://127.0.0.1:${port}/api` }, service, log: () => undefined });
  try {
    const identify = ops.find((o) => o.op === 2)!;
    assert.ok(identify, 'identified');
    const want = GatewayIntentBits.Guilds | GatewayIntentBits.GuildMessages | GatewayIntentBits.MessageContent | GatewayIntentBits.DirectMessages;
    assert.equal(identify.d.intents, want);
    assert.equal(identify.d.token, 'test-token');
    assert.ok(rest.some((r) => r.url.startsWith('/api/v10/gateway/bot')), 'REST went to DISCORD_API_URL');

    dispatch('GUILD_CREATE', { id: GUILD, name: 'S', owner_id: '2', roles: [{ id: GUILD, name: '@everyone', permissions: '0', position: 0, color: 0, hoist: false, managed: false, mentionable: false }], channels: [{ id: CHANNEL, type: 0, name: 'game', position: 0 }], members: [], unavailable: false });
    dispatch('MESSAGE_CREATE', { id: String(BigInt(Date.now() - 1420070400000) << 22n), channel_id: CHANNEL, guild_id: GUILD, author: { id: '3', username: 'alice', discriminator: '0' }, member: { roles: [], joined_at: new Date().toISOString() }, content: '【宣战】甲国向乙国宣战', timestamp: new Date().toISOString(), type: 0, attachments: [], embeds: [], mentions: [], mention_roles: [], pinned: false, tts: false });
    await until(() => incoming.length === 1);
    assert.equal(incoming[0]!.text, '【宣战】甲国向乙国宣战');
    await until(() => rest.some((r) => r.method === 'PUT' && r.url.includes('/reactions/')));

    // The connection drops (a resumable close): discord.js reconnects and resumes; the game is told.
    socket!.close(4000, 'unknown error');
    await until(() => ops.some((o) => o.op === 6), 10000);
    await until(() => rest.some((r) => r.method === 'POST' && r.url === `/api/v10/channels/${CHANNEL}/messages` && /连接中断/.test(r.body)), 10000);
  } finally {
    await handle.close();
    wss.close();
    http.close();
  }
});
