import { asOption, command, countryOption, type SlashCommand } from '../src/discord/slash/index.ts';

/** `/ally` → 【结盟】 (commands.md §1): diplomacy is public — the service announces it in the channel; the interaction answer is ephemeral. */
export const ally: SlashCommand = {
  data: command('ally', '结盟', 'Ask a country for an alliance (R6.1)', '请求与一个国家缔结盟约（R6.1）')
    .addStringOption(countryOption('target', '对象', 'The country to ally with', '结盟对象'))
    .addStringOption(asOption),
  ephemeral: true,
  complete: { target: 'country', as: 'country' },
  async execute(ctx) {
    const from = await ctx.actor();
    if (from === null) return;
    await ctx.run(ctx.format({ kind: 'alliance', from, to: ctx.country(ctx.string('target') ?? '') }));
  },
};
