import { asOption, countryOption, neuwarCommand } from '../../src/games/neuwar/slash/index.ts';
import { command, textOption, type SlashCommand } from '../../src/platform/slash/index.ts';

/** `/trade target give get` → 【交易】 (R6.5); goods are read by the text grammar (N分, territories, N军（X→Y）). */
export const trade: SlashCommand = neuwarCommand({
  data: command('trade', '交易', 'Offer a country a trade (R6.5)', '向一个国家提出交易（R6.5）')
    .addStringOption(countryOption('target', '对象', 'The other country', '交易对象'))
    .addStringOption(textOption('give', '给出', 'What you give, e.g. 20分、里尔 or 5军（巴黎→里尔）', '你给出的，如：20分、里尔 或 5军（巴黎→里尔）'))
    .addStringOption(textOption('get', '换取', 'What you get, e.g. 里尔', '你换取的，如：里尔'))
    .addStringOption(asOption),
  ephemeral: true,
  complete: { target: 'country', as: 'country' },
  async execute(ctx) {
    const from = await ctx.actor();
    if (from === null) return;
    const to = ctx.country(ctx.string('target') ?? '');
    await ctx.run(`【交易】${ctx.name(from)}向${ctx.name(to)}提出交易申请，以${(ctx.string('give') ?? '').trim()}交换${(ctx.string('get') ?? '').trim()}。`);
  },
});
