import { asOption, neuwarCommand } from '../../src/games/neuwar/slash/index.ts';
import { command, type SlashCommand } from '../../src/platform/slash/index.ts';

/** `/industry` → 【工业】 (R8.2): a purchase, private until the turn resolves. */
export const industry: SlashCommand = neuwarCommand({
  data: command('industry', '工业', 'Build industry (once per turn; private)', '建设工业（每回合一次；保密）').addStringOption(asOption),
  ephemeral: true,
  complete: { as: 'country' },
  async execute(ctx) {
    const as = ctx.string('as');
    await ctx.run(ctx.format({ kind: 'industry', ...(as ? { country: ctx.country(as) } : {}) }), { private: true });
  },
});
