/**
 * The local web channel (`npm start` without DISCORD_TOKEN): an HTTP + WebSocket server and one static page
 * that play like Discord game channels, backed by the same GameService, store and clock.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GameRegistry, GameServiceApi } from '../../session/index.ts';
import { LocalChat } from './chat.ts';
import { LocalServer, isLoopback } from './server.ts';
import type { Limits } from './limits.ts';

export { LocalChat, type FeedMessage, type FeedImage, type FeedEvent } from './chat.ts';
export { LocalServer, isLoopback, allowedHosts, publicHost, userIdOf, listMaps, CHANNEL_PREFIX } from './server.ts';
export { cleanName } from '../../chat/index.ts';
export { DEFAULT_LIMITS, type Limits } from './limits.ts';
export { parseSlash, type Slash } from './slash.ts';
export { pngSize } from './png.ts';
export { MAX_TEXT, MAX_FRAME, type ClientMsg, type ServerMsg, type StatusView, type GameListItem } from './protocol.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

export interface StartLocalOptions<S extends GameServiceApi = GameServiceApi> {
  /** The games a default service hosts (src/games' registry). */
  games?: GameRegistry;
  /** Default: PORT, else 3000. 0 picks a free port. */
  port?: number;
  /** Default: HOST, else 127.0.0.1. Anything but loopback needs a password. */
  host?: string;
  /** Default: LOCAL_PASSWORD. */
  password?: string;
  /**
   * The game service. A function receives this channel's ChatPort and builds the service on it; an instance
   * must have been built with `chat` (below) as its ChatPort. Default: a GameService on the store at
   * DATABASE_PATH (data/neuwar.db), the real clock and the default renderer.
   */
  service?: S | ((chat: LocalChat) => S | Promise<S>);
  /** The ChatPort a prebuilt `service` posts through. */
  chat?: LocalChat;
  /** Where the feed and pictures are kept across restarts; default: beside the default service's database. */
  feedDir?: string | null;
  /** Project root (maps/ and tests/fixtures/ are offered from it). */
  root?: string;
  /** Where the startup lines and security lines (wrong passwords, lockouts) go (default: console). */
  log?: (line: string) => void;
  /** Rate limits, identity caps and the password backoff (DEFAULT_LIMITS where not given). */
  limits?: Partial<Limits>;
  /** The clock of the limits and lockouts (tests move it); default Date.now. */
  now?: () => number;
  /** Default: PUBLIC_URL. The public address of this server behind a proxy: its host is answered to too (LocalServerOptions.publicUrl). */
  publicUrl?: string;
}

/** The shortest LOCAL_PASSWORD accepted: with the lockout after wrong guesses, 8 characters hold out for years. */
export const MIN_PASSWORD_LENGTH = 8;

export interface LocalHandle<S extends GameServiceApi = GameServiceApi> {
  url: string;
  port: number;
  service: S;
  chat: LocalChat;
  /**
   * Whether a page shows this channel of another platform (a Discord duel opened by its [网页] link, duel.md D10.3.2):
   * the composition root mirrors that channel's posts into `chat` then (src/route-chat.ts).
   */
  mirrors(channelId: string): boolean;
  close(): Promise<void>;
}

async function defaultService(chat: LocalChat, root: string, games: GameRegistry | undefined): Promise<{ service: GameServiceApi; dispose: () => void }> {
  if (!games) throw new Error('startLocal: no service and no games to host (the composition root passes src/games\' registry)');
  const { startLiveService } = await import('../../session/index.ts');
  const live = await startLiveService(chat, { games, root, databasePath: process.env.DATABASE_PATH ?? resolve(root, 'data', 'neuwar.db') });
  return { service: live.service, dispose: () => { void live.stop(); } };
}

/** Starts the local web channel; refuses a non-loopback host without a password. */
export async function startLocal<S extends GameServiceApi = GameServiceApi>(opts: StartLocalOptions<S> = {}): Promise<LocalHandle<S>> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const host = opts.host ?? process.env.HOST ?? '127.0.0.1';
  const password = opts.password ?? process.env.LOCAL_PASSWORD ?? '';
  const port = opts.port ?? (process.env.PORT ? Number(process.env.PORT) : 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not "${process.env.PORT}"`);
  if (!isLoopback(host) && !password) {
    throw new Error(`HOST=${host} would let anyone on the network play as anyone: set LOCAL_PASSWORD too (refusing to start).`);
  }
  if (password && [...password].length < MIN_PASSWORD_LENGTH) {
    throw new Error(`LOCAL_PASSWORD is too short (${[...password].length} characters): use at least ${MIN_PASSWORD_LENGTH} (refusing to start). / LOCAL_PASSWORD 太短：至少 ${MIN_PASSWORD_LENGTH} 个字符。`);
  }
  const root = opts.root ?? ROOT;
  // With the default service the feed is kept beside its database, so a restarted bot shows each channel's
  // history again; a caller that brings its own service says where (feedDir), if anywhere.
  const db = process.env.DATABASE_PATH ?? resolve(opts.root ?? ROOT, 'data', 'neuwar.db');
  const feedDir = opts.feedDir !== undefined ? opts.feedDir : !opts.service && db !== ':memory:' ? resolve(dirname(db), 'local-feed') : null;
  const chat = opts.chat ?? new LocalChat(feedDir ? { dir: feedDir } : {});
  let service: S;
  let dispose = () => {};
  if (typeof opts.service === 'function') service = await opts.service(chat);
  else if (opts.service) service = opts.service;
  else ({ service, dispose } = await defaultService(chat, root, opts.games) as { service: S; dispose: () => void });
  const server = new LocalServer({
    port, host, password: password || undefined, service, chat, root, log,
    ...(opts.limits ? { limits: opts.limits } : {}), ...(opts.now ? { now: opts.now } : {}),
    ...((opts.publicUrl ?? process.env.PUBLIC_URL) ? { publicUrl: opts.publicUrl ?? process.env.PUBLIC_URL } : {}),
  });
  let addr: { url: string; port: number };
  try {
    addr = await server.listen();
  } catch (e) {
    dispose();
    throw e;
  }
  if (!isLoopback(host)) {
    log(`警告：本地网页频道对网络开放（HOST=${host}）。同一网络的人输入密码即可加入。Warning: the local channel is exposed on ${host}; LOCAL_PASSWORD is required.`);
  }
  log(`本地网页频道 / local web channel: ${addr.url}`);
  let closed = false;
  return {
    url: addr.url,
    port: addr.port,
    service,
    chat,
    mirrors: (channelId: string) => server.mirrors(channelId),
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
      dispose();
    },
  };
}
