/** Ratings, kept per game kind (architecture.md; today only Europe Duel rates, duel.md D9). */
export { RATING_DEFAULTS, eloUpdate, expected, isProvisional, kFactor, roundHalfAwayFromZero, type EloUpdate, type RatingConfig, type Score, type Standing } from './elo.ts';
export { LOCAL_CHANNEL_PREFIX, LOCAL_SCOPE, botIdentity, discordIdentity, identityKind, isBotIdentity, isHumanIdentity, localIdentity, personIdentity, serverScope, type BoardScope, type IdentityKind } from './identity.ts';
export { boardText, boardTitle, cardText, displayName, leaderboard, lineText, rankLines, ratingCard, ratingHistory, readRatings, type AsyncRatingsReader, type Board, type BoardLine, type Card, type CardResult, type HistoryPoint, type RatingsReader } from './board.ts';
export { ratedGameOf, type RatedContext, type RatedOutcome } from './outcome.ts';
export { ratingChartPng, ratingChartSvg } from './chart.ts';
