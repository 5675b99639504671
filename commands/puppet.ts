import { asOption, command, countryOption, type SlashCommand } from '../src/discord/slash/index.ts';

/** `/puppet` → 【傀儡】 (commands.md §1): diplomacy is public — the service announces it in the channel; the interaction answer is ephemeral. */
export const puppet: SlashCommand = {
  data: command('puppet', '傀儡', 'Make the country whose capital you took your puppet (R5.5)', '对首都被你攻占的国家建立傀儡政权（R5.5）')
    .addStringOption(countryOption('target', '对象', 'The fallen country', '首都陷落的国家'))
    .addStringOption(asOption),
  ephemeral: true,
  complete: { target: 'country', as: 'country' },
  async execute(ctx) {
    const from = await ctx.actor();
    if (from === null) return;
    await ctx.run(ctx.format({ kind: 'puppet', from, to: ctx.country(ctx.string('target') ?? '') }));
  },
};
