/**
 * The Discord adapter: a discord.js client that feeds text commands, slash commands and button clicks into
 * the one GameService, and DiscordChat, the ChatPort through which the service speaks on Discord.
 * `startDiscord()` is what `npm start` runs when DISCORD_TOKEN is set; `src/platform/adapters/discord/deploy.ts` registers
 * the slash commands.
 */
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, Events, GatewayIntentBits, Partials, type ClientOptions } from 'discord.js';
import type { GameServiceApi } from '../../session/index.ts';
import type { GameRegistry } from '../../session/index.ts';
import type { SlashCommand } from '../../slash/index.ts';
import { DiscordBot } from './bot.ts';
import { DiscordChat } from './chat.ts';
import { ConfigError, loadDotEnv, readConfig, type DiscordConfig } from './config.ts';
import { guardProcess } from './guard.ts';
import { modRoleWarning } from './permissions.ts';
import { serverScope } from '../../ratings/index.ts';
import type { GameStore } from '../../store/index.ts';
import { createLogger, logFormat, withFields, type LogContext, type Logger } from '../../log.ts';
import { shardClientOptions, shardOf, type ShardOwnership } from './shard.ts';
import { startDiscordService, type DiscordService } from './live.ts';
import { discordHealth, healthPort, startHealthServer } from './health.ts';

export { DiscordBot, type BotOptions } from './bot.ts';
export { DiscordChat, type DiscordChatOptions } from './chat.ts';
export { InteractionContext, replyMessage } from './context.ts';
export { isModerator, missingPermissions, modRoleWarning, NEEDED_PERMISSIONS } from './permissions.ts';
export { splitMessage, truncate, mentionedUsers, mention, relativeTime, shownName, MESSAGE_LIMIT, FILE_LIMIT } from './split.ts';
export { toParts, buttonRows, fitImage, type MessagePart, type UploadFile } from './payload.ts';
export { loadDotEnv, readConfig, ConfigError, type DiscordConfig } from './config.ts';
export { shardOf, shardOfChannel, readShardPlan, parseShardList, checkShardStore, shardClientOptions, shardedStore, isPartial, GuildResolver, ShardOwnership, type ShardPlan } from './shard.ts';
export { startDiscordService, type DiscordService, type DiscordServiceOptions } from './live.ts';
export { discordHealth, healthPort, type DiscordHealth, type ShardHealth } from './health.ts';
export { commandsJson, deployCommands, deployMain } from './deploy.ts';
export type { AutocompleteContext, ButtonContext, ChatActions, Choice, SlashCommand, SlashContext } from '../../slash/index.ts';
export { DiscordActions, realTimer, type Timer } from './actions.ts';
export { exportFiles, exportNote } from './export.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

/** What the bot needs of the gateway: guilds, guild messages with their text, and DMs (DM channels arrive partial). */
export const INTENTS = [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent, GatewayIntentBits.DirectMessages];

export function clientOptions(cfg: Pick<DiscordConfig, 'apiUrl'> & Partial<Pick<DiscordConfig, 'shards'>>): ClientOptions {
  return { intents: INTENTS, partials: [Partials.Channel], ...(cfg.apiUrl ? { rest: { api: cfg.apiUrl } } : {}), ...shardClientOptions(cfg.shards ?? null) };
}

