import { asOption, neuwarCommand } from '../../src/games/neuwar/slash/index.ts';
import { command, type SlashCommand } from '../../src/platform/slash/index.ts';

/** `/undone` → 【取消完成】. */
export const undone: SlashCommand = neuwarCommand({
  data: command('undone', '取消完成', "Reopen this turn's orders (R3.2)", '取消完成，重新修改命令（R3.2）').addStringOption(asOption),
  ephemeral: true,
  complete: { as: 'country' },
  async execute(ctx) {
    const as = ctx.string('as');
    await ctx.run(ctx.format({ kind: 'uncommit', ...(as ? { country: ctx.country(as) } : {}) }));
  },
});
