/**
 * Open duel challenges (duel.md D10.3.1): `/duel opponent:@乙` posts one with 接受/拒绝 buttons that only 乙 may
 * press; it lapses after `challengeSeconds` (D10.9: 300). Accepting one that is not open (answered or lapsed) is
 * NO_SUCH_REQUEST; someone else's press is NOT_ADDRESSED. Open challenges are kept in the store's meta table (one
 * key each, `duel-challenge:<id>`, '' once answered or lapsed, and an index of the open ones), so 接受 after a
 * restart still starts the duel within the 300 s. The book is the chat side's memory only: posting, editing and the
 * lapse timers are the /duel command's.
 */
import type { GameServiceApi, Lang } from '../../../platform/session/index.ts';
import type { UserRef } from '../../../platform/chat/index.ts';
import type { MetaStore } from '../../../platform/session/index.ts';

/** D10.9's server-wide `challengeSeconds`. */
export const CHALLENGE_SECONDS = 300;

/** The id prefix of a challenge's buttons: `duel-challenge:<id>:accept|reject`. */
export const CHALLENGE_BUTTON = 'duel-challenge:';

/** The meta key of one challenge, and of the list of the open ones (what a restarted bot arms lapse timers for). */
export const challengeKey = (id: string) => `duel-challenge:${id}`;
export const OPEN_CHALLENGES_KEY = 'duel-challenges:open';
/** The open list keeps at most this many ids (the newest): it only arms timers, a challenge's own key decides. */
const MAX_LISTED = 500;

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

const isUser = (u: unknown): u is UserRef => !!u && typeof u === 'object' && typeof (u as UserRef).id === 'string' && typeof (u as UserRef).name === 'string';

/** A stored challenge, or null for '' (answered, lapsed) and anything that is not one. */
function parseChallenge(raw: string | null): Challenge | null {
  if (!raw) return null;
  try {
    const c = JSON.parse(raw) as Challenge;
    const ok = c && typeof c === 'object' && typeof c.id === 'string' && typeof c.channelId === 'string' && typeof c.text === 'string'
      && (c.messageId === null || typeof c.messageId === 'string') && isUser(c.challenger) && isUser(c.opponent)
      && !!c.settings && typeof c.settings === 'object' && typeof c.rated === 'boolean' && (c.lang === 'zh' || c.lang === 'en') && Number.isFinite(c.expiresAt);
    return ok ? c : null;
  } catch {
    return null;
  }
}

export class ChallengeBook {
  /** Challenges known open in this process (a cache of the store's). */
  private readonly open = new Map<string, Challenge>();
  /** Answered or lapsed in this process: never open again, whatever a slow read brings back. */
  private readonly closed = new Set<string>();
  /** The open list's writes, one after another. */
  private listing: Promise<void> = Promise.resolve();
  private restored = false;

  /** `meta`: the store's meta table; null keeps the challenges in this process only. */
  constructor(private readonly meta: MetaStore | null = null) {}

  async add(c: Challenge): Promise<Challenge> {
    this.open.set(c.id, c);
    if (this.meta) {
      await this.meta.setMeta(challengeKey(c.id), JSON.stringify(c));
      await this.relist((ids) => [...ids.filter((x) => x !== c.id), c.id]);
    }
    return c;
  }

  /** The challenge under `id` while it is open (lapsed or not), from this process or the store. */
  async get(id: string): Promise<Challenge | null> {
    const known = this.open.get(id);
    if (known || this.closed.has(id) || !this.meta) return known ?? null;
    const c = parseChallenge(await this.meta.getMeta(challengeKey(id)));
    // Answered meanwhile in this process, or read by a press running beside this one: this process's word stands.
    if (this.closed.has(id)) return null;
    if (this.open.has(id)) return this.open.get(id)!;
    if (c && c.id === id) this.open.set(id, c);
    return c && c.id === id ? c : null;
  }

  /** The challenges of this process still open at `now`. */
  list(now: number): Challenge[] {
    return [...this.open.values()].filter((c) => c.expiresAt > now);
  }

