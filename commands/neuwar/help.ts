import { command, type SlashCommand } from '../../src/platform/slash/index.ts';

/** `/help` → 【帮助】, answered only to you; without a game in the channel, how to start one. */
export const help: SlashCommand = {
  data: command('help', '帮助', 'How to play and the commands', '玩法与命令说明'),
  ephemeral: true,
  scope: 'anywhere',
  async execute(ctx) {
    if (!ctx.game) {
      return ctx.answer({
        text: ctx.t(
          '这个频道还没有游戏。`/game create` 开一局，`/game join` 加入，`/game start` 开始。命令既可以用斜杠命令，也可以直接在频道里打字，如 `【宣战】法国向德国宣战`。',
          'No game in this channel yet. `/game create` opens one, `/game join` joins, `/game start` starts. Use slash commands or type commands in the channel, e.g. `【宣战】法国向德国宣战`.',
        ),
      });
    }
    await ctx.run('【帮助】', { private: true });
  },
};
