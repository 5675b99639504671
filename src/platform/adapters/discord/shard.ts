/**
 * Discord gateway sharding (issue 16). One process runs one discord.js client with one or several shards
 * (discord.js 14's own `shards` / `shardCount` client options: its WebSocketManager opens one gateway connection per
 * shard in this process) and one GameService. Several processes — on one host or several — each run their own
 * SHARD_LIST of the TOTAL_SHARDS against one PostgreSQL store.
 *
 * A game belongs to its channel, and a channel to its server: Discord sends a server's events to shard
 * `(guild_id >> 22) % total` only, and direct messages to shard 0. So a process owns exactly the games of the servers its
 * shards serve (and, when it runs shard 0, the games in direct messages); it adopts and takes over only those, and
 * every game has exactly one process that writes it.
 */
import { Routes, type Client } from 'discord.js';
import type { GameStore, Lease, LeaseTime } from '../../store/index.ts';

/** How this process shards: null = unsharded (one connection, shard 0 of 1, owns everything). */
export interface ShardPlan {
  /** Every shard of the bot across all processes; 'auto': Discord's recommendation (only when this process runs all of them). */
  total: number | 'auto';
  /** The shards this process runs; 'all': every shard of `total`. */
  list: number[] | 'all';
}

/** Discord's formula: the shard that receives a server's events. */
export function shardOf(guildId: string, total: number): number {
  if (!/^\d{1,20}$/.test(guildId)) throw new Error(`not a Discord server id: ${guildId}`);
  return Number((BigInt(guildId) >> 22n) % BigInt(total));
}

/** The shard of a channel: its server's, or shard 0 for a direct message (guildId null). */
export function shardOfChannel(guildId: string | null, total: number): number {
  return guildId ? shardOf(guildId, total) : 0;
}

/** Most shards a bot may declare here (Discord's large bots use thousands; this is a sanity bound on a typo). */
const MAX_SHARDS = 65536;

function wholeNumber(name: string, raw: string, min: number): number {
  if (!/^\d+$/.test(raw)) throw new Error(`${name}=${raw} is not a whole number${name === 'SHARD_LIST' ? '' : ' (or "auto")'}: see .env.example and docs/deploy.md.`);
  const n = Number(raw);
  if (n < min || n > MAX_SHARDS) throw new Error(`${name}=${raw} is out of range (${min}–${MAX_SHARDS}): see docs/deploy.md.`);
  return n;
}

/** SHARD_LIST: shard ids and ranges, `0,1,2` or `0-3,6`, each once. */
export function parseShardList(raw: string, total: number): number[] {
  const ids: number[] = [];
  for (const part of raw.split(',').map((p) => p.trim())) {
    if (!part) throw new Error(`SHARD_LIST=${raw} has an empty item: write shard ids and ranges like 0,1,2 or 0-3,6.`);
    const m = /^(\d+)\s*-\s*(\d+)$/.exec(part);
    const [a, b] = m ? [wholeNumber('SHARD_LIST', m[1]!, 0), wholeNumber('SHARD_LIST', m[2]!, 0)] : [wholeNumber('SHARD_LIST', part, 0), -1];
    const end = m ? b : a;
    if (end < a) throw new Error(`SHARD_LIST=${raw}: the range ${part} runs backwards.`);
    for (let i = a; i <= end; i++) {
      if (i >= total) throw new Error(`SHARD_LIST=${raw} names shard ${i}, but shards are numbered 0–${total - 1} of TOTAL_SHARDS=${total}.`);
      if (ids.includes(i)) throw new Error(`SHARD_LIST=${raw} names shard ${i} twice.`);
      ids.push(i);
    }
  }
  return ids.sort((x, y) => x - y);
}

/**
 * SHARDS, TOTAL_SHARDS and SHARD_LIST (docs/deploy.md):
 * - none set: unsharded (one gateway connection; right for a bot in fewer than 2,500 servers);
 * - `SHARDS=auto`: this process runs every shard, as many as Discord recommends; `SHARDS=N`: every shard of N;
 * - `TOTAL_SHARDS=N SHARD_LIST=0,1`: this process runs shards 0 and 1 of N, other processes run the rest
 *   (PostgreSQL only; see checkShardStore). TOTAL_SHARDS alone is SHARDS=N.
 * Anything else is refused with one line naming the variable.
 */
