/**
 * New European War's slash kit: options naming countries and territories, the context that looks them up on
 * the game's map, autocomplete from the map, and the builders of the diplomacy and army-order commands.
 * commands/neuwar/*.ts build on it; the platform's own commands get its names through NEUWAR_NAMES.
 */
export { completeNames, type Completion } from './complete.ts';
export { asOption, countOption, countText, countryOption, territoryOption } from './kit.ts';
export { neuwarContext, type NeuwarContext } from './context.ts';
export { neuwarCommand, NEUWAR_NAMES, type NeuwarSlashCommand } from './command.ts';
export { neuwarRules, cachedMap } from './rules.ts';
export { pairCommand, routeCommand } from './pair.ts';
