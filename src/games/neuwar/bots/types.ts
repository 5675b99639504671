/**
 * The contract between New European War's computer players (the decision engine in this folder) and the
 * places that seat and drive them (the module, the service, the simulator). Issue: computer players.
 *
 * A bot is a pure function of what its country may see and the game's seed: no clock, no I/O, no Math.random.
 * It answers with ordinary text commands (commands.md, in the game's language), which the caller sends through
 * the same parse → validate → apply → log path as a person's message, one command per line.
 */
import type { CountryId } from '../engine/index.ts';

export const BOT_STYLES = ['balanced', 'aggressive', 'defensive'] as const;
export type BotStyle = typeof BOT_STYLES[number];

/** Chinese names players type after 【机器人】法国 (均衡/进攻/防守), mapped to styles. */
export const BOT_STYLE_NAMES: Record<string, BotStyle> = {
  balanced: 'balanced', aggressive: 'aggressive', defensive: 'defensive',
  均衡: 'balanced', 平衡: 'balanced', 进攻: 'aggressive', 激进: 'aggressive', 防守: 'defensive', 保守: 'defensive',
};
export const BOT_STYLE_LABEL: Record<BotStyle, string> = { balanced: '均衡', aggressive: '进攻', defensive: '防守' };

/** Who plays a seat when it is not a person. */
export interface BotSeat { country: CountryId; style: BotStyle }

/** autopilot setting: off (nothing, as before), defend (hold the line only), bot (a balanced bot plays). */
export const AUTOPILOT_MODES = ['off', 'defend', 'bot'] as const;
export type AutopilotMode = typeof AUTOPILOT_MODES[number];
