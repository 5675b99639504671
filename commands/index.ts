/** Every slash command, one file each (definition + handler). The Discord adapter registers and dispatches these. */
import { byKind, forGame, type GameNames, type SlashCommand } from '../src/platform/slash/index.ts';
import { NEUWAR_NAMES } from '../src/games/neuwar/slash/index.ts';
import { DUEL_NAMES } from '../src/games/duel/slash/index.ts';
import { arena } from './duel/arena.ts';
import { duel } from './duel/duel.ts';
import { helper, rally } from './duel/helper.ts';
import { order, route, stand } from './duel/order.ts';
import { DUEL_CANCEL_OPTIONS, warCancel, duelCancel, duelDone, duelMap, duelMove, duelOrders, duelScores, duelStatus, duelUndone } from './duel/shared.ts';
import { duelLink, ready, resign, unready } from './duel/turn.ts';
import { airlift } from './neuwar/airlift.ts';
import { ally } from './neuwar/ally.ts';
import { annex } from './neuwar/annex.ts';
import { answer } from './neuwar/answer.ts';
import { breakally } from './neuwar/breakally.ts';
import { buy } from './neuwar/buy.ts';
import { cancel } from './neuwar/cancel.ts';
import { demand } from './neuwar/demand.ts';
import { done } from './neuwar/done.ts';
import { exportGame } from './neuwar/export.ts';
import { gameCommand } from './platform/game.ts';
import { guozhanCommand, hand as gzHand, table as gzTable } from './guozhan/index.ts';
import { help } from './neuwar/help.ts';
import { history } from './neuwar/history.ts';
import { independence } from './neuwar/independence.ts';
import { industry } from './neuwar/industry.ts';
import { judgeCommand } from './platform/judge.ts';
import { leave } from './neuwar/leave.ts';
import { map } from './neuwar/map.ts';
import { mobilize } from './neuwar/mobilize.ts';
import { move } from './neuwar/move.ts';
import { orders } from './neuwar/orders.ts';
import { pact } from './neuwar/pact.ts';
import { peace } from './neuwar/peace.ts';
import { pledge } from './neuwar/pledge.ts';
import { puppet } from './neuwar/puppet.ts';
import { leaderboard } from './platform/leaderboard.ts';
import { rating } from './platform/rating.ts';
import { remind } from './platform/remind.ts';
import { scores } from './neuwar/scores.ts';
import { spy } from './neuwar/spy.ts';
import { status } from './neuwar/status.ts';
import { tech } from './neuwar/tech.ts';
import { trade } from './neuwar/trade.ts';
import { undone } from './neuwar/undone.ts';
import { war } from './neuwar/war.ts';

/** How each hosted game names its seats and places, for the platform's own commands (/game join, /judge). */
const NAMES: readonly GameNames[] = [NEUWAR_NAMES, DUEL_NAMES];
const game = gameCommand(NAMES);
const judge = judgeCommand(NAMES);

/** New European War's own commands: in a duel's channel they are WRONG_GAME (duel.md D10.1). */
const neuwarOnly = (cs: SlashCommand[]) => cs.map((c) => forGame('neuwar', c));

export const COMMANDS: readonly SlashCommand[] = [
  ...neuwarOnly([war, peace, ally, breakally, pact, trade, answer, pledge, puppet, annex, demand, independence, leave, airlift, buy, industry, tech, mobilize, spy]),
  // Names both games use answer for the channel's game (D10.2: in a duel /move and /done are /order and /ready).
  byKind(move, { duel: duelMove }), byKind(warCancel(cancel), { duel: duelCancel }, DUEL_CANCEL_OPTIONS), byKind(done, { duel: duelDone }), byKind(undone, { duel: duelUndone }),
  byKind(map, { duel: duelMap }), byKind(scores, { duel: duelScores }), byKind(status, { duel: duelStatus }), byKind(orders, { duel: duelOrders }),
  history, exportGame, help, game, judge, remind, leaderboard, rating,
  // Europe Duel (D10.2); in a New European War channel each is WRONG_GAME.
  duel, arena, order, stand, route, helper, rally, ready, unready, resign, duelLink,
  // 国战 (issue 20): the hand and the table picture, answered only to you.
  gzHand, gzTable, guozhanCommand,
];

export const COMMANDS_BY_NAME: ReadonlyMap<string, SlashCommand> = new Map(COMMANDS.map((c) => [c.data.name, c]));
