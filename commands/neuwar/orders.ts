import { asOption, neuwarCommand } from '../../src/games/neuwar/slash/index.ts';
import { command, type SlashCommand } from '../../src/platform/slash/index.ts';

/** `/orders` → 【命令】, answered only to you. */
export const orders: SlashCommand = neuwarCommand({
  data: command('orders', '命令', "Your orders this turn (private)", '本回合你的命令（仅自己可见）').addStringOption(asOption),
  ephemeral: true,
  complete: { as: 'country' },
  async execute(ctx) {
    const as = ctx.string('as');
    await ctx.run(ctx.format({ kind: 'query', what: 'orders', ...(as ? { country: ctx.country(as) } : {}) }), { private: true });
  },
});
