/**
 * The slash-command kit that commands/*.ts build on: types, localized option builders, autocomplete.
 * It imports nothing from commands/ (the registry does), so a command file can import it freely.
 */
export * from './types.ts';
export * from './kit.ts';
export { completeNames, type Choice } from './complete.ts';
export * from './pair.ts';
