import { command, type SlashCommand } from '../src/discord/slash/index.ts';

/** `/export`: the state JSON (commands.md §4) and the log as a file; judges only until the game ends. */
export const exportGame: SlashCommand = {
  data: command('export', '导出', 'Export the game (state JSON and log)', '导出游戏（状态 JSON 与日志）'),
  ephemeral: true,
  async execute(ctx) {
    const r = ctx.service.export(ctx.channelId, ctx.user);
    if (!r.ok) return ctx.result(r);
    const data = Buffer.from(JSON.stringify(r.value, null, 2));
    await ctx.answer({ text: r.text, files: [{ name: `game-${r.value.game.id}.json`, data, contentType: 'application/json' }] });
  },
};
