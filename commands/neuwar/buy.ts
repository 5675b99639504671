import { asOption, neuwarCommand } from '../../src/games/neuwar/slash/index.ts';
import { command, intOption, type SlashCommand } from '../../src/platform/slash/index.ts';

/** `/buy n` → 【军事】 (R8.1): buy armies, private until the turn resolves. */
export const buy: SlashCommand = neuwarCommand({
  data: command('buy', '军事', 'Buy armies (private)', '购买军队（保密）')
    .addIntegerOption(intOption('n', '数量', 'How many armies', '军队数量', true, 1))
    .addStringOption(asOption),
  ephemeral: true,
  complete: { as: 'country' },
  async execute(ctx) {
    const as = ctx.string('as');
    await ctx.run(ctx.format({ kind: 'buy', n: ctx.integer('n') ?? 0, ...(as ? { country: ctx.country(as) } : {}) }), { private: true });
  },
});