  /**
   * Once per process: the challenges the store lists as open (posted before a restart), for the /duel command to arm
   * their lapse timers. Later calls give [].
   */
  async restore(): Promise<Challenge[]> {
    if (this.restored || !this.meta) return [];
    this.restored = true;
    let ids: string[] = [];
    try {
      const v = JSON.parse((await this.meta.getMeta(OPEN_CHALLENGES_KEY)) ?? '[]') as unknown;
      ids = Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
    } catch {
      ids = [];
    }
    const out: Challenge[] = [];
    for (const id of ids) {
      const c = await this.get(id);
      if (c) out.push(c);
    }
    if (out.length !== ids.length) await this.relist((now) => now.filter((x) => out.some((c) => c.id === x) || !ids.includes(x)));
    return out;
  }

  /**
   * A press of 接受/拒绝 by `userId`: the challenge, taken out of the book (a second press finds nothing), or why
   * not — NO_SUCH_REQUEST when none is open under `id` (a lapsed one is taken out too), NOT_ADDRESSED when the
   * presser is not the one challenged (the challenge stays open).
   */
  async answer(id: string, userId: string, now: number, lg: Lang): Promise<{ ok: true; challenge: Challenge } | { ok: false; code: 'NO_SUCH_REQUEST' | 'NOT_ADDRESSED'; text: string; challenge?: Challenge }> {
    await this.get(id);
    // From here to the take-out nothing waits: two presses at once cannot both find it open.
    const c = this.open.get(id);
    if (!c || c.expiresAt <= now) {
      if (c) await this.close(id);
      return {
        ok: false, code: 'NO_SUCH_REQUEST', ...(c ? { challenge: c } : {}),
        text: c ? T(lg, '这个挑战已经过期了（5 分钟内没有回应）；请对方重新发起 /duel', 'this challenge has lapsed (no answer within 5 minutes); ask for a new /duel')
          : T(lg, '没有等待你回答的挑战：它已经被回答或已经过期；请对方重新发起 /duel', 'there is no open challenge to answer: it was answered or it lapsed; ask for a new /duel'),
      };
    }
    if (c.opponent.id !== userId) {
      return { ok: false, code: 'NOT_ADDRESSED', text: T(lg, `只有${c.opponent.name}可以接受或拒绝这个挑战`, `only ${c.opponent.name} may accept or decline this challenge`) };
    }
    await this.close(id);
    return { ok: true, challenge: c };
  }

  /** The challenge, taken out when it has lapsed at `now` (the timer's check: an answered one is gone already). */
  async expire(id: string, now: number): Promise<Challenge | null> {
    await this.get(id);
    const c = this.open.get(id);
    if (!c || c.expiresAt > now) return null;
    await this.close(id);
    return c;
  }

  /** Taken out: at once in this process, then in the store. */
  private async close(id: string): Promise<void> {
    this.open.delete(id);
    this.closed.add(id);
    if (!this.meta) return;
    await this.meta.setMeta(challengeKey(id), '');
    await this.relist((ids) => ids.filter((x) => x !== id));
  }

  /** Rewrites the open list (one write at a time in this process; another process's write in between may be lost, which only costs a lapse timer). */
  private relist(change: (ids: string[]) => string[]): Promise<void> {
    const meta = this.meta;
    if (!meta) return Promise.resolve();
    const run = this.listing.then(async () => {
      let ids: string[] = [];
      try {
        const v = JSON.parse((await meta.getMeta(OPEN_CHALLENGES_KEY)) ?? '[]') as unknown;
        ids = Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
      } catch {
        ids = [];
      }
      await meta.setMeta(OPEN_CHALLENGES_KEY, JSON.stringify(change(ids).filter((x) => !this.closed.has(x)).slice(-MAX_LISTED)));
    });
    this.listing = run.catch(() => undefined);
    return run;
  }
}

const books = new WeakMap<GameServiceApi, ChallengeBook>();

/** The open challenges of a service (one book per service; kept in its store's meta table when it has one). */
export function challengesOf(service: GameServiceApi): ChallengeBook {
  let b = books.get(service);
  if (!b) {
    const meta: MetaStore | null = service.getMeta && service.setMeta
      ? { getMeta: (k) => service.getMeta!(k), setMeta: (k, v) => service.setMeta!(k, v) }
      : null;
    books.set(service, (b = new ChallengeBook(meta)));
  }
  return b;
}

/** A challenge button's id and what it answers, or null when the id is not one. */
export function challengeButton(id: string): { challenge: string; answer: Answer } | null {
  const m = /^duel-challenge:([\w-]{1,40}):(accept|reject)$/.exec(id);
  return m ? { challenge: m[1]!, answer: m[2] as Answer } : null;
}
