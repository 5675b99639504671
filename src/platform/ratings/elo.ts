/**
 * Elo arithmetic (duel.md D9.3), pure: no store, no clock. The platform keeps ratings per game kind; a game's
 * spec names the numbers (today only Europe Duel rates, with these defaults from D10.9's server-wide config).
 */

/** The server-wide rating configuration (D10.9: startRating, K, provisionalK, provisionalGames, ratingFloor). */
export interface RatingConfig {
  startRating: number;
  k: number;
  provisionalK: number;
  /** A player (or bot) with fewer finished rated games than this before a game is provisional: K = provisionalK. */
  provisionalGames: number;
  floor: number;
}

export const RATING_DEFAULTS: RatingConfig = { startRating: 1000, k: 32, provisionalK: 64, provisionalGames: 10, floor: 100 };

/** One side's standing before a game: its rating and the rated games it has finished. */
export interface Standing { rating: number; games: number }

/** S of D9.3: 1 a win, ½ a draw, 0 a loss. */
export type Score = 1 | 0.5 | 0;

/** `Math.sign(x) × Math.round(Math.abs(x))`: −24.5 → −25, 48.5 → 49 (Math.round alone gives −24). */
export function roundHalfAwayFromZero(x: number): number {
  const r = Math.sign(x) * Math.round(Math.abs(x));
  return r === 0 ? 0 : r; // no −0 in a stored Δ
}

/** E_A = 1 / (1 + 10^((R_B − R_A)/400)) in float64, with `10 ** x` as D9.3 writes it. */
export function expected(ra: number, rb: number): number {
  return 1 / (1 + 10 ** ((rb - ra) / 400));
}

/** K for a side: provisionalK while fewer than provisionalGames finished rated games, else K. */
export function kFactor(s: Standing, c: RatingConfig = RATING_DEFAULTS): number {
  return s.games < c.provisionalGames ? c.provisionalK : c.k;
}

/** Whether a standing is provisional (shown with `?` on the boards, D9.6). */
export function isProvisional(games: number, c: RatingConfig = RATING_DEFAULTS): boolean {
  return games < c.provisionalGames;
}

/** What one rated game does to both sides: Δ as computed, and the new integer ratings (floor applied). */
export interface EloUpdate {
  a: { before: number; k: number; expected: number; delta: number; after: number };
  b: { before: number; k: number; expected: number; delta: number; after: number };
}

/**
 * D9.3: both sides from their ratings before the game; Δ = roundHalfAwayFromZero(K × (S − E)), each with its
 * own K; R ← max(floor, R + Δ). `delta` is D9.3's Δ; `after − before` differs from it only at the floor.
 */
export function eloUpdate(a: Standing, b: Standing, scoreA: Score, c: RatingConfig = RATING_DEFAULTS): EloUpdate {
  const ea = expected(a.rating, b.rating);
  const eb = expected(b.rating, a.rating);
  const ka = kFactor(a, c), kb = kFactor(b, c);
  const da = roundHalfAwayFromZero(ka * (scoreA - ea));
  const db = roundHalfAwayFromZero(kb * (1 - scoreA - eb));
  return {
    a: { before: a.rating, k: ka, expected: ea, delta: da, after: Math.max(c.floor, a.rating + da) },
    b: { before: b.rating, k: kb, expected: eb, delta: db, after: Math.max(c.floor, b.rating + db) },
  };
}
