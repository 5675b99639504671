import { asOption, command, countryOption, type SlashCommand } from '../src/discord/slash/index.ts';

/** `/breakally` → 【背盟】 (commands.md §1): diplomacy is public — the service announces it in the channel; the interaction answer is ephemeral. */
export const breakally: SlashCommand = {
  data: command('breakally', '背盟', 'Break an alliance (R6.2)', '解散与一个国家的联盟（R6.2）')
    .addStringOption(countryOption('target', '对象', 'Your ally', '盟国'))
    .addStringOption(asOption),
  ephemeral: true,
  complete: { target: 'country', as: 'country' },
  async execute(ctx) {
    const from = await ctx.actor();
    if (from === null) return;
    await ctx.run(ctx.format({ kind: 'breakAlliance', from, to: ctx.country(ctx.string('target') ?? '') }));
  },
};
