import { command, countOption, countText, territoryOption, type SlashCommand } from '../src/discord/slash/index.ts';

/** `/airlift from to count` → 【空运】 (R8.3): private until the turn resolves. */
export const airlift: SlashCommand = {
  data: command('airlift', '空运', 'Airlift armies (airship tech, once per turn; private)', '空运兵力（需空艇科技，每回合一次；保密）')
    .addStringOption(territoryOption('from', '出发地', 'From', '出发地'))
    .addStringOption(territoryOption('to', '目的地', 'To', '目的地'))
    .addStringOption(countOption()),
  ephemeral: true,
  complete: { from: 'territory', to: 'territory' },
  async execute(ctx) {
    const from = ctx.name(ctx.territory(ctx.string('from') ?? ''));
    const to = ctx.name(ctx.territory(ctx.string('to') ?? ''));
    await ctx.run(`【空运】${from}→${to} ${countText(ctx.string('count'))}`, { private: true });
  },
};
