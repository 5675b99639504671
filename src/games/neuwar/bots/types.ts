/**
 * The contract between New European War's computer players (the decision engine in this folder) and the
 * places that seat and drive them (the module, the service, the simulator). Issue: computer players.
 *
 * A bot is a pure function of what its country may see and the game's seed: no clock, no I/O, no Math.random.
 * It answers with ordinary text commands (commands.md, in the game's language), which the caller sends through
 * the same parse → validate → apply → log path as a person's message, one command per line.
 */
import type { BotStyle, CountryId } from '../engine/index.ts';

// The styles and their words belong to the rules (the parser reads them too): engine/botstyles.ts.
export { BOT_STYLES, BOT_STYLE_LABEL, BOT_STYLE_NAMES, type BotStyle } from '../engine/index.ts';

/** Who plays a seat when it is not a person. */
export interface BotSeat { country: CountryId; style: BotStyle }

/** autopilot setting: off (nothing, as before), defend (hold the line only), bot (a balanced bot plays). */
export const AUTOPILOT_MODES = ['off', 'defend', 'bot'] as const;
export type AutopilotMode = typeof AUTOPILOT_MODES[number];
