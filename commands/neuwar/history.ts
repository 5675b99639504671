import { command, intOption, type SlashCommand } from '../../src/platform/slash/index.ts';

/** `/history [turn]`: a past turn's map and table from the snapshots; without a turn, the score chart. */
export const history: SlashCommand = {
  data: command('history', '历史', "A past turn's map and scores, or the score chart", '往回合的地图与分数，或分数走势图')
    .addIntegerOption(intOption('turn', '回合', 'The turn (empty: score chart over all turns)', '回合（不填：全部回合的分数走势）', false, 0, 100_000)),
  ephemeral: false,
  async execute(ctx) {
    const turn = ctx.integer('turn');
    if (turn !== null) {
      const r = await ctx.service.history(ctx.channelId, turn);
      return r.ok ? ctx.answer({ text: r.value.text, images: r.value.images }) : ctx.result(r);
    }
    const r = await ctx.service.scoreChart(ctx.channelId);
    return r.ok ? ctx.answer({ text: r.text, images: [{ name: 'score-chart.png', png: r.value }] }) : ctx.result(r);
  },
};
