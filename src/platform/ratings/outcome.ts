/**
 * From a game's end to the store's rated game (duel.md D9.2, D9.4, D9.6). The game's rules decide whether an ended
 * game counts and how each seat scored (`Rules.rated`); the platform knows who sat where and files the rows.
 */
import type { RatedGame } from '../store/index.ts';
import type { Score } from './elo.ts';
import { botIdentity, isHumanIdentity, LOCAL_SCOPE, personIdentity } from './identity.ts';

/**
 * What a game's rules say of its end: null, unrated; else each seat's score (1, ½, 0) and `bot`, the rated id of
 * a computer player in that seat (the duel agent's `agent@v<N>`; null for a person).
 */
export interface RatedOutcome { how: string; seats: { seat: string; score: Score; bot: string | null }[] }

export interface RatedContext {
  kind: string;
  gameId: number;
  channelId: string;
  at: number;
  /** The game's players rows (a computer player's has a `bot:` user id). */
  players: readonly { seat: string; userId: string; name: string }[];
  /** A players row of a computer player (the platform's `bot:<seat>:<style>`): never a rated person. */
  isBotUser: (userId: string) => boolean;
  /** The Discord server of a channel, as a board scope ('discord:<guildId>'), or null. */
  scopeOf?: (channelId: string) => string | null;
}

/**
 * The rows a rated end writes, or null when it is not rated after all: not two seats, scores that do not sum to 1,
 * a person's seat without its player, two seats of one identity (D9.2 "two different identities"), or no person.
 */
export function ratedGameOf(o: RatedOutcome | null, c: RatedContext): RatedGame | null {
  if (!o || o.seats.length !== 2) return null;
  const [x, y] = o.seats as [RatedOutcome['seats'][0], RatedOutcome['seats'][0]];
  if (x.score + y.score !== 1) return null;
  const side = (s: RatedOutcome['seats'][0]) => {
    if (s.bot) return { id: botIdentity(s.bot), name: s.bot, seat: s.seat };
    const p = c.players.find((q) => q.seat === s.seat);
    if (!p || c.isBotUser(p.userId)) return null;
    const id = personIdentity(c.channelId, p.userId, p.name);
    return id ? { id, name: p.name, seat: s.seat } : null;
  };
  const a = side(x), b = side(y);
  if (!a || !b || a.id === b.id || (!isHumanIdentity(a.id) && !isHumanIdentity(b.id))) return null;
  const local = a.id.startsWith('local:') || b.id.startsWith('local:');
  return {
    kind: c.kind, gameId: c.gameId, channelId: c.channelId, scope: local ? LOCAL_SCOPE : c.scopeOf?.(c.channelId) ?? null,
    at: c.at, how: o.how, a, b, scoreA: x.score,
  };
}
