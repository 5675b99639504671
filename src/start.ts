import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { routeChat } from './route-chat.ts';
import { GAMES } from './games/index.ts';
import { COMMANDS } from '../commands/index.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `npm start`: with DISCORD_TOKEN the Discord bot; without it the local web channel at http://127.0.0.1:3000;
 * with both DISCORD_TOKEN and LOCAL_CHANNEL=1 one service (one store, one clock) serves both.
 */
export async function startBot(): Promise<number> {
  const { loadDotEnv } = await import('./platform/adapters/discord/index.ts');
  loadDotEnv(resolve(process.cwd(), '.env'));
  const token = process.env.DISCORD_TOKEN?.trim();
  const both = !!token && process.env.LOCAL_CHANNEL === '1';
  const closers: (() => Promise<void>)[] = [];
  const { openStore, isPostgresUrl, StorageError } = await import('./platform/store/index.ts');
  const { ConfigError } = await import('./platform/adapters/discord/index.ts');
  const { logFormat } = await import('./platform/log.ts');
  try {
    try {
      logFormat(process.env);
    } catch (e) {
      throw new ConfigError((e as Error).message);
    }
    // The database is checked (opened, migrated, written) before an adapter puts anything beside it.
    const db = process.env.DATABASE_PATH ?? resolve(ROOT, 'data', 'neuwar.db');
    const url = process.env.DATABASE_URL?.trim();
    if (db !== ':memory:' || (url && isPostgresUrl(url))) await (await openStore(url, { path: db })).close();
    await startAdapters(token, both, closers);
  } catch (e) {
    // A database that cannot be used, or a setting the bot cannot run with, is the operator's to fix: one line that says what to do.
    if (!(e instanceof StorageError) && !(e instanceof ConfigError)) throw e;
    for (const c of closers) await c().catch(() => undefined);
    process.stderr.write(`${e.message}\n`);
    return 1;
  }
  // SIGTERM (systemd, docker stop, Kubernetes) or Ctrl-C: each adapter stops taking input, the commands in flight are
  // answered and written, the leases are released (another process may take the games at once), the store closes.
  await new Promise<void>((res) => {
    const stop = () => res();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  for (const c of closers) await c().catch((e) => console.error(e));
  return 0;
}

async function startAdapters(token: string | undefined, both: boolean, closers: (() => Promise<void>)[]): Promise<void> {
  if (!token) {
    const { startLocal } = await import('./platform/adapters/local/index.ts');
    const h = await startLocal({ root: ROOT, games: GAMES });
    closers.push(async () => (await h.close()));
  } else if (!both) {
    const { startDiscord } = await import('./platform/adapters/discord/index.ts');
    const h = await startDiscord({ games: GAMES, commands: COMMANDS });
    closers.push(() => h.close());
  } else {
    const [{ startLocal, LocalChat, CHANNEL_PREFIX }, { startDiscord, DiscordChat, guildScope, readConfig, startDiscordService }, { createLogger, logFormat }, { REST }] = await Promise.all([
      import('./platform/adapters/local/index.ts'), import('./platform/adapters/discord/index.ts'), import('./platform/log.ts'), import('discord.js'),
    ]);
    const db = process.env.DATABASE_PATH ?? resolve(ROOT, 'data', 'neuwar.db');
    const localChat = new LocalChat(db === ':memory:' ? {} : { dir: resolve(dirname(db), 'local-feed') });
    const discordChat = new DiscordChat(new REST());
    // One service for both, built on the Discord client (ratings file a channel's games under its server, D9.6; with
    // SHARD_LIST it writes only its shards' games — the local channel's games are left to their leases).
    let live: Awaited<ReturnType<typeof startDiscordService>> | null = null;
    // A Discord duel a page opened by its [网页] link (duel.md D10.3.2) is mirrored into the page's feed; the page's
    // server, which knows which, starts after the service.
    let shows: (channelId: string) => boolean = () => false;
    const mirror = { shows: (ch: string) => shows(ch), chat: localChat };
    const logger = createLogger({ format: logFormat(process.env) });
    const d = await startDiscord({
      chat: discordChat, commands: COMMANDS, logger,
      service: async (_chat, client, log) => (live = await startDiscordService(routeChat((ch) => ch.startsWith(CHANNEL_PREFIX), localChat, discordChat, mirror), {
        games: GAMES, root: ROOT, client, plan: readConfig(process.env).shards, logger: log, ratingScope: guildScope(client),
      })),
    }).catch(async (e: unknown) => { await live?.stop(); throw e; });
    const service = live!.service;
    closers.push(() => d.close(), () => live!.stop());
    const l = await startLocal({ service, chat: localChat, root: ROOT });
    shows = (ch) => l.mirrors(ch);
    closers.unshift(async () => (await l.close()));
  }
}
