/** Every slash command, one file each (definition + handler). src/discord registers and dispatches these. */
import type { SlashCommand } from '../src/discord/slash/index.ts';
import { airlift } from './airlift.ts';
import { ally } from './ally.ts';
import { annex } from './annex.ts';
import { answer } from './answer.ts';
import { breakally } from './breakally.ts';
import { buy } from './buy.ts';
import { cancel } from './cancel.ts';
import { demand } from './demand.ts';
import { done } from './done.ts';
import { exportGame } from './export.ts';
import { game } from './game.ts';
import { help } from './help.ts';
import { history } from './history.ts';
import { independence } from './independence.ts';
import { industry } from './industry.ts';
import { judge } from './judge.ts';
import { leave } from './leave.ts';
import { map } from './map.ts';
import { mobilize } from './mobilize.ts';
import { move } from './move.ts';
import { orders } from './orders.ts';
import { pact } from './pact.ts';
import { peace } from './peace.ts';
import { pledge } from './pledge.ts';
import { puppet } from './puppet.ts';
import { remind } from './remind.ts';
import { scores } from './scores.ts';
import { spy } from './spy.ts';
import { status } from './status.ts';
import { tech } from './tech.ts';
import { trade } from './trade.ts';
import { undone } from './undone.ts';
import { war } from './war.ts';

export const COMMANDS: readonly SlashCommand[] = [
  war, peace, ally, breakally, pact, trade, answer, pledge, puppet, annex, demand, independence, leave,
  move, cancel, airlift, buy, industry, tech, mobilize, done, undone, spy,
  map, scores, status, orders, history, exportGame, help, game, judge, remind,
];

export const COMMANDS_BY_NAME: ReadonlyMap<string, SlashCommand> = new Map(COMMANDS.map((c) => [c.data.name, c]));