export interface StartDiscordOptions {
  /**
   * The game service. A function receives the Discord ChatPort, the client and the process's log and builds the
   * service on them (or returns startDiscordService's result, whose shard ownership the adapter then uses too; the
   * caller stops it); an instance must post through `chat` (below). Default: startDiscordService on DATABASE_URL or
   * DATABASE_PATH, the real clock and the default renderer, started up here and stopped by close().
   */
  service?: GameServiceApi | ((chat: DiscordChat, client: Client, logger: Logger) => GameServiceApi | DiscordService | Promise<GameServiceApi | DiscordService>);
  /** The games a default service hosts (src/games' registry). */
  games?: GameRegistry;
  /** The slash commands to serve (commands/index.ts: the platform's and every game's). */
  commands?: readonly SlashCommand[];
  /** The ChatPort a prebuilt service posts through (it is given the client's REST once the client exists). */
  chat?: DiscordChat;
  /** Default: process.env (after loading .env). */
  env?: NodeJS.ProcessEnv;
  /** Every line as plain text (tests); without it, `logger`. */
  log?: (line: string) => void;
  /** The process's log (src/platform/log.ts). Default: one on stdout/stderr in LOG_FORMAT. */
  logger?: Logger;
  /** The store a default service uses (default: DATABASE_URL, else DATABASE_PATH); the caller closes it. */
  store?: GameStore;
  /** The lease holder of a default service (default: one per process). */
  holder?: string;
  /** How often a default service renews leases and takes games over (ms; default: a third of the lease time). */
  leaseEveryMs?: number;
}

export interface DiscordHandle {
  client: Client;
  bot: DiscordBot;
  service: GameServiceApi;
  /** The shards this process runs and which games it owns; null when unsharded or running every shard. */
  ownership: ShardOwnership | null;
  /** The process's log; a line about a channel carries its shard when the bot is sharded. */
  logger: Logger;
  /** The /healthz address when HEALTH_PORT is set. */
  healthUrl: string | null;
  /** Stops taking events, lets the commands in flight finish, then (a default service) releases its leases and closes the store. */
  close(): Promise<void>;
}

/**
 * Ratings (duel.md D9.6): the Discord server a channel (or thread) belongs to, as the board scope its rated games are
 * filed under, from the client's cache (a game's thread is active when it ends); null for a direct message.
 */
export function guildScope(client: Client): (channelId: string) => string | null {
  return (channelId) => {
    const ch = client.channels.cache.get(channelId);
    const guildId = ch && 'guildId' in ch ? ch.guildId : null;
    return typeof guildId === 'string' && guildId ? serverScope(guildId) : null;
  };
}

