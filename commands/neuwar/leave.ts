import { asOption, neuwarCommand } from '../../src/games/neuwar/slash/index.ts';
import { command, type SlashCommand } from '../../src/platform/slash/index.ts';

/** `/leave` → 【退出】. */
export const leave: SlashCommand = neuwarCommand({
  data: command('leave', '退出', 'Leave the game: your country goes into civil disorder (R12)', '退出游戏（R12）').addStringOption(asOption),
  ephemeral: true,
  complete: { as: 'country' },
  async execute(ctx) {
    const as = ctx.string('as');
    await ctx.run(ctx.format({ kind: 'leave', ...(as ? { country: ctx.country(as) } : {}) }));
  },
});
