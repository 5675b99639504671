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
  try {
    // The database is checked (opened, migrated, written) before an adapter puts anything beside it.
    const db = process.env.DATABASE_PATH ?? resolve(ROOT, 'data', 'neuwar.db');
    const url = process.env.DATABASE_URL?.trim();
    if (db !== ':memory:' || (url && isPostgresUrl(url))) await (await openStore(url, { path: db })).close();
    await startAdapters(token, both, closers);
  } catch (e) {
    // A database that cannot be used is the operator's to fix: one line that says which file and what to do.
    if (!(e instanceof StorageError)) throw e;
    for (const c of closers) await c().catch(() => undefined);
    process.stderr.write(`${e.message}\n`);
    return 1;
  }
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
    const [{ startLocal, LocalChat, CHANNEL_PREFIX }, { startDiscord, DiscordChat, guildScope }, { startLiveService }, { REST }] = await Promise.all([
      import('./platform/adapters/local/index.ts'), import('./platform/adapters/discord/index.ts'), import('./platform/session/index.ts'), import('discord.js'),
    ]);
    const db = process.env.DATABASE_PATH ?? resolve(ROOT, 'data', 'neuwar.db');
    const localChat = new LocalChat(db === ':memory:' ? {} : { dir: resolve(dirname(db), 'local-feed') });
    const discordChat = new DiscordChat(new REST());
    // Ratings file a channel's games under its Discord server (D9.6); the client that knows the servers comes second.
    let scopeOf: ((channelId: string) => string | null) | null = null;
    const live = await startLiveService(routeChat((ch) => ch.startsWith(CHANNEL_PREFIX), localChat, discordChat), { games: GAMES, root: ROOT, ratingScope: (ch) => scopeOf?.(ch) ?? null });
    const d = await startDiscord({ service: live.service, chat: discordChat, commands: COMMANDS });
    scopeOf = guildScope(d.client);
    const l = await startLocal({ service: live.service, chat: localChat, root: ROOT });
    closers.push(async () => (await l.close()), () => d.close(), () => live.stop());
  }
}
