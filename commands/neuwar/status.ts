import { asOption, neuwarCommand } from '../../src/games/neuwar/slash/index.ts';
import { command, type SlashCommand } from '../../src/platform/slash/index.ts';

/** `/status` → 【状态】, answered only to you. */
export const status: SlashCommand = neuwarCommand({
  data: command('status', '状态', "Your country's status (private)", '本国状态（仅自己可见）').addStringOption(asOption),
  ephemeral: true,
  complete: { as: 'country' },
  async execute(ctx) {
    const as = ctx.string('as');
    await ctx.run(ctx.format({ kind: 'query', what: 'status', ...(as ? { country: ctx.country(as) } : {}) }), { private: true });
  },
});
