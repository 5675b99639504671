import type { ChatPort } from '../chat/index.ts';
import { RealClock, type Clock } from '../clock/index.ts';
import { Store, StorageError, isCorruptError } from '../store/index.ts';
import { GameService } from './service.ts';
import type { GameRegistry } from './module.ts';

/**
 * The live service of a real process: the store at DATABASE_PATH (default data/neuwar.db), the real clock,
 * every running game rebuilt and rescheduled. Adapters (Discord, the local web channel) call this once.
 */
export async function startLiveService(chat: ChatPort, opts: { games: GameRegistry; databasePath?: string; root?: string; renderer?: unknown; clock?: Clock; ratingScope?: (channelId: string) => string | null }): Promise<{ service: GameService; store: Store; clock: Clock; stop: () => Promise<void> }> {
  const path = opts.databasePath ?? process.env.DATABASE_PATH ?? 'data/neuwar.db';
  const store = new Store(path);
  const clock = opts.clock ?? new RealClock();
  const service = new GameService({ store, clock, chat, games: opts.games, ...(opts.renderer !== undefined ? { renderer: opts.renderer } : {}), ...(opts.root ? { root: opts.root } : {}), ...(opts.ratingScope ? { ratingScope: opts.ratingScope } : {}) });
  try {
    await service.startUp();
  } catch (e) {
    // One game's damage is set aside inside startUp; what reaches here is the games table itself.
    service.close();
    if (!opts.clock) clock.stop();
    store.close();
    throw isCorruptError(e) ? StorageError.from(e, path) : e;
  }
  return {
    service, store, clock,
    stop: async () => {
      service.close();
      await service.idle();
      clock.stop();
      store.close();
    },
  };
}
