/**
 * Leaderboards, rating cards and rating history (duel.md D9.6), read from the platform's store for one game kind.
 * A board lists the top 10 and the asker's own line: rank, name, rating, games, wins-draws-losses, `?` while
 * provisional, 🤖 for bots. Ranks are shared by equal ratings (1, 2, 2, 4): a tie-break by games or by name
 * would rank two equal ratings apart for a reason nobody sees.
 */
import type { RatingResultRow, RatingRow } from '../store/index.ts';
import { isProvisional, RATING_DEFAULTS, type RatingConfig } from './elo.ts';
import { isBotIdentity, LOCAL_SCOPE, type BoardScope } from './identity.ts';

type Lang = 'zh' | 'en';
const T = (lg: Lang, zh: string, en: string): string => (lg === 'en' ? en : zh);

/** What the boards read of the store (the Store class has these). */
export interface RatingsReader {
  readonly ratingConfig: RatingConfig;
  rating(kind: string, id: string): RatingRow | null;
  ratingBoard(kind: string, scope?: string): RatingRow[];
  ratingResults(kind: string, id: string, limit?: number): RatingResultRow[];
}

export interface BoardLine {
  rank: number; id: string; name: string; rating: number; games: number; wins: number; draws: number; losses: number;
  provisional: boolean; bot: boolean;
}

export interface Board { scope: BoardScope; top: BoardLine[]; own: BoardLine | null; total: number }

/** The scope string a board reads result rows by (undefined: every identity). */
const scopeKey = (s: BoardScope): string | undefined => (s.kind === 'global' ? undefined : s.kind === 'local' ? LOCAL_SCOPE : s.scope);

