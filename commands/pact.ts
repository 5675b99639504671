import { asOption, command, countryOption, type SlashCommand } from '../src/discord/slash/index.ts';

/** `/pact` → 【协定】 (commands.md §1): diplomacy is public — the service announces it in the channel; the interaction answer is ephemeral. */
export const pact: SlashCommand = {
  data: command('pact', '协定', 'Ask a country for a non-aggression pact (R6.3)', '请求与一个国家签订互不侵犯协定（R6.3）')
    .addStringOption(countryOption('target', '对象', 'The other country', '协定对象'))
    .addStringOption(asOption),
  ephemeral: true,
  complete: { target: 'country', as: 'country' },
  async execute(ctx) {
    const from = await ctx.actor();
    if (from === null) return;
    await ctx.run(ctx.format({ kind: 'pact', from, to: ctx.country(ctx.string('target') ?? '') }));
  },
};
