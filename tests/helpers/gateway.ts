/**
 * A local stand-in for Discord, sharded (issue 16): its REST API and a gateway that, as Discord does, gives each
 * identified shard [id, total] the servers `(guild_id >> 22) % total === id` and nothing else. GET /channels/{id} answers
 * with the channel's server. No network: 127.0.0.1 only. `hold` delays chosen REST answers (a command in flight).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

export interface Guild { id: string; channel: string }

export interface GatewayOptions {
  guilds: Guild[];
  /** What GET /gateway/bot recommends. */
  shards?: number;
  /** Milliseconds to wait before answering a REST call (0: at once). */
  hold?: (method: string, url: string) => number;
}

export interface Gateway {
  apiUrl: string;
  /** The shards identified, in order, as [id, total]. */
  identified: [number, number][];
  /** The REST calls as they arrive, and as they are answered. */
  rest: { method: string; url: string }[];
  answered: { method: string; url: string }[];
  /** Sends a server's event on the connection of the shard that owns it (as Discord does); false when none is connected. */
  dispatchTo(guildId: string, t: string, d: unknown): boolean;
  close(): void;
}

/** Discord's REST API and gateway on 127.0.0.1, sharded: every identify names its shard, each gets only its servers. */
export async function standIn(opts: GatewayOptions): Promise<Gateway> {
  const GUILDS = opts.guilds;
  const TOTAL = opts.shards ?? 1;
  const byChannel = new Map(GUILDS.map((g) => [g.channel, g]));
  const rest: Gateway['rest'] = [];
  const answered: Gateway['answered'] = [];
  const http: Server = createServer((req, res) => {
    req.resume();
    rest.push({ method: req.method ?? '', url: req.url ?? '' });
    req.on('end', () => setTimeout(() => {
      answered.push({ method: req.method ?? '', url: req.url ?? '' });
      res.setHeader('content-type', 'application/json');
      const url = req.url ?? '';
      if (url.startsWith('/api/v10/gateway/bot')) {
        res.end(JSON.stringify({ url: `ws://127.0.0.1:${(http.address() as AddressInfo).port}`, shards: TOTAL, session_start_limit: { total: 1000, remaining: 1000, reset_after: 0, max_concurrency: 16 } }));
        return;
      }
      const ch = /^\/api\/v10\/channels\/(\d+)$/.exec(url);
      if (req.method === 'GET' && ch) {
        const g = byChannel.get(ch[1]!);
        if (!g) { res.statusCode = 404; res.end(JSON.stringify({ message: 'Unknown Channel', code: 10003 })); return; }
        res.end(JSON.stringify({ id: g.channel, type: 0, guild_id: g.id, name: 'game', position: 0 }));
        return;
      }
      if (url.endsWith('/callback')) { res.statusCode = 204; res.end(); return; }
      res.end(JSON.stringify({ id: '800000000000000001', channel_id: '1', type: 0, content: '', author: { id: '1', username: 'bot', discriminator: '0' }, timestamp: new Date().toISOString(), attachments: [], embeds: [], mentions: [], mention_roles: [], pinned: false, tts: false, components: [], flags: 0 }));
    }, opts.hold?.(req.method ?? '', req.url ?? '') ?? 0));
  });
  const wss = new WebSocketServer({ server: http });
  const identified: [number, number][] = [];
  const sockets = new Map<number, { ws: WebSocket; seq: number }>();
  const send = (shard: number, t: string, d: unknown): boolean => {
    const s = sockets.get(shard);
    if (!s || s.ws.readyState !== s.ws.OPEN) return false;
    s.ws.send(JSON.stringify({ op: 0, t, s: ++s.seq, d }));
    return true;
  };
  wss.on('connection', (ws) => {
    ws.send(JSON.stringify({ op: 10, d: { heartbeat_interval: 45000 } }));
    ws.on('message', (raw) => {
      const p = JSON.parse(String(raw)) as { op: number; d: { shard?: [number, number] } };
      if (p.op === 1) ws.send(JSON.stringify({ op: 11 }));
      if (p.op !== 2) return;
      const [id, total] = p.d.shard ?? [0, 1];
      identified.push([id, total]);
      sockets.set(id, { ws, seq: 0 });
      // Discord's formula: this connection gets the servers of its shard, and nothing of the others.
      const mine = GUILDS.filter((g) => Number((BigInt(g.id) >> 22n) % BigInt(total)) === id);
      send(id, 'READY', {
        v: 10, user: { id: '1', username: 'referee', discriminator: '0', bot: true }, guilds: mine.map((g) => ({ id: g.id, unavailable: true })), session_id: `sess-${id}`,
        resume_gateway_url: `ws://127.0.0.1:${(http.address() as AddressInfo).port}`, application: { id: '1', flags: 0 }, shard: [id, total],
      });
      for (const g of mine) send(id, 'GUILD_CREATE', guildCreate(g));
    });
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  return {
    apiUrl: `http://127.0.0.1:${(http.address() as AddressInfo).port}/api`,
    identified,
    rest,
    answered,
    dispatchTo: (guildId, t, d) => {
      const total = identified[0]?.[1] ?? 1;
      return send(Number((BigInt(guildId) >> 22n) % BigInt(total)), t, d);
    },
    close: () => {
      for (const c of wss.clients) c.terminate();
      wss.close();
      http.close();
    },
  };
}

export const guildCreate = (g: Guild) => ({
  id: g.id, name: `S${g.id}`, owner_id: '2', unavailable: false, members: [],
  roles: [{ id: g.id, name: '@everyone', permissions: '0', position: 0, color: 0, hoist: false, managed: false, mentionable: false }],
  channels: [{ id: g.channel, type: 0, name: 'game', position: 0 }],
});

/** A snowflake made at `ms` after Discord's epoch, with a sequence number. */
export const snowflake = (ms: number, seq: number) => String((BigInt(ms) << 22n) + BigInt(seq));

const member = { user: { id: '3', username: 'alice', discriminator: '0' }, roles: [], permissions: '0', joined_at: new Date().toISOString(), deaf: false, mute: false };
let seq = 0;
/** /game new in a server's channel, as Discord sends it (type 2, the subcommand as an option). */
export const gameNew = (g: Guild) => {
  const id = snowflake(Date.now() - 1420070400000, ++seq % 4096);
  return {
    id, application_id: '1', token: `tok-${id}`, version: 1, type: 2, guild_id: g.id, channel_id: g.channel, channel: { id: g.channel, type: 0, guild_id: g.id },
    locale: 'zh-CN', app_permissions: '0', entitlements: [], authorizing_integration_owners: {}, member,
    data: { id: '2', name: 'game', type: 1, options: [{ name: 'new', type: 1, options: [] }] },
  };
};
/** A message in a server's channel. */
export const messageCreate = (g: Guild, content: string) => ({
  id: snowflake(Date.now() - 1420070400000, ++seq % 4096), channel_id: g.channel, guild_id: g.id, author: { id: '3', username: 'alice', discriminator: '0' },
  member: { roles: [], joined_at: new Date().toISOString() }, content, timestamp: new Date().toISOString(), type: 0, attachments: [], embeds: [], mentions: [], mention_roles: [], pinned: false, tts: false,
});

