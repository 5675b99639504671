/**
 * The registry: every game the bot hosts, the default first. Adding a game is one folder under src/games,
 * one line here and its slash-command files under commands/<kind>/.
 */
import type { GameRegistry } from '../platform/session/index.ts';
import { neuwar } from './neuwar/module.ts';
import { duel } from './duel/module.ts';
import { guozhan } from './guozhan/module.ts';

export const GAMES: GameRegistry = [neuwar, duel, guozhan];

/** Games the tools read (transcripts, `npm run replay`): every game players can start (国战 offered since issue 20). */
export const TOOL_GAMES: GameRegistry = GAMES;

export { GameService } from './host.ts';
