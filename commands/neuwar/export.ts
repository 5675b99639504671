import { exportFiles, exportNote } from '../../src/platform/adapters/discord/index.ts';
import { command, type SlashCommand } from '../../src/platform/slash/index.ts';

/**
 * `/export`: the state JSON (commands.md §4) and the log as attachments, answered only to the user; judges
 * only until the game ends. A file over Discord's upload limit is gzipped, or gzipped and cut into pieces.
 */
export const exportGame: SlashCommand = {
  data: command('export', '导出', 'Export the game (state JSON and log)', '导出游戏（状态 JSON 与日志）'),
  ephemeral: true,
  async execute(ctx) {
    const r = (await ctx.service.export(ctx.channelId, ctx.user));
    if (!r.ok) return ctx.result(r);
    const { files, fits } = exportFiles(r.value);
    await ctx.answer({ text: `✅ ${r.text}\n${exportNote(fits, ctx.lang)}`, files });
  },
};
