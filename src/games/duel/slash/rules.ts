import type { GameServiceApi } from '../../../platform/session/index.ts';
import { DuelRules } from '../module.ts';
import type { DuelState } from '../engine.ts';
import type { Side } from '../resolve.ts';

/** The channel's game as Europe Duel's rules, or null when it has none or it is another game. */
export async function duelRules(service: GameServiceApi, channelId: string): Promise<DuelRules | null> {
  const rules = (await service.rulesOf(channelId));
  return rules instanceof DuelRules ? rules : null;
}

/** The channel's duel state (null: no duel, or not started). */
export async function duelState(service: GameServiceApi, channelId: string): Promise<DuelState | null> {
  if (!(await duelRules(service, channelId))) return null;
  const s = (await service.stateOf(channelId)) as DuelState | null;
  return s && typeof s === 'object' && 'owner' in s ? s : null;
}

/** The user's side in the channel's duel, or null (a spectator, the judge). */
export async function sideOf(service: GameServiceApi, channelId: string, userId: string): Promise<Side | null> {
  const seat = (await service.seatOf(channelId, userId));
  return seat === 'A' || seat === 'B' ? seat : null;
}

/** How long autocomplete keeps a channel's rules: it runs on every keystroke. */
const TTL_MS = 30_000;
const MAX = 500;
const cache = new WeakMap<GameServiceApi, Map<string, { rules: DuelRules | null; at: number }>>();

/** The channel's duel rules for autocomplete, kept for TTL_MS per service and channel. */
export async function cachedDuel(service: GameServiceApi, channelId: string, now: () => number = Date.now): Promise<DuelRules | null> {
  let byChannel = cache.get(service);
  if (!byChannel) cache.set(service, (byChannel = new Map()));
  const hit = byChannel.get(channelId);
  if (hit && now() - hit.at < TTL_MS) return hit.rules;
  const rules = await duelRules(service, channelId);
  byChannel.set(channelId, { rules, at: now() });
  if (byChannel.size > MAX) byChannel.delete(byChannel.keys().next().value!);
  return rules;
}
