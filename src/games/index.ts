/**
 * The registry: every game the bot hosts, the default first. Adding a game is one folder under src/games,
 * one line here and its slash-command files under commands/<kind>/.
 */
import type { GameRegistry } from '../platform/session/index.ts';
import { neuwar } from './neuwar/module.ts';

export const GAMES: GameRegistry = [neuwar];

export { GameService } from './host.ts';
