import { GameService as PlatformService, type GameServiceOptions, type GameRegistry } from '../platform/session/index.ts';
import type { GameMap } from './europe/map/index.ts';
import type { GameState } from './neuwar/engine/index.ts';
import { NeuwarRules, neuwar } from './neuwar/module.ts';

/**
 * The platform's service with the registry's games, for the composition root, tools and tests: `stateOf` and
 * `mapOf` give a New European War game's own state and map (null for a game of another kind).
 */
export class GameService extends PlatformService {
  constructor(opts: Omit<GameServiceOptions, 'games'> & { games?: GameRegistry }) {
    super({ ...opts, games: opts.games ?? [neuwar] });
  }

  override async stateOf(channelId: string): Promise<GameState | null> {
    return (await this.rulesOf(channelId)) instanceof NeuwarRules ? ((await super.stateOf(channelId)) as GameState | null) : null;
  }

  async mapOf(channelId: string): Promise<GameMap | null> {
    const r = await this.rulesOf(channelId);
    return r instanceof NeuwarRules ? r.map : null;
  }

  countryOf(channelId: string, userId: string): Promise<string | null> {
    return this.seatOf(channelId, userId);
  }
}
