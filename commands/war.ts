import { asOption, command, countryOption, type SlashCommand } from '../src/discord/slash/index.ts';

/** `/war` → 【宣战】 (commands.md §1): diplomacy is public — the service announces it in the channel; the interaction answer is ephemeral. */
export const war: SlashCommand = {
  data: command('war', '宣战', 'Declare war on a country (R5)', '向一个国家宣战（R5）')
    .addStringOption(countryOption('target', '对象', 'The country to declare war on', '宣战对象'))
    .addStringOption(asOption),
  ephemeral: true,
  complete: { target: 'country', as: 'country' },
  async execute(ctx) {
    const from = await ctx.actor();
    if (from === null) return;
    await ctx.run(ctx.format({ kind: 'declareWar', from, to: ctx.country(ctx.string('target') ?? '') }));
  },
};
