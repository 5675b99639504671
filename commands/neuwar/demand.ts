import { asOption, countryOption, neuwarCommand } from '../../src/games/neuwar/slash/index.ts';
import { command, textOption, type SlashCommand } from '../../src/platform/slash/index.ts';

/** `/demand target territories` → 【领土要求】: an overlord demands territories of its puppet (R5.5). */
export const demand: SlashCommand = neuwarCommand({
  data: command('demand', '领土要求', 'Demand territories of your puppet (R5.5)', '宗主国向傀儡要求领土（R5.5）')
    .addStringOption(countryOption('target', '对象', 'Your puppet', '你的傀儡'))
    .addStringOption(textOption('territories', '领土', 'Territories, e.g. 里尔、斯特拉斯堡', '领土，如：里尔、斯特拉斯堡'))
    .addStringOption(asOption),
  ephemeral: true,
  complete: { target: 'country', as: 'country' },
  async execute(ctx) {
    const from = await ctx.actor();
    if (from === null) return;
    await ctx.run(`【领土要求】${ctx.name(from)}向${ctx.name(ctx.country(ctx.string('target') ?? ''))}要求${(ctx.string('territories') ?? '').trim()}`);
  },
});
