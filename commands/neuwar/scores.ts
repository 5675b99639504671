import { neuwarCommand } from '../../src/games/neuwar/slash/index.ts';
import { command, type SlashCommand } from '../../src/platform/slash/index.ts';

/** `/scores` → 【分数】: the score table PNG. */
export const scores: SlashCommand = neuwarCommand({
  data: command('scores', '分数', 'Show the score table', '显示分数表'),
  ephemeral: true,
  async execute(ctx) {
    await ctx.run(ctx.format({ kind: 'query', what: 'scores' }));
  },
});
