/**
 * 国战's slash commands (issue 20): `/hand` (your hand and generals) and `/table` (the table picture), both answered
 * only to you — the same 【手牌】 and 【桌面】 a typed message sends, and the status message's [我的手牌] [桌面].
 * In another game's channel each is WRONG_GAME (forGame).
 */
import { command, forGame, textOption, type SlashCommand } from '../../src/platform/slash/index.ts';

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

/**
 * `/guozhan command:…`: any 国战 text command sent privately (the answer only to you, the command never shown in the
 * channel) — the way to choose generals (`【选择】曹操+典韦`) and answer a hidden skill's private prompt on Discord.
 */
export const guozhanCommand: SlashCommand = forGame('guozhan', {
  data: command('guozhan', '国战', 'Send a 国战 command privately, e.g. 【选择】曹操+典韦', '私下发送国战命令，如【选择】曹操+典韦')
    .addStringOption(textOption('command', '命令', 'The command as typed, e.g. 【选择】曹操+典韦', '命令原文，如【选择】曹操+典韦', true, 500)),
  ephemeral: true,
  async execute(ctx) {
    const text = (ctx.string('command') ?? '').trim();
    if (!text) return ctx.answer({ text: '❌ 请写命令，如【选择】曹操+典韦、【闪】、【不出】' });
    await ctx.run(text, { private: true });
  },
});
