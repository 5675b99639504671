/**
 * The slash-command kit that commands/*.ts build on, for any game: types, localized option builders, and the
 * names a game lends the platform's own commands. A game's own kit (its options, lookups and completion) lives
 * in the game's folder. It imports nothing from commands/ (the registry does), so a command file can import it freely.
 */
export * from './types.ts';
export * from './kit.ts';
export { lookupNames, suggestNames } from './names.ts';
export { byKind, forGame, wrongGameText } from './dispatch.ts';
