/**
 * /healthz of a Discord process (issue 16), which has no web page of its own: with HEALTH_PORT set, a small HTTP server
 * (HEALTH_HOST, default 127.0.0.1) answers GET /healthz with the service's health (its games, leases, the store's
 * driver, schema and round trip, as the local web channel's /healthz) and the process's shards: each one's status and
 * heartbeat ping, the shard count and the servers served. 200 when the store answers, else 503.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Status, type Client } from 'discord.js';
import type { ShardOwnership } from './shard.ts';

export interface ShardHealth { id: number; status: string; ping: number }

export interface DiscordHealth {
  ok: boolean;
  discord: { ready: boolean; totalShards: number | null; shards: ShardHealth[]; servers: number; ownsShards: number[] | 'all' };
  [k: string]: unknown;
}

type ServiceHealth = { ok: boolean; [k: string]: unknown };

export async function discordHealth(client: Client, service: { health?: () => Promise<ServiceHealth> }, ownership: ShardOwnership | null): Promise<DiscordHealth> {
  const h: ServiceHealth = service.health ? await service.health() : { ok: true };
  const shards = [...client.ws.shards.values()].map((s) => ({ id: s.id, status: Status[s.status] ?? String(s.status), ping: s.ping })).sort((a, b) => a.id - b.id);
  const total = client.options.shardCount;
  return {
    ...h,
    ok: h.ok,
    discord: {
      ready: client.isReady(),
      totalShards: typeof total === 'number' ? total : null,
      shards,
      servers: client.guilds.cache.size,
      ownsShards: ownership ? [...ownership.shards].sort((a, b) => a - b) : 'all',
    },
  };
}

/** HEALTH_PORT: a whole number 0–65535 (0: any free port); empty: no health server. */
export function healthPort(env: NodeJS.ProcessEnv): number | null {
  const raw = env.HEALTH_PORT?.trim();
  if (!raw) return null;
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) throw new Error(`HEALTH_PORT=${raw} is not a port number (0–65535; see .env.example).`);
  return Number(raw);
}

export async function startHealthServer(port: number, host: string, answer: () => Promise<{ ok: boolean }>): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/healthz' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404).end();
      return;
    }
    answer().then(
      (h) => res.writeHead(h.ok ? 200 : 503, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }).end(req.method === 'HEAD' ? undefined : `${JSON.stringify(h)}\n`),
      () => { if (!res.headersSent) res.writeHead(500).end(); },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const a = server.address() as AddressInfo;
  return {
    url: `http://${a.family === 'IPv6' ? `[${a.address}]` : a.address}:${a.port}/healthz`,
    close: () => new Promise<void>((r) => { server.closeAllConnections?.(); server.close(() => r()); }),
  };
}
