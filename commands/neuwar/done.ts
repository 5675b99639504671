import { asOption, neuwarCommand } from '../../src/games/neuwar/slash/index.ts';
import { command, type SlashCommand } from '../../src/platform/slash/index.ts';

/** `/done` → 【完成】. */
export const done: SlashCommand = neuwarCommand({
  data: command('done', '完成', "Commit this turn's orders (R3.2)", '完成本回合命令（R3.2）').addStringOption(asOption),
  ephemeral: true,
  complete: { as: 'country' },
  async execute(ctx) {
    const as = ctx.string('as');
    await ctx.run(ctx.format({ kind: 'commit', ...(as ? { country: ctx.country(as) } : {}) }));
  },
});