/** Standings (best first) to lines with shared ranks. */
export function rankLines(rows: RatingRow[], c: RatingConfig = RATING_DEFAULTS): BoardLine[] {
  const sorted = [...rows].sort((x, y) => y.rating - x.rating || y.games - x.games || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  let rank = 0;
  return sorted.map((r, i) => {
    if (i === 0 || r.rating !== sorted[i - 1]!.rating) rank = i + 1;
    return {
      rank, id: r.id, name: displayName(r.id, r.name), rating: r.rating, games: r.games, wins: r.wins, draws: r.draws, losses: r.losses,
      provisional: isProvisional(r.games, c), bot: isBotIdentity(r.id),
    };
  });
}

/** The name a board shows: the stored one, else the identity without its prefix. */
export function displayName(id: string, name: string): string {
  return name.trim() || id.slice(id.indexOf(':') + 1);
}

/** D9.6: the top `top` of a board and the asker's own line (null: the asker is not on it). */
export function leaderboard(store: RatingsReader, kind: string, scope: BoardScope, asker: string | null = null, top = 10): Board {
  const lines = rankLines(store.ratingBoard(kind, scopeKey(scope)), store.ratingConfig);
  return { scope, top: lines.slice(0, top), own: asker ? lines.find((l) => l.id === asker) ?? null : null, total: lines.length };
}

/** One board line: "3. 🤖 agent@v1 1049? · 4局 · 2胜1平1负". */
export function lineText(l: BoardLine, lg: Lang): string {
  const who = `${l.bot ? '🤖 ' : ''}${l.name}`;
  const rating = `${l.rating}${l.provisional ? '?' : ''}`;
  return T(lg, `${l.rank}. ${who} ${rating} · ${l.games}局 · ${l.wins}胜${l.draws}平${l.losses}负`,
    `${l.rank}. ${who} ${rating} · ${l.games} game${l.games === 1 ? '' : 's'} · ${l.wins}-${l.draws}-${l.losses}`);
}

export function boardTitle(scope: BoardScope, lg: Lang): string {
  switch (scope.kind) {
    case 'global': return T(lg, '🏆 排行榜（全部）', '🏆 Leaderboard (global)');
    case 'server': return T(lg, '🏆 排行榜（本服务器）', '🏆 Leaderboard (this server)');
    case 'local': return T(lg, '🏆 排行榜（本地）', '🏆 Leaderboard (local)');
  }
}

/** The board as a message: title, the top lines, then the asker's own line when it is not among them. */
export function boardText(b: Board, lg: Lang): string {
  if (!b.top.length) return `${boardTitle(b.scope, lg)}\n${T(lg, '还没有人下过排位赛。', 'No rated games yet.')}`;
  const out = [boardTitle(b.scope, lg), ...b.top.map((l) => lineText(l, lg))];
  if (b.own && !b.top.some((l) => l.id === b.own!.id)) out.push('…', lineText(b.own, lg));
  out.push(T(lg, `共${b.total}人 · “?” 表示定级中（不足10局）`, `${b.total} on the board · "?": provisional (under 10 games)`));
  return out.join('\n');
}

/** One rated game as an identity's card lists it. */
export interface CardResult {
  gameId: number; at: number; opponent: string; opponentName: string; result: 'win' | 'draw' | 'loss'; how: string; delta: number; after: number;
}

export interface Card { id: string; line: BoardLine | null; rating: number; games: number; provisional: boolean; total: number; recent: CardResult[] }

/** An identity's side of a result row. */
function sideOf(r: RatingResultRow, id: string, names: (id: string) => string): CardResult {
  const mine = r.a === id ? 'a' : 'b';
  const before = mine === 'a' ? r.aBefore : r.bBefore;
  const delta = mine === 'a' ? r.aDelta : r.bDelta;
  const opponent = mine === 'a' ? r.b : r.a;
  const result = r.result === 'draw' ? 'draw' : r.result === mine ? 'win' : 'loss';
  return { gameId: r.gameId, at: r.at, opponent, opponentName: names(opponent), result, how: r.how, delta, after: before + delta };
}

/** D9.6 `【等级分】`: the rating, its rank (on the global board) and the last `last` results with their Δ. */
export function ratingCard(store: RatingsReader, kind: string, id: string, last = 10): Card {
  const lines = rankLines(store.ratingBoard(kind), store.ratingConfig);
  const line = lines.find((l) => l.id === id) ?? null;
  const names = (x: string) => displayName(x, store.rating(kind, x)?.name ?? '');
  const recent = store.ratingResults(kind, id, last).map((r) => sideOf(r, id, names));
  const c = store.ratingConfig;
  return { id, line, rating: line?.rating ?? c.startRating, games: line?.games ?? 0, provisional: isProvisional(line?.games ?? 0, c), total: lines.length, recent };
}

const RESULT_WORD: Record<CardResult['result'], [string, string]> = { win: ['胜', 'W'], draw: ['平', 'D'], loss: ['负', 'L'] };
const signed = (d: number) => (d > 0 ? `+${d}` : d < 0 ? `−${-d}` : '±0');

export function cardText(c: Card, name: string, lg: Lang): string {
  const who = `${isBotIdentity(c.id) ? '🤖 ' : ''}${name}`;
  if (!c.line) {
    return T(lg, `${who}：等级分 ${c.rating}?（还没有排位赛）`, `${who}: rating ${c.rating}? (no rated games yet)`);
  }
  const l = c.line;
  const head = T(lg, `${who}：等级分 ${l.rating}${l.provisional ? '?' : ''} · 第${l.rank}名（共${c.total}人）· ${l.games}局 ${l.wins}胜${l.draws}平${l.losses}负`,
    `${who}: rating ${l.rating}${l.provisional ? '?' : ''} · rank ${l.rank} of ${c.total} · ${l.games} game${l.games === 1 ? '' : 's'} ${l.wins}-${l.draws}-${l.losses}`);
  const rows = c.recent.map((r) => {
    const w = RESULT_WORD[r.result][lg === 'en' ? 1 : 0];
    return T(lg, `· #${r.gameId} ${w} 对 ${isBotIdentity(r.opponent) ? '🤖 ' : ''}${r.opponentName}（${r.how}）${signed(r.delta)} → ${r.after}`,
      `· #${r.gameId} ${w} vs ${isBotIdentity(r.opponent) ? '🤖 ' : ''}${r.opponentName} (${r.how}) ${signed(r.delta)} → ${r.after}`);
  });
  return [head, T(lg, `最近${c.recent.length}局：`, `Last ${c.recent.length}:`), ...rows].join('\n');
}

/** One point of an identity's rating history: the start, then the rating after each rated game, oldest first. */
export interface HistoryPoint { at: number; rating: number; gameId: number | null }

/** The series a rating chart draws (D9.6's "rating history chart"): startRating at the first game, then each game's result. */
export function ratingHistory(store: RatingsReader, kind: string, id: string): HistoryPoint[] {
  const rows = store.ratingResults(kind, id).reverse();
  if (!rows.length) return [];
  const first = rows[0]!;
  const out: HistoryPoint[] = [{ at: first.at, rating: first.a === id ? first.aBefore : first.bBefore, gameId: null }];
  for (const r of rows) {
    const mine = r.a === id;
    out.push({ at: r.at, rating: (mine ? r.aBefore + r.aDelta : r.bBefore + r.bDelta), gameId: r.gameId });
  }
  return out;
}

/** What the boards read of an asynchronous store (GameStore). */
export interface AsyncRatingsReader {
  readonly ratingConfig: RatingConfig;
  rating(kind: string, id: string): Promise<RatingRow | null>;
  ratingBoard(kind: string, scope?: string): Promise<RatingRow[]>;
  ratingResults(kind: string, id: string, limit?: number): Promise<RatingResultRow[]>;
}

class Miss { constructor(readonly key: string, readonly fetch: () => Promise<unknown>) {} }

/**
 * Runs one of the synchronous readers above (leaderboard, ratingCard, ratingHistory) on an asynchronous store: each
 * read it needs is fetched once and the reader is run again, until it has everything (a handful of reads).
 */
export async function readRatings<T>(store: AsyncRatingsReader, fn: (r: RatingsReader) => T): Promise<T> {
  const got = new Map<string, unknown>();
  const ask = <V>(key: string, fetch: () => Promise<V>): V => {
    if (got.has(key)) return got.get(key) as V;
    throw new Miss(key, fetch);
  };
  const reader: RatingsReader = {
    ratingConfig: store.ratingConfig,
    rating: (kind, id) => ask(`r\u0000${kind}\u0000${id}`, () => store.rating(kind, id)),
    ratingBoard: (kind, scope) => ask(`b\u0000${kind}\u0000${scope ?? ''}`, () => store.ratingBoard(kind, scope)),
    ratingResults: (kind, id, limit) => ask(`x\u0000${kind}\u0000${id}\u0000${limit ?? -1}`, () => store.ratingResults(kind, id, limit)),
  };
  for (;;) {
    try {
      return fn(reader);
    } catch (e) {
      if (!(e instanceof Miss)) throw e;
      got.set(e.key, await e.fetch());
    }
  }
}
