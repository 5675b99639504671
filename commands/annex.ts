import { asOption, command, countryOption, type SlashCommand } from '../src/discord/slash/index.ts';

/** `/annex` → 【灭国】 (commands.md §1): diplomacy is public — the service announces it in the channel; the interaction answer is ephemeral. */
export const annex: SlashCommand = {
  data: command('annex', '灭国', 'Annex the country whose capital you took (R5.5)', '吞并首都被你攻占的国家（R5.5）')
    .addStringOption(countryOption('target', '对象', 'The fallen country', '首都陷落的国家'))
    .addStringOption(asOption),
  ephemeral: true,
  complete: { target: 'country', as: 'country' },
  async execute(ctx) {
    const from = await ctx.actor();
    if (from === null) return;
    await ctx.run(ctx.format({ kind: 'annex', from, to: ctx.country(ctx.string('target') ?? '') }));
  },
};
