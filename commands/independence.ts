import { asOption, command, countryOption, type SlashCommand } from '../src/discord/slash/index.ts';

/** `/independence` → 【独立】 (commands.md §1): diplomacy is public — the service announces it in the channel; the interaction answer is ephemeral. */
export const independence: SlashCommand = {
  data: command('independence', '独立', 'Declare a puppet independent of its overlord (R6.4)', '傀儡脱离宗主国独立（R6.4）')
    .addStringOption(countryOption('target', '对象', 'The overlord', '宗主国'))
    .addStringOption(asOption),
  ephemeral: true,
  complete: { target: 'country', as: 'country' },
  async execute(ctx) {
    const from = await ctx.actor();
    if (from === null) return;
    await ctx.run(ctx.format({ kind: 'independence', from, to: ctx.country(ctx.string('target') ?? '') }));
  },
};
