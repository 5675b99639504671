import { command, countOption, countText, territoryOption, type SlashCommand } from '../src/discord/slash/index.ts';

/** `/move from to count` → 【调兵】 (R10): private until the turn resolves (R3.1). */
export const move: SlashCommand = {
  data: command('move', '调兵', 'Move or attack with armies (private until the turn resolves)', '调兵或进攻（结算前保密）')
    .addStringOption(territoryOption('from', '出发地', 'From', '出发地'))
    .addStringOption(territoryOption('to', '目的地', 'To (an adjacent territory)', '目的地（相邻领土）'))
    .addStringOption(countOption()),
  ephemeral: true,
  complete: { from: 'territory', to: 'territory' },
  async execute(ctx) {
    const from = ctx.name(ctx.territory(ctx.string('from') ?? ''));
    const to = ctx.name(ctx.territory(ctx.string('to') ?? ''));
    await ctx.run(`【调兵】${from}→${to} ${countText(ctx.string('count'))}`, { private: true });
  },
};
