import type { ChatPort } from '../chat/index.ts';
import { RealClock, type Clock } from '../clock/index.ts';
import { openStore, StorageError, isCorruptError, type OpenedStore } from '../store/index.ts';
import { GameService } from './service.ts';
import type { GameRegistry } from './module.ts';

/**
 * The live service of a real process: the store DATABASE_URL names (PostgreSQL), else SQLite at `databasePath`
 * (default DATABASE_PATH, else data/neuwar.db), the real clock, every open and running game whose lease this
 * process can take rebuilt and rescheduled (issue 16). Adapters (Discord, the local web channel) call this once.
 * `stop` (SIGTERM) lets the commands in flight finish, gives the leases up and closes the store.
 */
export async function startLiveService(chat: ChatPort, opts: { games: GameRegistry; databasePath?: string; databaseUrl?: string; root?: string; renderer?: unknown; clock?: Clock; ratingScope?: (channelId: string) => string | null }): Promise<{ service: GameService; store: OpenedStore; clock: Clock; stop: () => Promise<void> }> {
  const path = opts.databasePath ?? process.env.DATABASE_PATH ?? 'data/neuwar.db';
  const store = await openStore(opts.databaseUrl ?? process.env.DATABASE_URL, { path });
  const clock = opts.clock ?? new RealClock();
  const service = new GameService({ store, clock, chat, games: opts.games, ...(opts.renderer !== undefined ? { renderer: opts.renderer } : {}), ...(opts.root ? { root: opts.root } : {}), ...(opts.ratingScope ? { ratingScope: opts.ratingScope } : {}) });
  try {
    await service.startUp();
  } catch (e) {
    // One game's damage is set aside inside startUp; what reaches here is the games table itself.
    await service.close().catch(() => undefined);
    if (!opts.clock) clock.stop();
    await store.close();
    throw isCorruptError(e) ? StorageError.from(e, store.location) : e;
  }
  return {
    service, store, clock,
    stop: async () => {
      await service.close();
      await service.idle();
      clock.stop();
      await store.close();
    },
  };
}