export function readShardPlan(env: NodeJS.ProcessEnv): ShardPlan | null {
  const v = (k: string) => (env[k]?.trim() ? env[k]!.trim() : undefined);
  const shards = v('SHARDS');
  const totalRaw = v('TOTAL_SHARDS');
  const listRaw = v('SHARD_LIST');
  if (!shards && !totalRaw && !listRaw) return null;
  const count = (name: string, raw: string): number | 'auto' => (raw.toLowerCase() === 'auto' ? 'auto' : wholeNumber(name, raw, 1));
  const a = shards ? count('SHARDS', shards) : undefined;
  const b = totalRaw ? count('TOTAL_SHARDS', totalRaw) : undefined;
  if (a !== undefined && b !== undefined && a !== b) throw new Error(`SHARDS=${shards} and TOTAL_SHARDS=${totalRaw} disagree: set one of them (SHARDS for one process running every shard, TOTAL_SHARDS with SHARD_LIST for several).`);
  const total = a ?? b!;
  if (!listRaw) {
    if (total === undefined) throw new Error('SHARD_LIST needs TOTAL_SHARDS: how many shards the bot has across every process.');
    return { total, list: 'all' };
  }
  if (total === undefined) throw new Error(`SHARD_LIST=${listRaw} needs TOTAL_SHARDS: how many shards the bot has across every process (the same number on every host).`);
  if (total === 'auto') throw new Error(`SHARD_LIST=${listRaw} needs TOTAL_SHARDS to be a number, the same on every host (not "auto": Discord's recommendation can change between two hosts' starts).`);
  const list = parseShardList(listRaw, total);
  return { total, list: list.length === total ? 'all' : list };
}

/** Whether this process runs only some of the shards (other processes run the rest). */
export const isPartial = (plan: ShardPlan | null): plan is ShardPlan & { total: number; list: number[] } => !!plan && plan.list !== 'all';

/**
 * Several processes share the games only through PostgreSQL: a process running part of the shards on SQLite is
 * refused at start (another process would write the same file, or the rest of the servers would have no store).
 */
export function checkShardStore(plan: ShardPlan | null, databaseUrl: string | undefined, isPostgresUrl: (url: string) => boolean): void {
  if (!isPartial(plan)) return;
  if (databaseUrl?.trim() && isPostgresUrl(databaseUrl.trim())) return;
  throw new Error(
    `SHARD_LIST=${plan.list.join(',')} of TOTAL_SHARDS=${plan.total} leaves the other shards to other processes, which must share one PostgreSQL store: ` +
    'set DATABASE_URL=postgres://… on every process (docs/deploy.md). On SQLite run every shard in this one process (SHARDS=N or SHARDS=auto, no SHARD_LIST).',
  );
}

/**
 * discord.js client options for the plan. Always explicit: a discord.js Client given no `shards` reads the environment's
 * SHARDS as the JSON its own ShardingManager passes to its children, so SHARDS=auto (or an empty SHARDS=) would be
 * misread there.
 */
export function shardClientOptions(plan: ShardPlan | null): { shards: number[] | 'auto'; shardCount?: number } {
  if (!plan) return { shards: [0], shardCount: 1 };
  if (plan.total === 'auto') return { shards: 'auto' };
  return { shards: plan.list === 'all' ? [...Array(plan.total).keys()] : plan.list, shardCount: plan.total };
}

/** A channel's server as the adapter resolves it: a server id, null for a direct message, undefined when unknown for now. */
export type GuildLookup = (channelId: string) => Promise<string | null | undefined>;

/** A Discord channel id (a snowflake); the local web channel's and tests' channels are not. */
const SNOWFLAKE = /^\d{15,20}$/;

/** Meta key under which a channel's server is remembered in the shared store (every process reads it; '' = a DM). */
export const guildMetaKey = (channelId: string) => `discord:guild:${channelId}`;

