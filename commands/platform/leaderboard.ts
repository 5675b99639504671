import { choice, command, named, type SlashCommand } from '../../src/platform/slash/index.ts';

/** The game whose ratings the commands show: the only one that rates today (duel.md D9). */
export const RATED_KIND = 'duel';

/**
 * `/leaderboard [scope]` (duel.md D9.6, 【排行】): the top 10 and the asker's own line — this Discord server's
 * board (those with a rated game here) or the global one.
 */
export const leaderboard: SlashCommand = {
  data: command('leaderboard', '排行榜', 'Europe Duel ratings: the top 10 and your place', '欧陆对决等级分：前十名和你的名次')
    .addStringOption((o) => named(o, 'scope', '范围', 'This server (default) or everyone', '本服务器（默认）或全部')
      .setRequired(false)
      .addChoices(choice('server', 'This server', '本服务器'), choice('global', 'Global', '全部'))),
  ephemeral: false,
  scope: 'anywhere',
  async execute(ctx) {
    const scope = ctx.string('scope') === 'global' ? 'global' : 'server';
    const r = (await ctx.service.leaderboard?.(RATED_KIND, ctx.channelId, ctx.user, scope, ctx.lang));
    if (!r) return ctx.answer({ text: ctx.t('这个机器人没有等级分', 'this bot keeps no ratings') });
    return ctx.result(r);
  },
};
