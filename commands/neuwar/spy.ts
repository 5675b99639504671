import { asOption, neuwarCommand } from '../../src/games/neuwar/slash/index.ts';
import { command, type SlashCommand } from '../../src/platform/slash/index.ts';

/** `/spy` → 【窥探】. */
export const spy: SlashCommand = neuwarCommand({
  data: command('spy', '窥探', 'See the committed orders of others (spy tech; private)', '窥探已完成的命令（需间谍科技；保密）').addStringOption(asOption),
  ephemeral: true,
  complete: { as: 'country' },
  async execute(ctx) {
    const as = ctx.string('as');
    await ctx.run(ctx.format({ kind: 'spy', ...(as ? { country: ctx.country(as) } : {}) }), { private: true });
  },
});
