import { asOption, command, countryOption, type SlashCommand } from '../src/discord/slash/index.ts';

/** `/pledge` → 【效忠】 (commands.md §1): diplomacy is public — the service announces it in the channel; the interaction answer is ephemeral. */
export const pledge: SlashCommand = {
  data: command('pledge', '效忠', 'Pledge allegiance to a country after bankruptcy (R12)', '破产后向一个国家效忠（R12）')
    .addStringOption(countryOption('target', '对象', 'The country to pledge to', '效忠对象'))
    .addStringOption(asOption),
  ephemeral: true,
  complete: { target: 'country', as: 'country' },
  async execute(ctx) {
    const from = await ctx.actor();
    if (from === null) return;
    await ctx.run(ctx.format({ kind: 'pledge', from, to: ctx.country(ctx.string('target') ?? '') }));
  },
};