/** Logs in with DISCORD_TOKEN and serves every server the bot is in, until close(). */
export async function startDiscord(opts: StartDiscordOptions = {}): Promise<DiscordHandle> {
  if (!opts.env) loadDotEnv(resolve(process.cwd(), '.env'));
  const env = opts.env ?? process.env;
  const cfg = readConfig(env);
  let port: number | null;
  try {
    port = healthPort(env);
  } catch (e) {
    throw new ConfigError((e as Error).message);
  }
  const client = new Client(clientOptions(cfg));
  // The shard a line is about: its channel's server's (discord.js knows the shard count once logged in, also for SHARDS=auto).
  let peekGuild: (channelId: string) => string | null | undefined = (ch) => {
    const c = client.channels.cache.get(ch) as { guildId?: string | null } | undefined;
    return c ? c.guildId ?? null : undefined;
  };
  const enrich = (ctx: LogContext): LogContext => {
    const total = client.options.shardCount;
    // SHARDS=auto: the count is Discord's, known once logged in (discord.js then lists the shard ids).
    if (!cfg.shards || ctx.shard !== undefined || !ctx.channel || typeof total !== 'number' || !Array.isArray(client.options.shards)) return {};
    const g = peekGuild(ctx.channel);
    try {
      return g === undefined ? {} : { shard: g ? shardOf(g, total) : 0 };
    } catch {
      return {};
    }
  };
  const logger = withFields(opts.logger ?? (opts.log ? textLogger(opts.log) : createLogger({ format: logFormat(env) })), enrich);
  const logError = (line: string, err?: unknown) => (err === undefined ? logger.warn(line) : logger.error(line, err));
  const roleWarning = modRoleWarning(cfg.modRole);
  if (roleWarning) logError(roleWarning);
  const unguard = guardProcess(logError);
  const chat = opts.chat ?? new DiscordChat(client.rest);
  if (opts.chat) opts.chat.useRest(client.rest);
  let service: GameServiceApi;
  let ownership: ShardOwnership | null = null;
  let dispose = async () => {};
  try {
    if (typeof opts.service === 'function') {
      const made = await opts.service(chat, client, logger);
      if ('ownership' in made && 'peekGuild' in made) {
        ({ service, ownership } = made);
        peekGuild = made.peekGuild;
      } else service = made;
    } else if (opts.service) service = opts.service;
    else {
      if (!opts.games) throw new Error('startDiscord: no service and no games to host (the composition root passes src/games\' registry)');
      const live = await startDiscordService(chat, {
        games: opts.games, root: ROOT, client, plan: cfg.shards, logger, env, ratingScope: guildScope(client),
        ...(opts.store ? { store: opts.store } : {}), ...(opts.holder ? { holder: opts.holder } : {}), ...(opts.leaseEveryMs ? { leaseEveryMs: opts.leaseEveryMs } : {}),
      });
      ({ service, ownership } = live);
      peekGuild = live.peekGuild;
      dispose = live.stop;
    }
  } catch (e) {
    unguard();
    await client.destroy();
    throw e;
  }
  const bot = new DiscordBot({ client, service, chat, commands: opts.commands ?? [], log: logError, ...(cfg.modRole ? { modRole: cfg.modRole } : {}), ...(cfg.publicUrl ? { publicUrl: cfg.publicUrl } : {}) }).attach();
  chat.decorate = (channelId, msg) => bot.decorate(channelId, msg);
  // D10.3.4: a thread is archived an hour after its game's end, unless a new game lives there by then.
  chat.log = (line, err) => logError(`[discord] ${line}`, err);
  chat.keepOpen = async (channelId) => { const g = await service.gameOf(channelId); return !!g && g.status !== 'ended'; };
  const ready = new Promise<void>((res) => client.once(Events.ClientReady, () => res()));
  try {
    await client.login(cfg.token);
    await ready;
  } catch (e) {
    await client.destroy();
    await dispose();
    unguard();
    throw e;
  }
  const shardIds = client.options.shards;
  const shardText = cfg.shards ? ` as shard(s) ${Array.isArray(shardIds) ? shardIds.join(',') : String(shardIds)} of ${String(client.options.shardCount)}` : '';
  logger.info(`Discord: logged in as ${client.user?.tag ?? '?'} on ${client.guilds.cache.size} server(s)${shardText}.`);
  let health: { url: string; close: () => Promise<void> } | null = null;
  if (port !== null) {
    try {
      health = await startHealthServer(port, env.HEALTH_HOST?.trim() || '127.0.0.1', () => discordHealth(client, service as { health?: () => Promise<{ ok: boolean }> }, ownership));
      logger.info(`health: ${health.url}`);
    } catch (e) {
      logError(`the health server could not listen on port ${port}`, e);
    }
  }
  void (async () => {
    const games = await service.listGames({ status: ['running', 'open'] });
    // A process running part of the shards checks only its own servers' channels.
    const mine = ownership ? (await Promise.all(games.map(async (g) => ((await ownership!.owns(g.channelId)) ? g.channelId : null)))).filter((c): c is string => c !== null) : games.map((g) => g.channelId);
    await bot.checkChannels(mine);
  })().catch((e: unknown) => logError('checking the game channels failed', e));
  let closed: Promise<void> | null = null;
  return {
    client,
    bot,
    service,
    ownership,
    logger,
    healthUrl: health?.url ?? null,
    close() {
      // SIGTERM: no new events, the commands in flight answered, then the leases given up (a default service).
      return (closed ??= (async () => {
        await client.destroy();
        await health?.close();
        await bot.idle();
        await dispose();
        unguard();
      })());
    },
  };
}

/** The `log` option's lines: the message, and the error's stack after a colon. */
function textLogger(log: (line: string) => void): Logger {
  const line = (m: string, err?: unknown) => (err === undefined ? m : `${m}: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
  const make = (): Logger => ({ info: (m) => log(line(m)), warn: (m) => log(line(m)), error: (m, e) => log(line(m, e)), child: () => make() });
  return make();
}