/**
 * Who a channel's server is: the client's cache (a channel of one of this process's servers, or a DM it was written
 * from), then the shared store (remembered by whichever process saw it first), then Discord's REST API (GET
 * /channels/{id}: its guild_id, none for a DM). A channel Discord no longer shows (deleted, a server the bot left) is
 * counted as a DM's (shard 0) so that exactly one process still runs its game; a failed request is unknown and asked
 * again later.
 */
export class GuildResolver {
  private readonly known = new Map<string, string | null>();
  constructor(private readonly client: Client, private readonly store: Pick<GameStore, 'getMeta' | 'setMeta'>, private readonly log: (line: string, err?: unknown) => void = () => undefined) {}

  /** What is known without waiting (the cache): for log lines. */
  peek(channelId: string): string | null | undefined {
    if (this.known.has(channelId)) return this.known.get(channelId);
    const ch = this.client.channels.cache.get(channelId) as { guildId?: string | null } | undefined;
    if (ch) return ch.guildId ?? null;
    return undefined;
  }

  async guildOf(channelId: string): Promise<string | null | undefined> {
    const cached = this.peek(channelId);
    if (cached !== undefined) return this.remember(channelId, cached, true);
    const stored = await this.store.getMeta(guildMetaKey(channelId)).catch(() => null);
    if (stored !== null) return this.remember(channelId, stored || null, false);
    try {
      const ch = (await this.client.rest.get(Routes.channel(channelId))) as { guild_id?: string };
      return this.remember(channelId, ch.guild_id ?? null, true);
    } catch (e) {
      const status = (e as { status?: number }).status;
      if (status === 404 || status === 403) return this.remember(channelId, null, false);
      this.log(`the server of channel ${channelId} could not be read (asked again later)`, e);
      return undefined;
    }
  }

  private async remember(channelId: string, guildId: string | null, store: boolean): Promise<string | null> {
    if (!this.known.has(channelId) && store) await this.store.setMeta(guildMetaKey(channelId), guildId ?? '').catch(() => undefined);
    this.known.set(channelId, guildId);
    return guildId;
  }
}

/** Which games this process may adopt and write: those whose channel's server is on one of its shards. */
export class ShardOwnership {
  readonly total: number;
  readonly shards: ReadonlySet<number>;
  constructor(plan: { total: number; list: number[] }, private readonly guildOf: GuildLookup) {
    this.total = plan.total;
    this.shards = new Set(plan.list);
  }

  /** The shard a channel's events arrive on; undefined when its server is not known yet. */
  async shardOfChannel(channelId: string): Promise<number | undefined> {
    if (!SNOWFLAKE.test(channelId)) return undefined;
    const g = await this.guildOf(channelId);
    return g === undefined ? undefined : shardOfChannel(g, this.total);
  }

  /** Whether this process writes the channel's games: a channel that is not Discord's (the local web channel's) is left to the lease alone. */
  async owns(channelId: string): Promise<boolean> {
    if (!SNOWFLAKE.test(channelId)) return true;
    const s = await this.shardOfChannel(channelId);
    return s !== undefined && this.shards.has(s);
  }
}

/**
 * The store as a process running part of the shards sees it: a game's lease is taken only when the game's channel is
 * on one of its shards. The service takes a lease before it loads, adopts at start, takes over (an expired lease) or
 * creates a game, so a process never holds another shard's game; everything else (reads, ratings, a player's games on
 * every server) is the shared store itself.
 */
export function shardedStore<S extends GameStore>(store: S, owns: (channelId: string) => Promise<boolean>): S {
  // A game's channel never changes: read once per game.
  const channels = new Map<number, string>();
  const takeLease = async (gameId: number, holder: string, t?: LeaseTime): Promise<Lease | null> => {
    let channelId = channels.get(gameId);
    if (channelId === undefined) {
      const row = await store.game(gameId);
      if (!row) return null;
      channels.set(gameId, (channelId = row.channelId));
    }
    if (!(await owns(channelId))) return null;
    return store.takeLease(gameId, holder, t);
  };
  return new Proxy(store, {
    get(target, prop, receiver) {
      if (prop === 'takeLease') return takeLease;
      const v = Reflect.get(target, prop, receiver);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}
