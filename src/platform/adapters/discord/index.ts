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
import { loadDotEnv, readConfig, type DiscordConfig } from './config.ts';
import { guardProcess } from './guard.ts';
import { modRoleWarning } from './permissions.ts';
import { serverScope } from '../../ratings/index.ts';

export { DiscordBot, type BotOptions } from './bot.ts';
export { DiscordChat, type DiscordChatOptions } from './chat.ts';
export { InteractionContext, replyMessage } from './context.ts';
export { isModerator, missingPermissions, modRoleWarning, NEEDED_PERMISSIONS } from './permissions.ts';
export { splitMessage, truncate, mentionedUsers, mention, relativeTime, shownName, MESSAGE_LIMIT, FILE_LIMIT } from './split.ts';
export { toParts, buttonRows, fitImage, type MessagePart, type UploadFile } from './payload.ts';
export { loadDotEnv, readConfig, type DiscordConfig } from './config.ts';
export { commandsJson, deployCommands, deployMain } from './deploy.ts';
export type { AutocompleteContext, ButtonContext, ChatActions, Choice, SlashCommand, SlashContext } from '../../slash/index.ts';
export { DiscordActions, realTimer, type Timer } from './actions.ts';
export { exportFiles, exportNote } from './export.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

/** What the bot needs of the gateway: guilds, guild messages with their text, and DMs (DM channels arrive partial). */
export const INTENTS = [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent, GatewayIntentBits.DirectMessages];

export function clientOptions(cfg: Pick<DiscordConfig, 'apiUrl'>): ClientOptions {
  return { intents: INTENTS, partials: [Partials.Channel], ...(cfg.apiUrl ? { rest: { api: cfg.apiUrl } } : {}) };
}

export interface StartDiscordOptions {
  /**
   * The game service. A function receives the Discord ChatPort and builds the service on it; an instance
   * must post through `chat` (below). Default: a GameService on the store at DATABASE_PATH, the real clock
   * and the default renderer, started up here.
   */
  service?: GameServiceApi | ((chat: DiscordChat) => GameServiceApi | Promise<GameServiceApi>);
  /** The games a default service hosts (src/games' registry). */
  games?: GameRegistry;
  /** The slash commands to serve (commands/index.ts: the platform's and every game's). */
  commands?: readonly SlashCommand[];
  /** The ChatPort a prebuilt service posts through (it is given the client's REST once the client exists). */
  chat?: DiscordChat;
  /** Default: process.env (after loading .env). */
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

export interface DiscordHandle {
  client: Client;
  bot: DiscordBot;
  service: GameServiceApi;
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

async function defaultService(chat: DiscordChat, env: NodeJS.ProcessEnv, games: GameRegistry | undefined, client: Client): Promise<{ service: GameServiceApi; dispose: () => void }> {
  if (!games) throw new Error('startDiscord: no service and no games to host (the composition root passes src/games\' registry)');
  const { startLiveService } = await import('../../session/index.ts');
  const live = await startLiveService(chat, { games, root: ROOT, databasePath: env.DATABASE_PATH ?? resolve(ROOT, 'data', 'neuwar.db'), ratingScope: guildScope(client) });
  return { service: live.service, dispose: () => { void live.stop(); } };
}

/** Logs in with DISCORD_TOKEN and serves every server the bot is in, until close(). */
export async function startDiscord(opts: StartDiscordOptions = {}): Promise<DiscordHandle> {
  if (!opts.env) loadDotEnv(resolve(process.cwd(), '.env'));
  const env = opts.env ?? process.env;
  const log = opts.log ?? ((l: string) => console.log(l));
  const logError = (line: string, err?: unknown) => {
    if (!opts.log) return console.error(`[discord] ${line}`, err ?? '');
    opts.log(err === undefined ? line : `${line}: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
  };
  const cfg = readConfig(env);
  const roleWarning = modRoleWarning(cfg.modRole);
  if (roleWarning) logError(roleWarning);
  const unguard = guardProcess(logError);
  const client = new Client(clientOptions(cfg));
  const chat = opts.chat ?? new DiscordChat(client.rest);
  if (opts.chat) opts.chat.useRest(client.rest);
  let service: GameServiceApi;
  let dispose = () => {};
  try {
    if (typeof opts.service === 'function') service = await opts.service(chat);
    else if (opts.service) service = opts.service;
    else ({ service, dispose } = await defaultService(chat, env, opts.games, client));
  } catch (e) {
    unguard();
    await client.destroy();
    throw e;
  }
  const bot = new DiscordBot({ client, service, chat, commands: opts.commands ?? [], log: logError, ...(cfg.modRole ? { modRole: cfg.modRole } : {}), ...(cfg.publicUrl ? { publicUrl: cfg.publicUrl } : {}) }).attach();
  chat.decorate = (channelId, msg) => bot.decorate(channelId, msg);
  const ready = new Promise<void>((res) => client.once(Events.ClientReady, () => res()));
  try {
    await client.login(cfg.token);
    await ready;
  } catch (e) {
    await client.destroy();
    dispose();
    unguard();
    throw e;
  }
  log(`Discord: logged in as ${client.user?.tag ?? '?'} on ${client.guilds.cache.size} server(s).`);
  void bot.checkChannels((await service.listGames({ status: ['running', 'open'] })).map((g) => g.channelId));
  let closed = false;
  return {
    client,
    bot,
    service,
    async close() {
      if (closed) return;
      closed = true;
      await client.destroy();
      await bot.idle();
      dispose();
      unguard();
    },
  };
}
