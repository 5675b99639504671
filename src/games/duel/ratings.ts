/**
 * Europe Duel's rules on what is rated (duel.md D9.2, D9.4, D9.5). The arithmetic, the identities, the tables and
 * the boards are the platform's (src/platform/ratings, the store); this file decides, from the duel's own terms,
 * whether a game may be rated, whether its end counts and for what, and who may not start another duel.
 */
import type { RatedOutcome } from '../../platform/ratings/index.ts';
import { DUEL_DEFAULTS, type DuelState } from './engine.ts';
import { RATED_FREE } from './settings.ts';
import type { Side } from './resolve.ts';

type Lang = 'zh' | 'en';
const T = (lg: Lang, zh: string, en: string): string => (lg === 'en' ? en : zh);

/** D9.2: fairness is measured only on Europe (D11), so only its games are rated. */
export const RATED_MAP_ID = 'europe';

/** The rated bot: the agent (any version, `agent@v<N>`); the scripted bots (greedy, lander) never play rated (D9.1). */
export const isRatedBot = (botId: string): boolean => /^agent@v\d+$/.test(botId);

/** Every setting a rated game keeps at its default (D10.9's table but `mapEvery` and `language`). */
const DEFAULTS: Record<string, unknown> = { ...DUEL_DEFAULTS };

/** A side as a new game sees it: a person (by platform user id) or a bot (its policy id, `agent@v<N>` once loaded). */
export type SideSpec = { kind: 'human'; userId: string } | { kind: 'bot'; bot: string };

/** What a new duel is, as far as D9.2 cares. */
export interface NewDuel {
  mapId: string;
  sides: Record<Side, SideSpec>;
  /** Settings as asked (a patch over the defaults). */
  settings: Record<string, unknown>;
  /** A seed the player gave (a chosen seed is a chosen pair and swap). */
  seedGiven?: boolean;
  /** Capitals named explicitly (`capitals`, `@capitals`): the game is unfair. */
  capitalsGiven?: boolean;
  /** The arena (D10.4) and transcripts (D10.7) are never rated. */
  arena?: boolean;
}

export interface Reason { zh: string; en: string }

/** D9.2: why a new duel cannot be rated (empty: it can). */
export function unratableReasons(d: NewDuel): Reason[] {
  const out: Reason[] = [];
  const why = (zh: string, en: string) => out.push({ zh, en });
  if (d.arena) why('竞技场对局不计等级分', 'arena games are unrated');
  const { A, B } = d.sides;
  const humans = [A, B].filter((s): s is Extract<SideSpec, { kind: 'human' }> => s.kind === 'human');
  const bots = [A, B].filter((s): s is Extract<SideSpec, { kind: 'bot' }> => s.kind === 'bot');
  if (!humans.length) why('电脑对电脑不计等级分', 'bot vs bot is unrated');
  if (humans.length === 2 && humans[0]!.userId === humans[1]!.userId) why('排位赛需要两个不同的玩家', 'a rated game needs two different players');
  for (const b of bots) if (!isRatedBot(b.bot)) why(`和脚本机器人（${b.bot}）的对局不计等级分，只有智能体（agent）可以`, `games against the scripted bot ${b.bot} are unrated; only the agent plays rated`);
  if (d.mapId !== RATED_MAP_ID) why('只有欧洲地图（europe）的对局计等级分', 'only games on the Europe map are rated');
  if (d.seedGiven) why('指定了种子（seed）的对局不计等级分', 'a game with a chosen seed is unrated');
  if (d.capitalsGiven) why('指定了首都的对局不公平，不计等级分', 'chosen capitals make the game unfair and unrated');
  const changed = Object.entries(d.settings).filter(([k, v]) => !RATED_FREE.has(k) && v !== undefined && v !== DEFAULTS[k]).map(([k]) => k);
  if (changed.length) why(`改动了设置（${changed.join('、')}）的对局不计等级分`, `a game with changed settings (${changed.join(', ')}) is unrated`);
  return out;
}

/**
 * D9.2: a challenge is rated by default when it can be; `rated:false` makes it unrated; `rated:true` on a game that
 * cannot be rated is NOT_ALLOWED, with the reasons.
 */
export function decideRated(requested: boolean | undefined, d: NewDuel, lg: Lang = 'zh'): { ok: true; rated: boolean } | { ok: false; code: 'NOT_ALLOWED'; text: string } {
  const reasons = unratableReasons(d);
  if (requested === false) return { ok: true, rated: false };
  if (!reasons.length) return { ok: true, rated: true };
  if (requested === undefined) return { ok: true, rated: false };
  return { ok: false, code: 'NOT_ALLOWED', text: T(lg, `这局不能作为排位赛：${reasons.map((r) => r.zh).join('；')}（D9.2）`, `this game cannot be rated: ${reasons.map((r) => r.en).join('; ')} (D9.2)`) };
}

