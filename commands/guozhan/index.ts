/**
 * 国战's slash commands (issue 20): `/hand` (your hand and generals) and `/table` (the table picture), both answered
 * only to you — the same 【手牌】 and 【桌面】 a typed message sends, and the status message's [我的手牌] [桌面].
 * In another game's channel each is WRONG_GAME (forGame).
 */
import { command, forGame, type SlashCommand } from '../../src/platform/slash/index.ts';

export const hand: SlashCommand = forGame('guozhan', {
  data: command('hand', '手牌', 'Your hand and generals in 国战 (only you see it)', '你的手牌和武将（仅自己可见）'),
  ephemeral: true,
  async execute(ctx) {
    await ctx.run('【手牌】', { private: true });
  },
});

export const table: SlashCommand = forGame('guozhan', {
  data: command('table', '桌面', 'The 国战 table picture (only you see it)', '国战牌桌图（仅自己可见）'),
  ephemeral: true,
  async execute(ctx) {
    await ctx.run('【桌面】', { private: true });
  },
});
