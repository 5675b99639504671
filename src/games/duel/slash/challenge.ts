/**
 * Open duel challenges (duel.md D10.3.1): `/duel opponent:@乙` posts one with 接受/拒绝 buttons that only 乙 may
 * press; it lapses after `challengeSeconds` (D10.9: 300). Accepting one that is not open (answered, lapsed, or
 * from before a restart: challenges live in this process only) is NO_SUCH_REQUEST; someone else's press is
 * NOT_ADDRESSED. The book is pure: the chat side (posting, editing, the timer) is the /duel command's.
 */
import type { GameServiceApi, Lang } from '../../../platform/session/index.ts';
import type { UserRef } from '../../../platform/chat/index.ts';

/** D10.9's server-wide `challengeSeconds`. */
export const CHALLENGE_SECONDS = 300;

/** The id prefix of a challenge's buttons: `duel-challenge:<id>:accept|reject`. */
export const CHALLENGE_BUTTON = 'duel-challenge:';

export interface Challenge {
  /** The /duel interaction's id: unique, also across restarts (a stale button never meets a new challenge). */
  id: string;
  /** Where the challenge was posted (the game's thread opens off it). */
  channelId: string;
  messageId: string | null;
  /** The challenge's text as posted (edits append how it ended). */
  text: string;
  challenger: UserRef;
  opponent: UserRef;
  /** The new game's settings and setup options (options.ts). */
  settings: Record<string, unknown>;
  rated: boolean;
  lang: Lang;
  expiresAt: number;
}

export type Answer = 'accept' | 'reject';

const T = (lg: Lang, zh: string, en: string) => (lg === 'en' ? en : zh);

export class ChallengeBook {
  private readonly open = new Map<string, Challenge>();

  add(c: Challenge): Challenge {
    this.open.set(c.id, c);
    return c;
  }

  get(id: string): Challenge | null {
    return this.open.get(id) ?? null;
  }

  /** The challenges still open (not lapsed at `now`). */
  list(now: number): Challenge[] {
    return [...this.open.values()].filter((c) => c.expiresAt > now);
  }

  /**
   * A press of 接受/拒绝 by `userId`: the challenge, taken out of the book (a second press finds nothing), or why
   * not — NO_SUCH_REQUEST when none is open under `id` (a lapsed one is taken out too), NOT_ADDRESSED when the
   * presser is not the one challenged (the challenge stays open).
   */
  answer(id: string, userId: string, now: number, lg: Lang): { ok: true; challenge: Challenge } | { ok: false; code: 'NO_SUCH_REQUEST' | 'NOT_ADDRESSED'; text: string; challenge?: Challenge } {
    const c = this.open.get(id);
    if (!c || c.expiresAt <= now) {
      if (c) this.open.delete(id);
      return {
        ok: false, code: 'NO_SUCH_REQUEST', ...(c ? { challenge: c } : {}),
        text: c ? T(lg, '这个挑战已经过期了（5 分钟内没有回应）；请对方重新发起 /duel', 'this challenge has lapsed (no answer within 5 minutes); ask for a new /duel')
          : T(lg, '没有等待你回答的挑战：它已经被回答、已经过期，或机器人重启过；请对方重新发起 /duel', 'there is no open challenge to answer: it was answered, it lapsed, or the bot restarted; ask for a new /duel'),
      };
    }
    if (c.opponent.id !== userId) {
      return { ok: false, code: 'NOT_ADDRESSED', text: T(lg, `只有${c.opponent.name}可以接受或拒绝这个挑战`, `only ${c.opponent.name} may accept or decline this challenge`) };
    }
    this.open.delete(id);
    return { ok: true, challenge: c };
  }

  /** The challenge, taken out when it has lapsed at `now` (the timer's check: an answered one is gone already). */
  expire(id: string, now: number): Challenge | null {
    const c = this.open.get(id);
    if (!c || c.expiresAt > now) return null;
    this.open.delete(id);
    return c;
  }
}

const books = new WeakMap<GameServiceApi, ChallengeBook>();

/** The open challenges of a service's process (one book per service). */
export function challengesOf(service: GameServiceApi): ChallengeBook {
  let b = books.get(service);
  if (!b) books.set(service, (b = new ChallengeBook()));
  return b;
}

/** A challenge button's id and what it answers, or null when the id is not one. */
export function challengeButton(id: string): { challenge: string; answer: Answer } | null {
  const m = /^duel-challenge:([\w-]{1,40}):(accept|reject)$/.exec(id);
  return m ? { challenge: m[1]!, answer: m[2] as Answer } : null;
}
