/**
 * Europe Duel's slash kit (duel.md D10.2–D10.3): the typed commands slash options become, autocomplete from the
 * duel's map, the open challenges, the start of a chat duel (thread, seats, D9.2/D9.5 checks), and the builders of
 * the duel's commands. commands/duel/*.ts build on it.
 */
export { completeDuel, type DuelCompletion } from './complete.ts';
export { amountText, cancelText, helperText, MODE_WORDS, orderText, placeName, rallyText, regionName, routeText, splitPlaces, standText } from './text.ts';
export { CHALLENGE_BUTTON, CHALLENGE_SECONDS, ChallengeBook, challengeButton, challengesOf, type Answer, type Challenge } from './challenge.ts';
export { DUEL_HOST_ID, DUEL_KIND, duelBotCheck, duelRated, duelRefusal, openDuel, startDuel, type DuelAsk, type DuelSide, type OpenDuel, type StartDuel } from './start.ts';
export { ARENA_TURN_MS, arenaSide, startArena, type ArenaAsk } from './arena.ts';
export { DUEL_NAMES, duelCommand, duelOnly, type DuelKit, type DuelSlashCommand } from './command.ts';
export { cachedDuel, duelRules, duelState, sideOf } from './rules.ts';
export { MAP_BUTTON, PAGE_BUTTON, READY_BUTTON } from '../status.ts';
export { DUEL_RANGES } from '../settings.ts';
