/**
 * The GameService of a Discord process (issue 16): the store DATABASE_URL names (PostgreSQL), else SQLite at
 * DATABASE_PATH; the real clock; the process's structured log; and, when the process runs only some of the shards,
 * the store seen through shardedStore so that it adopts, takes over and writes only the games of its own servers.
 * startLiveService (session/boot.ts) is the same without the Discord parts; the local web channel uses that.
 */
import type { Client } from 'discord.js';
import type { ChatPort } from '../../chat/index.ts';
import { RealClock, type Clock } from '../../clock/index.ts';
import { GameService, type GameRegistry } from '../../session/index.ts';
import { isCorruptError, isPostgresUrl, openStore, StorageError, type GameStore } from '../../store/index.ts';
import type { Logger } from '../../log.ts';
import { checkShardStore, GuildResolver, isPartial, ShardOwnership, shardedStore, type ShardPlan } from './shard.ts';
import { ConfigError } from './config.ts';

export interface DiscordServiceOptions {
  games: GameRegistry;
  root: string;
  client: Client;
  plan: ShardPlan | null;
  logger: Logger;
  env?: NodeJS.ProcessEnv;
  /** The store to use (not closed by stop); default: DATABASE_URL, else the SQLite file at DATABASE_PATH. */
  store?: GameStore;
  /** The lease holder (default: one per process; tests run two shard "processes" in one). */
  holder?: string;
  clock?: Clock;
  /** Ratings scope of a channel (default: its Discord server, from the client's cache). */
  ratingScope?: (channelId: string) => string | null;
  leaseEveryMs?: number;
}

export interface DiscordService {
  service: GameService;
  /** Which channels' games this process writes; null when it runs every shard (it owns them all). */
  ownership: ShardOwnership | null;
  /** The server of a channel, as known now (cache or earlier lookups): for log lines. */
  peekGuild(channelId: string): string | null | undefined;
  /** Commands in flight finish, leases are released, the clock stops, the store (when opened here) closes. */
  stop(): Promise<void>;
}

export async function startDiscordService(chat: ChatPort, opts: DiscordServiceOptions): Promise<DiscordService> {
  const env = opts.env ?? process.env;
  if (!opts.store) {
    try {
      checkShardStore(opts.plan, env.DATABASE_URL, isPostgresUrl);
    } catch (e) {
      throw new ConfigError((e as Error).message);
    }
  }
  const opened = opts.store ? null : await openStore(env.DATABASE_URL, { path: env.DATABASE_PATH ?? `${opts.root}/data/neuwar.db` });
  const base: GameStore = opts.store ?? opened!;
  // REST lookups of a channel's server may happen while the service starts, before the gateway logs in.
  const token = env.DISCORD_TOKEN?.trim();
  if (token) opts.client.rest.setToken(token);
  const resolver = new GuildResolver(opts.client, base, (l, e) => opts.logger.warn(`${l}: ${String((e as Error)?.message ?? e)}`));
  let ownership: ShardOwnership | null = null;
  let store = base;
  if (isPartial(opts.plan)) {
    const own = new ShardOwnership(opts.plan, (ch) => resolver.guildOf(ch));
    ownership = own;
    store = shardedStore(base, (ch) => own.owns(ch));
  }
  const clock = opts.clock ?? new RealClock();
  const service = new GameService({
    store, clock, chat, games: opts.games, root: opts.root,
    logError: (m, err, ctx) => opts.logger.error(m, err, ctx),
    ...(opts.ratingScope ? { ratingScope: opts.ratingScope } : {}),
    ...(opts.holder ? { holder: opts.holder } : {}),
    ...(opts.leaseEveryMs ? { leaseEveryMs: opts.leaseEveryMs } : {}),
  });
  try {
    await service.startUp();
  } catch (e) {
    await service.close().catch(() => undefined);
    if (!opts.clock) clock.stop();
    await opened?.close();
    throw isCorruptError(e) && opened ? StorageError.from(e, opened.location) : e;
  }
  let stopped: Promise<void> | null = null;
  return {
    service,
    ownership,
    peekGuild: (ch) => resolver.peek(ch),
    stop: () => (stopped ??= (async () => {
      await service.close();
      await service.idle();
      if (!opts.clock) clock.stop();
      await opened?.close();
    })()),
  };
}
