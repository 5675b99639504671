import type { GameMap } from '../../europe/map/index.ts';
import type { GameServiceApi } from '../../../platform/session/index.ts';
import { NeuwarRules } from '../module.ts';

/** The channel's game as New European War's rules, or null when it has none or it is another game. */
export async function neuwarRules(service: GameServiceApi, channelId: string): Promise<NeuwarRules | null> {
  const rules = (await service.rulesOf(channelId));
  return rules instanceof NeuwarRules ? rules : null;
}

/** How long autocomplete keeps a channel's map: it runs on every keystroke, and an archived game's rules are rebuilt from the store. */
const MAP_TTL_MS = 30_000;
const MAP_CACHE_MAX = 500;
const maps = new WeakMap<GameServiceApi, Map<string, { map: GameMap | null; at: number }>>();

/** The channel's map for autocomplete, kept for MAP_TTL_MS per service and channel. */
export async function cachedMap(service: GameServiceApi, channelId: string, now: () => number = Date.now): Promise<GameMap | null> {
  let byChannel = maps.get(service);
  if (!byChannel) maps.set(service, (byChannel = new Map()));
  const hit = byChannel.get(channelId);
  if (hit && now() - hit.at < MAP_TTL_MS) return hit.map;
  const map = (await neuwarRules(service, channelId))?.map ?? null;
  byChannel.set(channelId, { map, at: now() });
  if (byChannel.size > MAP_CACHE_MAX) byChannel.delete(byChannel.keys().next().value!);
  return map;
}