/**
 * D9.2 for the start entry of a game the platform seats (two different people, or a person and a bot, by the
 * players table's one seat per user) with a seed it draws itself: rated by default when the map, the settings and
 * the bots allow; `requested` false makes it unrated. `bots`: seat → the style or policy id (`agent` is the agent).
 */
export function ratedAtSetup(mapId: string, settings: Record<string, unknown>, bots: Partial<Record<Side, string>> = {}, requested?: boolean): boolean {
  const side = (x: Side): SideSpec => {
    const b = bots[x];
    if (!b) return { kind: 'human', userId: x };
    return { kind: 'bot', bot: b === 'agent' ? 'agent@v0' : b };
  };
  const d = decideRated(requested === true ? undefined : requested, { mapId, sides: { A: side('A'), B: side('B') }, settings });
  return d.ok && d.rated;
}

/** D9.2: settings cannot change during a rated game (the judge's 【规则】 and any other path). */
export function settingsChangeRefusal(s: Pick<DuelState, 'rated' | 'status'>, lg: Lang = 'zh'): { code: 'RATED_LOCKED'; text: string } | null {
  if (!s.rated || s.status === 'ended') return null;
  return { code: 'RATED_LOCKED', text: T(lg, '排位赛的设置不能修改（D9.2）', 'a rated game\'s settings are locked (D9.2)') };
}

/** How an ended duel counts (D9.4): these four count; `abandoned` (both idle, an abort, a failed bot) and anything else do not. */
const COUNTED = new Set(['capital', 'score', 'technical', 'resign']);

/**
 * D9.4 at the end: the seats' scores and the rated bot of each side, or null when the game is unrated. Checked
 * again here rather than trusted from the start: the game was started rated (`rated`), on Europe (`mapId`), with a
 * fair draw and default settings; a side is a person or the agent; it ended by capital, score, technical defeat
 * or resignation (a loss even on turn 1).
 */
export function duelRatedOutcome(mapId: string, s: DuelState): RatedOutcome | null {
  const o = s.outcome;
  if (s.status !== 'ended' || !o || !s.rated || !s.fair || mapId !== RATED_MAP_ID) return null;
  if (!COUNTED.has(o.how)) return null;
  if ((['A', 'B'] as const).some((x) => s.bots[x] !== null && !isRatedBot(s.bots[x]!))) return null;
  if (s.bots.A !== null && s.bots.B !== null) return null;
  for (const [k, v] of Object.entries(s.settings)) if (!RATED_FREE.has(k) && k in DEFAULTS && v !== DEFAULTS[k]) return null;
  const score = (x: Side) => (o.winner.length === 0 ? 0.5 : o.winner[0] === x ? 1 : 0) as 1 | 0.5 | 0;
  return { how: o.how, seats: (['A', 'B'] as const).map((x) => ({ seat: x, score: score(x), bot: s.bots[x] })) };
}

/** What D9.5 reads of the store: a user's games that have not ended, and a game's kind. */
export interface DuelLookup {
  gamesOfUser(userId: string): { gameId: number; channelId: string }[];
  game(id: number): { kind: string } | null;
}

/**
 * D9.5: the duel (not ended, open or running) a person already sits in, other than `except`; null: none. Computer
 * players (`bot:` user ids) may sit in any number.
 */
export function duelInProgress(store: DuelLookup, userId: string, except?: number): { gameId: number; channelId: string } | null {
  if (userId.startsWith('bot:')) return null;
  for (const g of store.gamesOfUser(userId)) if (g.gameId !== except && store.game(g.gameId)?.kind === 'duel') return g;
  return null;
}

export function alreadyInDuelText(lg: Lang, channelId?: string): string {
  return T(lg, `你已经在一局进行中的欧陆对决里了${channelId ? `（${channelId}）` : ''}：一次只能下一局（D9.5）。先下完或认输。`,
    `you are already in a running Europe Duel${channelId ? ` (${channelId})` : ''}: one at a time (D9.5). Finish it or resign first.`);
}

/** D9.5 as the duel module's `seatRefusal` (GameModule): ALREADY_IN_DUEL when the person sits in another unfinished duel. */
export function duelSeatRefusal(userId: string, gameId: number, lookup: DuelLookup, lang: Lang): { code: 'ALREADY_IN_DUEL'; text: string } | null {
  const other = duelInProgress(lookup, userId, gameId);
  return other ? { code: 'ALREADY_IN_DUEL', text: alreadyInDuelText(lang) } : null;
}
